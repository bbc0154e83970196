import { createDocument } from 'zod-openapi';
import { z } from 'zod';
import { STEPS_BASE_PATH } from '../../routes.ts';
import { ProblemDetailsSchema } from './common.ts';
import { DocumentTemplatesQuerySchema, DocumentTemplatesViewSchema } from './documents.ts';
import { CreateSessionRequestSchema, SessionTokenResponseSchema, SessionViewSchema } from './sessions.ts';
import {
  AmlScreeningEnvelopeSchema,
  AmlScreeningRequestSchema,
  FaceMatchEnvelopeSchema,
  FaceMatchRequestSchema,
  IdVerificationEnvelopeSchema,
  IdVerificationRequestSchema,
  IpAnalysisEnvelopeSchema,
  IpAnalysisRequestSchema,
  LivenessEnvelopeSchema,
  LivenessRequestSchema,
} from './steps.ts';

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests (so the document cannot
 * drift from the code). Served at GET /api/v1/openapi.json and written to docs/openapi.json by `npm run openapi`.
 */

/** Problem responses every step can answer, with when each happens (SPEC.md parts 5 and 7). */
const PROBLEMS: Record<string, string> = {
  '400': 'Validation error: a field is missing or invalid (errors names each field), invalid JSON, or media that is not valid base64, too large, or not of the declared kind.',
  '401': 'Missing, malformed, unknown or revoked X-API-KEY.',
  '402': 'The organisation has no active subscription.',
  '403': 'Organisation or application suspended, step not on the plan, or a public key used on the server API.',
  '404': 'sessionId or workflowId not found, or not owned by the calling application.',
  '409': 'The step is already in progress for this session.',
  '415': 'The request is not application/json.',
  '500': 'Internal error; nothing was recorded for the request.',
};

const STEPS: Array<{ path: string; summary: string; request: z.ZodType; response: z.ZodType; operationId: string }> = [
  { path: 'id-verification', operationId: 'idVerification', summary: 'Verify an identity document (SPEC.md 4.1).', request: IdVerificationRequestSchema, response: IdVerificationEnvelopeSchema },
  { path: 'face-match', operationId: 'faceMatch', summary: 'Compare a selfie with a reference face (SPEC.md 4.2).', request: FaceMatchRequestSchema, response: FaceMatchEnvelopeSchema },
  { path: 'liveness-check', operationId: 'livenessCheck', summary: 'Passive liveness of a photo or short video (SPEC.md 4.3).', request: LivenessRequestSchema, response: LivenessEnvelopeSchema },
  { path: 'aml-screening', operationId: 'amlScreening', summary: 'Screen a person against sanctions, PEP and watchlists (SPEC.md 4.4).', request: AmlScreeningRequestSchema, response: AmlScreeningEnvelopeSchema },
  { path: 'ip-analysis', operationId: 'ipAnalysis', summary: 'Analyse an IP address for fraud-risk signals (SPEC.md 4.5).', request: IpAnalysisRequestSchema, response: IpAnalysisEnvelopeSchema },
];

/** Builds the OpenAPI 3.1 document of the step API. Deterministic: the same schemas give the same JSON. */
export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const problemResponses = Object.fromEntries(
    Object.entries(PROBLEMS).map(([status, description]) => [
      status,
      { description, content: { 'application/problem+json': { schema: ProblemDetailsSchema } } },
    ]),
  );
  const paths: Record<string, Record<string, unknown>> = Object.fromEntries(
    STEPS.map((s) => [
      `${STEPS_BASE_PATH}/${s.path}`,
      {
        post: {
          operationId: s.operationId,
          summary: s.summary,
          security: [{ ApiKey: [] }, { SessionToken: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: s.request } } },
          responses: {
            '200': {
              description: 'The step ran, or had already finished on this session (its stored envelope is returned).',
              content: { 'application/json': { schema: s.response } },
            },
            ...problemResponses,
          },
        },
      },
    ]),
  );
  const problems = (...codes: string[]) => Object.fromEntries(codes.map((c) => [c, problemResponses[c]!]));
  paths['/api/v1/sessions'] = {
    post: {
      operationId: 'createSession',
      summary: 'Create a session for the Web SDK (public key, create mode) or a server (secret key); returns its session access token.',
      security: [{ ApiKey: [] }],
      requestBody: { required: false, content: { 'application/json': { schema: CreateSessionRequestSchema } } },
      responses: { '201': { description: 'The session and its sat.', content: { 'application/json': { schema: SessionTokenResponseSchema } } }, ...problems('400', '401', '402', '403', '404') },
    },
  };
  paths['/api/v1/sessions/token'] = {
    post: {
      operationId: 'mintSessionToken',
      summary: "Mint a session access token (sat) on the integrator's server (secret key): for a new session, or for `sessionId` (SPEC.md 4.7).",
      security: [{ ApiKey: [] }],
      requestBody: { required: false, content: { 'application/json': { schema: CreateSessionRequestSchema } } },
      responses: { '200': { description: 'The session and its sat.', content: { 'application/json': { schema: SessionTokenResponseSchema } } }, ...problems('400', '401', '402', '403', '404') },
    },
  };
  paths['/api/v1/sessions/{sessionId}'] = {
    get: {
      operationId: 'getSession',
      summary: "A session's state, step summaries and decision (secret key, or the session's sat).",
      security: [{ ApiKey: [] }, { SessionToken: [] }],
      requestParams: { path: z.object({ sessionId: z.string() }) },
      responses: { '200': { description: 'The session.', content: { 'application/json': { schema: SessionViewSchema } } }, ...problems('401', '402', '403', '404') },
    },
  };
  paths['/api/v1/document-templates'] = {
    get: {
      operationId: 'listDocumentTemplates',
      summary: "The enabled document templates (documentId values of ID verification) a workflow accepts (any key of the application; a sat reads its session's workflow).",
      security: [{ ApiKey: [] }, { SessionToken: [] }],
      requestParams: { query: DocumentTemplatesQuerySchema },
      responses: { '200': { description: 'The templates.', content: { 'application/json': { schema: DocumentTemplatesViewSchema } } }, ...problems('400', '401', '402', '403', '404') },
    },
  };
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Step Verification Service',
      version: '1.0.0',
      description: 'Five synchronous identity-verification steps grouped in sessions. See README.md.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/', description: 'The host of the environment (sandbox or production).' }],
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'Secret key sk_sandbox_… or sk_live_… (server to server only), or a public key pk_… where stated.' },
        SessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session access token (sat) of one session, for the Web SDK.' },
      },
    },
    paths,
  });
}
