import { SessionState, StepCode, type StepCode as StepCodeT } from './constants.ts';
import { CallerKind, type AuthHeaders, type Caller } from './auth.ts';
import { CreateSessionRequestSchema, type SessionView } from './contract/sessions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from './errors.ts';
import { usableTemplate } from './document-templates.ts';
import type { Service } from './service.ts';
import type { Session } from './store/model.ts';
import { zodFieldErrors } from './steps/runner.ts';
import { assertCallbackAllowed } from './webhooks/target.ts';

/**
 * The sessions API (SPEC.md 2.9, 4.7, part 5; paths are ours where SPEC.md says "not shown", README.md
 * "Sessions API"):
 * - `POST /api/v1/sessions` with a public key (Web SDK create mode) or a secret key: creates a session, returns its
 *   id and a session access token (`sat`);
 * - `POST /api/v1/sessions/token` with a secret key only (the integrator's server, token mode): creates a session or,
 *   given `sessionId`, mints a new token for it;
 * - `GET /api/v1/sessions/{sessionId}` with a secret key or that session's `sat`: the session's state and decision.
 */

/** Answer of session creation and token minting. */
export interface SessionToken {
  sessionId: string;
  workflowId: string;
  state: SessionState;
  sat: string;
  expiresAt: string;
}

/**
 * Creates a session (and mints its sat), or mints a new sat for an existing session.
 * @param mode `create`: POST /sessions (public or secret key); `token`: POST /sessions/token (secret key only).
 * @throws UnauthorizedError / ForbiddenError / PaymentRequiredError as the authenticator; ForbiddenError for a
 *   credential not allowed by `mode`; ValidationError for a bad body; NotFoundError for an unknown workflow/session.
 */
export async function createOrMintSession(
  mode: 'create' | 'token',
  call: { headers: AuthHeaders; body: unknown },
  service: Service,
): Promise<SessionToken> {
  const caller = await service.auth.authenticate(call.headers);
  service.auth.authorizeAccount(caller);
  if (caller.kind === CallerKind.Sat) throw new ForbiddenError('A session access token cannot create sessions or mint tokens.');
  if (mode === 'token' && caller.kind !== CallerKind.Secret) {
    throw new ForbiddenError('Minting a session access token needs a secret key (sk_…), from the integrator\'s server.');
  }
  service.auth.rejectSecretFromBrowser(caller, call.headers);
  const parsed = CreateSessionRequestSchema.safeParse(call.body ?? {});
  if (!parsed.success) throw new ValidationError('The request body is invalid.', zodFieldErrors(parsed.error));
  const req = parsed.data;

  let session: Session;
  if (req.sessionId) {
    if (caller.kind !== CallerKind.Secret) {
      throw new ForbiddenError('Only a secret key may mint a token for an existing session.');
    }
    const others = (['workflowId', 'documentId', 'clientData', 'metadata', 'callbackUrl', 'expectedDetails'] as const).filter((k) => req[k] != null);
    if (others.length > 0) {
      throw new ValidationError('sessionId names an existing session; it cannot be changed here.', Object.fromEntries(others.map((k) => [k, ['is not allowed together with sessionId']])));
    }
    const found = await service.sessions.getSession(req.sessionId);
    if (!found || found.appId !== caller.app.appId) throw new NotFoundError(`Session ${req.sessionId} not found.`, { sessionId: ['not found'] });
    session = found;
  } else {
    const workflowId = req.workflowId ?? caller.app.defaultWorkflowId;
    const workflow = await service.repo.findWorkflow(caller.app.appId, workflowId);
    if (!workflow) throw new NotFoundError(`Workflow ${workflowId} not found.`, { workflowId: ['not found'] });
    if (req.documentId) await usableTemplate(service, workflow, req.documentId);
    if (req.callbackUrl) await assertCallbackAllowed(req.callbackUrl, caller.environment, 'callbackUrl');
    session = await service.sessions.createSession({
      appId: caller.app.appId,
      orgId: caller.org.orgId,
      workflowId,
      environment: caller.environment,
      state: SessionState.Created,
      ...(req.documentId ? { documentId: req.documentId } : {}),
      ...(req.clientData != null ? { clientData: req.clientData } : {}),
      ...(req.metadata != null ? { metadata: req.metadata } : {}),
      ...(req.callbackUrl != null ? { callbackUrl: req.callbackUrl } : {}),
      ...(req.expectedDetails != null ? { expectedDetails: req.expectedDetails as Record<string, string> } : {}),
    });
  }
  const { token, expiresAt } = await (await service.sat()).mint({ sessionId: session.sessionId, appId: caller.app.appId, orgId: caller.org.orgId, environment: session.environment });
  return { sessionId: session.sessionId, workflowId: session.workflowId, state: session.state, sat: token, expiresAt: expiresAt.toISOString() };
}

/**
 * Reads a session as its owner (secret key) or its token holder (sat of that session).
 * @throws NotFoundError when absent, another application's, or not the sat's session; ForbiddenError for a public key.
 */
export async function readSession(call: { headers: AuthHeaders; sessionId: string }, service: Service): Promise<SessionView> {
  const caller: Caller = await service.auth.authenticate(call.headers);
  service.auth.authorizeAccount(caller);
  if (caller.kind === CallerKind.Public) throw new ForbiddenError('A public key cannot read sessions; use the session access token.');
  service.auth.rejectSecretFromBrowser(caller, call.headers);
  if (caller.kind === CallerKind.Sat && caller.sessionId !== call.sessionId) throw new NotFoundError(`Session ${call.sessionId} not found.`);
  const session = /^[0-9a-f-]{36}$/i.test(call.sessionId) ? await service.sessions.getSession(call.sessionId) : null;
  if (!session || session.appId !== caller.app.appId) throw new NotFoundError(`Session ${call.sessionId} not found.`);
  const workflow = await service.repo.findWorkflow(session.appId, session.workflowId);
  return sessionView(session, workflow?.steps ?? []);
}

/** The public view of a session (no expected details, no callback URL). */
export function sessionView(session: Session, workflowSteps: readonly StepCodeT[]): SessionView {
  const order = Object.values(StepCode) as StepCodeT[];
  return {
    sessionId: session.sessionId,
    workflowId: session.workflowId,
    documentId: session.documentId ?? null,
    state: session.state,
    decision: session.decision ?? null,
    steps: order
      .filter((code) => session.steps?.[code])
      .map((code) => ({ stepCode: code, status: session.steps[code]!.status, decision: session.steps[code]!.decision ?? null })),
    workflowSteps: [...workflowSteps],
    clientData: session.clientData ?? null,
    metadata: session.metadata ?? null,
    createdAt: session.createdAt,
    decidedAt: session.decidedAt ?? null,
  };
}
