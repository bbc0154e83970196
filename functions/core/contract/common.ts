import { z } from 'zod';
import { Decision, ErrorCategory, StepCode, StepStatus } from '../constants.ts';

/**
 * Schemas shared by every step: the session fields of SPEC.md 2.2, the envelope of 2.3 and the problem details
 * of part 7. The zod schemas are the types (STYLE.md 3) and the source of docs/openapi.json.
 */

/** Session identifier: a UUID (DESIGN.md "Identifiers and keys"). */
export const SessionIdSchema = z.uuid({ error: 'must be a session UUID, e.g. 3f1c2a4e-8b0d-4c5e-9a7f-1d2e3f4a5b6c' });

/** Workflow identifier `wf_<id>`; `<id>` is 1-64 letters, digits, `_` or `-`. */
export const WorkflowIdSchema = z
  .string()
  .regex(/^wf_[A-Za-z0-9_-]{1,64}$/, { error: 'must have the form wf_<id>' })
  .meta({ example: 'wf_default' });

/** Document template identifier `doc_<id>`. */
export const DocumentIdSchema = z
  .string()
  .regex(/^doc_[A-Za-z0-9_-]{1,64}$/, { error: 'must have the form doc_<id>' })
  .meta({ example: 'doc_passport' });

/**
 * Fields accepted by every step request (SPEC.md 2.2). `workflowId` is required when `sessionId` is absent
 * or null, and ignored when `sessionId` is present.
 */
export const SessionFields = {
  sessionId: SessionIdSchema.nullish().meta({
    description: 'External ID of an existing session; when present the step attaches to it.',
  }),
  workflowId: WorkflowIdSchema.nullish().meta({
    description: 'Workflow of the new session; required when sessionId is absent, ignored otherwise.',
  }),
};

/** Adds the "workflowId required when sessionId is absent" rule of SPEC.md 2.2 to a step schema. */
export function requireWorkflowWithoutSession<T extends { sessionId?: string | null; workflowId?: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (!value.sessionId && !value.workflowId) {
    ctx.addIssue({
      code: 'custom',
      path: ['workflowId'],
      message: 'is required when sessionId is absent',
    });
  }
}

/**
 * Base64 media: standard or URL-safe alphabet, optional padding, optionally behind a data URL prefix
 * (`data:image/jpeg;base64,`). Decoding, the size limit and the magic-byte check run after the schema.
 */
export const Base64MediaSchema = z.string().min(1, { error: 'must not be empty' }).meta({
  description: 'Base64 of the file bytes (a data: URL prefix is accepted and ignored).',
  contentEncoding: 'base64',
});

export const StepCodeSchema = z.enum(Object.values(StepCode) as [StepCode, ...StepCode[]]);
export const StepStatusSchema = z.enum(Object.values(StepStatus) as [StepStatus, ...StepStatus[]]);
export const DecisionSchema = z.enum(Object.values(Decision) as [Decision, ...Decision[]]);
export const ErrorCategorySchema = z
  .enum(Object.values(ErrorCategory) as [ErrorCategory, ...ErrorCategory[]])
  .meta({ id: 'ErrorCategory', description: 'Closed set of in-result failure categories; see README.md.' });

/**
 * Builds the envelope schema of SPEC.md 2.3 around one step's result schema.
 *
 * @example
 * { "sessionId": "3f1c2a4e-8b0d-4c5e-9a7f-1d2e3f4a5b6c", "stepCode": "step_ip_analysis",
 *   "status": "Completed", "decision": "Approved", "statusReason": null, "result": { "ipAddress": "8.8.8.8" } }
 */
export function envelopeSchema<R extends z.ZodType>(id: string, result: R) {
  return z
    .object({
      sessionId: z.string().meta({ description: 'The session the step ran on.' }),
      stepCode: StepCodeSchema,
      status: StepStatusSchema,
      decision: DecisionSchema.nullable(),
      statusReason: z.string().nullable().meta({ description: 'Why the status or decision was set, when not obvious.' }),
      result: result.nullable().meta({ description: 'Step-specific result; null unless status is Completed.' }),
    })
    .meta({ id });
}

/** The envelope as the code handles it, independent of the result type. */
export interface Envelope<R = unknown> {
  sessionId: string;
  stepCode: StepCode;
  status: StepStatus;
  decision: Decision | null;
  statusReason: string | null;
  result: R | null;
}

/**
 * RFC 9457 problem details, with the `errors` member of SPEC.md part 7.
 *
 * @example
 * { "type": "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1", "title": "One or more validation errors occurred.",
 *   "status": 400, "detail": "The request body is invalid.", "errors": { "ipAddress": ["is not an IPv4 or IPv6 address"] },
 *   "instance": "/api/v1/steps/ip-analysis" }
 */
export const ProblemDetailsSchema = z
  .object({
    type: z.string().meta({ description: 'URI of the RFC 9110 section of the status code.' }),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())),
    instance: z.string().meta({ description: 'Request path, beginning with /api/v1/steps/.' }),
  })
  .meta({ id: 'ProblemDetails' });
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;
