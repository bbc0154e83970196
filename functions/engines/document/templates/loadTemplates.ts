import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { DocumentTemplateError } from '../errors.ts';
import seed from '../../../../data/documents/templates.json' with { type: 'json' };
import { DocumentTemplateSchema, type DocumentTemplate } from './templateSchema.ts';

/** The file format of data/documents/templates.json. */
const TemplateFileSchema = z.strictObject({
  schema: z.literal('kyc-document-templates/1'),
  description: z.string().optional(),
  templates: z.array(DocumentTemplateSchema),
});

/**
 * Validates templates (one JSON document holding `{ schema, templates }`), refusing duplicates.
 * @param json - the parsed JSON
 * @throws {DocumentTemplateError} naming every invalid field, or the duplicated id
 */
export function parseTemplates(json: unknown): DocumentTemplate[] {
  const parsed = TemplateFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new DocumentTemplateError(`Invalid document templates: ${issues}`, { cause: parsed.error });
  }
  const seen = new Set<string>();
  for (const t of parsed.data.templates) {
    if (seen.has(t.id)) throw new DocumentTemplateError(`Invalid document templates: id ${t.id} appears twice`);
    seen.add(t.id);
  }
  return parsed.data.templates;
}

/**
 * Validates one template, e.g. one an operator creates with the admin CLI.
 * @throws {DocumentTemplateError} naming every invalid field
 */
export function parseTemplate(json: unknown): DocumentTemplate {
  const parsed = DocumentTemplateSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new DocumentTemplateError(`Invalid document template: ${issues}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Reads and validates a templates file.
 * @param file - path of a file in the format of data/documents/templates.json
 * @throws {DocumentTemplateError} when unreadable, not JSON, or invalid
 */
export async function loadTemplatesFile(file: string): Promise<DocumentTemplate[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    throw new DocumentTemplateError(`Cannot read document templates from ${file}: ${(cause as Error).message}`, { cause });
  }
  return parseTemplates(json);
}

/**
 * The generic seed templates of data/documents/templates.json (`doc_passport`, `doc_id_card`,
 * `doc_residence_permit`, `doc_driving_licence`), validated at import.
 */
export const DOCUMENT_TEMPLATES_SEED: readonly DocumentTemplate[] = Object.freeze(parseTemplates(seed));
