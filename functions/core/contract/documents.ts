import { z } from 'zod';
import { DocumentIdSchema, WorkflowIdSchema } from './common.ts';

/**
 * GET /api/v1/document-templates (ours; SPEC.md leaves template discovery "not shown"): the enabled document
 * templates (`doc_<id>`, issue 5) a workflow accepts, for the document choice of the capture flow. The full template
 * definitions (MRZ formats, document codes) stay with the operator (admin CLI `list-templates`).
 */
export const DocumentTemplatesQuerySchema = z
  .strictObject({
    workflowId: WorkflowIdSchema.optional().meta({ description: "Default: the application's default workflow; a sat always reads its session's." }),
  })
  .meta({ id: 'DocumentTemplatesQuery' });

/** One template as integrators see it. */
export const DocumentTemplateViewSchema = z
  .object({
    documentId: DocumentIdSchema,
    name: z.string(),
    kind: z.enum(['passport', 'id_card', 'residence_permit', 'driving_licence', 'travel_document']),
    sides: z.array(z.enum(['front', 'back'])).meta({ description: 'Sides to send; with "back", the back is required unless the front carries the machine-readable data.' }),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-3 of the issuing state when the template is for one state; null for any.' }),
  })
  .meta({ id: 'DocumentTemplate' });

export const DocumentTemplatesViewSchema = z
  .object({
    workflowId: z.string(),
    selectedDocumentId: z.string().nullable().meta({ description: "A sat's session template once chosen (then documentId is not sent again); null otherwise." }),
    templates: z.array(DocumentTemplateViewSchema),
  })
  .meta({ id: 'DocumentTemplates' });
export type DocumentTemplatesView = z.infer<typeof DocumentTemplatesViewSchema>;
