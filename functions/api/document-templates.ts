import { DocumentTemplatesQuerySchema } from '../core/contract/documents.ts';
import { listDocumentTemplates } from '../core/document-templates.ts';
import { ValidationError } from '../core/errors.ts';
import { zodFieldErrors } from '../core/steps/runner.ts';
import { jsonRoute } from './http.ts';

/** GET /api/v1/document-templates[?workflowId=wf_…]: the enabled document templates a workflow accepts. */
export const handler = jsonRoute(async ({ headers, query, service }) => {
  const parsed = DocumentTemplatesQuerySchema.safeParse(query);
  if (!parsed.success) throw new ValidationError('The query string is invalid.', zodFieldErrors(parsed.error));
  return { status: 200, body: await listDocumentTemplates({ headers, workflowId: parsed.data.workflowId }, service) };
}, { body: 'none' });
