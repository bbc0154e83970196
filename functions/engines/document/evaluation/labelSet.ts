import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * The labelled document sets of `../shared/data/documents` (schema `kyc-document-labels/1`, described in that
 * directory's README.md) and of the synthetic generator, which writes the same schema.
 */
const ExpectedSchema = z
  .object({
    lastName: z.string().nullable().optional(),
    firstName: z.string().nullable().optional(),
    fullName: z.string().nullable().optional(),
    documentNumber: z.string().nullable().optional(),
    personalNumber: z.string().nullable().optional(),
    nationality: z.string().nullable().optional(),
    issuingCountry: z.string().nullable().optional(),
    dateOfBirth: z.string().nullable().optional(),
    dateOfExpiry: z.string().nullable().optional(),
    expiredOnReferenceDate: z.boolean().optional(),
  })
  .passthrough();

const DocumentSchema = z
  .object({
    id: z.string(),
    documentType: z.enum(['TD1', 'TD2', 'TD3', 'AAMVA', 'MRVA', 'MRVB', 'FRENCH_NATIONAL_ID', 'none']),
    documentKind: z.string(),
    expectedOutcome: z.enum(['read', 'checks_fail', 'unsupported_document', 'no_mrz', 'unreadable']),
    images: z.array(z.object({ file: z.string(), side: z.string(), capture: z.string().optional() }).passthrough()),
    mrz: z
      .object({
        lines: z.array(z.string()),
        normalizedLines: z.array(z.string()).optional(),
        checkDigitsValid: z.record(z.string(), z.boolean()).optional(),
      })
      .passthrough()
      .nullable()
      .optional(),
    expected: ExpectedSchema.nullable().optional(),
    ambiguousFields: z.array(z.string()).nullable().optional(),
    lenientFields: z.array(z.string()).nullable().optional(),
  })
  .passthrough();

const LabelsSchema = z.object({ schema: z.literal('kyc-document-labels/1'), set: z.string(), referenceDate: z.string(), documents: z.array(DocumentSchema) }).passthrough();

/** One labelled document. */
export type LabelledDocument = z.infer<typeof DocumentSchema>;

/** One evaluation case: one image of one document. */
export interface DocumentCase {
  readonly set: string;
  readonly document: LabelledDocument;
  readonly file: string;
  readonly side: string;
  readonly capture: string;
  readonly referenceDate: string;
  /**
   * The card front (no MRZ) of a `back` case, when the labels name one (`frontFile`, written by the synthetic
   * generator for TD1 cards and licences): absolute path. Sent as the front beside the back by `eval:document
   * --with-fronts`.
   */
  readonly frontFile?: string;
}

/**
 * Loads every `labels.json` directly under `root` (one directory per set) and returns one case per image.
 * @param root - e.g. `../shared/data/documents`
 * @throws {Error} when a labels file does not follow `kyc-document-labels/1`
 */
export async function loadDocumentCases(root: string): Promise<DocumentCase[]> {
  const cases: DocumentCase[] = [];
  const entries = await readdir(root, { withFileTypes: true });
  const dirs = [root, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name))];
  for (const dir of dirs) {
    let text: string;
    try {
      text = await readFile(path.join(dir, 'labels.json'), 'utf8');
    } catch {
      continue;
    }
    const labels = LabelsSchema.parse(JSON.parse(text));
    for (const document of labels.documents) {
      for (const image of document.images) {
        cases.push({
          set: labels.set,
          document,
          file: path.join(dir, image.file),
          side: image.side,
          capture: image.capture ?? 'unknown',
          referenceDate: labels.referenceDate,
          ...(typeof document.frontFile === 'string' && image.side === 'back' ? { frontFile: path.join(dir, document.frontFile) } : {}),
        });
      }
    }
  }
  return cases;
}

/**
 * The seed template a case is sent with, as an integrator would choose it: by the document's kind (a visa is sent
 * as a passport, a document without MRZ as a passport, a TD2 travel document as an ID card).
 */
export function templateIdFor(doc: LabelledDocument): string {
  if (doc.documentKind === 'id_card') return 'doc_id_card';
  if (doc.documentKind === 'residence_permit') return 'doc_residence_permit';
  if (doc.documentKind === 'driving_licence') return 'doc_driving_licence';
  if (doc.documentKind === 'travel_document' && doc.documentType === 'TD2') return 'doc_id_card';
  return 'doc_passport';
}
