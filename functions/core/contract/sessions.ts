import { z } from 'zod';
import { DecisionSchema, DocumentIdSchema, SessionIdSchema, StepCodeSchema, StepStatusSchema, WorkflowIdSchema } from './common.ts';

/**
 * Session resources (SPEC.md 2.1, 2.9, 3.3, 4.7): creating a session for the SDK, minting its session access token
 * (`sat`), and reading its state. The endpoints are ours where SPEC.md says "not shown" (README.md "Sessions API").
 */

/**
 * Identity hints the integrator already holds (SPEC.md 2.9 `expectedDetails`): compared with what the document
 * says (`isMismatch` of ID verification). All optional.
 * @example { "firstName": "Anna", "lastName": "Maria", "dateOfBirth": "1974-08-12", "nationality": "DEU", "documentNumber": "C01X00T47" }
 */
export const ExpectedDetailsSchema = z
  .strictObject({
    firstName: z.string().max(200).optional(),
    lastName: z.string().max(200).optional(),
    fullName: z.string().max(400).optional(),
    dateOfBirth: z.iso.date({ error: 'must be a date in the format yyyy-MM-dd' }).optional(),
    nationality: z.string().regex(/^[A-Z]{3}$/, { error: 'must be an ISO 3166-1 alpha-3 code' }).optional(),
    documentNumber: z.string().max(64).optional(),
    personalNumber: z.string().max(64).optional(),
    gender: z.string().max(32).optional(),
  })
  .meta({ id: 'ExpectedDetails' });
export type ExpectedDetails = z.infer<typeof ExpectedDetailsSchema>;

/** An https URL (http allowed only for loopback in sandbox, checked by the service). */
const CallbackUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

/**
 * POST /api/v1/sessions (public or secret key) and POST /api/v1/sessions/token (secret key): the session to create.
 * `POST /sessions/token` also accepts `sessionId` alone, to mint a new token for an existing session.
 */
export const CreateSessionRequestSchema = z
  .strictObject({
    sessionId: SessionIdSchema.nullish().meta({ description: 'Mint a token for this existing session instead of creating one (secret key only).' }),
    workflowId: WorkflowIdSchema.nullish().meta({ description: "Workflow of the new session; the application's default workflow when absent." }),
    documentId: DocumentIdSchema.nullish(),
    clientData: z.string().max(1024).nullish().meta({ description: "Integrator's end-user identifier; echoed on events and webhooks." }),
    metadata: z.string().max(4096).nullish().meta({ description: 'Free-form string echoed on events and webhooks.' }),
    callbackUrl: CallbackUrlSchema.nullish().meta({ description: "Webhook address for this session's terminal notification." }),
    expectedDetails: ExpectedDetailsSchema.nullish(),
  })
  .meta({ id: 'CreateSessionRequest' });
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

/** What session creation and token minting answer. */
export const SessionTokenResponseSchema = z
  .object({
    sessionId: z.string(),
    workflowId: z.string(),
    state: z.enum(['Created', 'InProgress', 'Processing']),
    sat: z.string().meta({ description: 'Session access token (JWT, HS256) for this session only; send as Authorization: Bearer <sat>.' }),
    expiresAt: z.string().meta({ description: 'ISO 8601 time after which the sat is refused.' }),
  })
  .meta({ id: 'SessionTokenResponse' });

/** GET /api/v1/sessions/{sessionId}: a session as its owner (secret key) or its token holder sees it. */
export const SessionViewSchema = z
  .object({
    sessionId: z.string(),
    workflowId: z.string(),
    documentId: z.string().nullable(),
    state: z.enum(['Created', 'InProgress', 'Processing']),
    decision: DecisionSchema.nullable(),
    steps: z.array(z.object({ stepCode: StepCodeSchema, status: StepStatusSchema, decision: DecisionSchema.nullable() })),
    workflowSteps: z.array(StepCodeSchema),
    clientData: z.string().nullable(),
    metadata: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'Session' });
export type SessionView = z.infer<typeof SessionViewSchema>;
