import type { z } from 'zod';
import { SessionState, StepStatus, type Decision, type StepCode } from '../constants.ts';
import type { Envelope } from '../contract/common.ts';
import {
  addFieldErrors,
  NotFoundError,
  ProviderError,
  StepInProgressError,
  ValidationError,
  type FieldErrors,
} from '../errors.ts';
import type { Service } from '../service.ts';
import { CallerKind, type AuthHeaders, type Caller } from '../auth.ts';
import { sessionDecidedEvent } from '../events.ts';
import type { Session, StepRecord, Workflow } from '../store/model.ts';
import type { SessionFields, StepOutcome } from '../store/sessions.ts';

/** What a step's `run` receives besides its input. */
export interface StepContext {
  readonly service: Service;
  readonly owner: Caller;
  readonly session: Session;
  readonly workflow: Workflow;
  /** Marks the step `SentToInference` (SPEC.md 3.1) before a model runs. */
  readonly sentToInference: () => Promise<void>;
}

/**
 * One step, as the runner needs it. `Req` is the validated request; `Input` what `prepare` makes of it
 * (decoded media, normalised fields); `Engine` the loaded engine.
 */
export interface StepDefinition<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine> {
  readonly stepCode: StepCode;
  readonly schema: z.ZodType<Req, unknown>;
  /**
   * Turns the request into engine input; returns field errors for a 400 (bad media and the like). `origin` says
   * who called and from which network address (the IP step analyses a browser's own address, not its body's).
   */
  readonly prepare: (req: Req, service: Service, origin: RequestOrigin) => Promise<{ input: Input } | { errors: FieldErrors }>;
  /**
   * Optional check of the prepared input against the session and workflow it runs on, before anything is written
   * (e.g. the document template of ID verification). Throws a ServiceError (400/404) to refuse the call; may return
   * fields the finished step sets on its session (e.g. `documentId`).
   */
  readonly admit?: (input: Input, target: AdmitTarget) => Promise<{ input: Input; sessionFields?: SessionFields }>;
  /**
   * Loads (once per process) the engine; throws `ProviderError` when its data cannot be loaded (then SPEC.md rules
   * 4-5 apply).
   */
  readonly engine: (service: Service) => Promise<Engine>;
  /** Runs the engine and turns its measurements into an outcome with the workflow's thresholds. */
  readonly run: (engine: Engine, input: Input, ctx: StepContext) => Promise<StepOutcome>;
  /** Decision when the provider errors out (SPEC.md 3.4: AML -> Declined, IP -> InReview). */
  readonly providerFailure: { decision: Decision; statusReason: string };
}

/** What {@link StepDefinition.admit} sees: the caller, and the session (null when the call creates it) and workflow. */
export interface AdmitTarget {
  readonly service: Service;
  readonly owner: Caller;
  readonly session: Session | null;
  readonly workflow: Workflow;
}

/** The request as the runner needs it, independent of HTTP. */
export interface StepCall {
  /** Lower-cased request headers (credentials and `Origin`). */
  headers: AuthHeaders;
  body: unknown;
  /**
   * The network address the request came from: API Gateway's `requestContext.identity.sourceIp` on AWS, the
   * socket's peer locally (or X-Forwarded-For behind a trusted proxy, `TRUST_PROXY_HOPS`). Absent when unknown.
   */
  sourceIp?: string | undefined;
}

/**
 * Who made a step call and from where, as `prepare` sees it.
 * @example { "callerKind": "sat", "sourceIp": "81.2.69.142" }
 */
export interface RequestOrigin {
  /** How the caller authenticated: `sat` and `public` are browsers (the Web SDK), `secret` the integrator's server. */
  readonly callerKind: CallerKind;
  /** See {@link StepCall.sourceIp}. */
  readonly sourceIp: string | undefined;
}

/**
 * Runs one step call end to end (DESIGN.md "Request path of one step"): authenticate and authorise, validate,
 * prepare, make sure the engine exists, resolve or create the session, claim the step, run, record.
 * Nothing is written before the request is known to be valid and runnable. A call that creates its session
 * writes the session and its finished step together after the engine ran; a call on an existing session claims
 * the step first (rules 1-2) and releases the claim on an unexpected failure, so nothing is left half-written
 * or stuck.
 *
 * @returns the envelope of SPEC.md 2.3 (the stored one when the step had already finished: rule 1).
 * @throws ServiceError subclasses for 4xx/503 answers; any other error is an internal failure (500).
 */
export async function runStep<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine>(
  def: StepDefinition<Req, Input, Engine>,
  call: StepCall,
  service: Service,
): Promise<Envelope> {
  const owner = await service.auth.authenticate(call.headers);
  service.auth.authorizeStep(owner, def.stepCode, call.headers);

  // A session access token names its session: a body without sessionId runs on that session.
  const body =
    owner.kind === CallerKind.Sat && isPlainObject(call.body) && call.body['sessionId'] == null
      ? { ...call.body, sessionId: owner.sessionId }
      : call.body;
  const parsed = def.schema.safeParse(body);
  if (!parsed.success) throw new ValidationError('The request body is invalid.', zodFieldErrors(parsed.error));
  const req = parsed.data;
  const prepared = await def.prepare(req, service, { callerKind: owner.kind, sourceIp: call.sourceIp });
  if ('errors' in prepared) throw new ValidationError('The request body is invalid.', prepared.errors);

  let engine: Engine | undefined;
  let providerError: ProviderError | undefined;
  try {
    engine = await def.engine(service);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    providerError = err;
  }

  const target = await resolveSession(req, owner, def.stepCode, service);
  const { workflow } = target;
  const admitted = def.admit ? await def.admit(prepared.input, { service, owner, session: target.session, workflow }) : { input: prepared.input };
  const sessionFields = admitted.sessionFields;
  const run = (session: Session, sentToInference: () => Promise<void>) =>
    runEngine(def, engine, providerError, admitted.input, { service, owner, session, workflow, sentToInference });

  if (target.session === null) {
    // A new session: nobody can address it before this answer returns its id, so no claim is needed. The engine
    // runs first and the session and its finished step are written together; an internal failure writes nothing.
    const draft = service.sessions.draftSession({
      appId: owner.app.appId,
      orgId: owner.org.orgId,
      workflowId: workflow.workflowId,
      environment: owner.environment,
      state: SessionState.InProgress,
      ...sessionFields,
    });
    const outcome = await run(draft, async () => undefined);
    const { session, step } = await service.sessions.createFinishedSession(draft, def.stepCode, outcome, workflow);
    if (session.decision) await publishDecided(service, session.sessionId, owner.app.appId);
    return toEnvelope(step);
  }

  const session = target.session;
  const claim = await service.sessions.claimStep(session.sessionId, def.stepCode, service.config.STEP_LEASE_SECONDS);
  if (!claim.claimed) return existingEnvelope(claim.step);
  const step = claim.step;
  let outcome: StepOutcome;
  try {
    outcome = await run(session, async () => {
      await service.sessions.markSentToInference(step);
    });
  } catch (err) {
    await service.sessions.releaseStep(step);
    throw err;
  }

  const finished = await service.sessions.finishStep(step, outcome);
  if (!finished) {
    // Our lease expired and another run took the step over: answer with whatever it holds now.
    const current = await service.sessions.getStep(session.sessionId, def.stepCode);
    if (current) return existingEnvelope(current);
    throw new StepInProgressError(session.sessionId, def.stepCode);
  }
  const recorded = await service.sessions.recordStepOnSession(
    session.sessionId,
    def.stepCode,
    { status: finished.status, decision: finished.decision },
    workflow,
    sessionFields,
  );
  if (recorded.decided) await publishDecided(service, session.sessionId, owner.app.appId);
  return toEnvelope(finished);
}

/**
 * Publishes `session.decided` (webhooks). A failure to publish is logged and does not fail the step: the step's
 * outcome is already stored, and the session's decision can be read with GET /api/v1/sessions/{id}.
 */
async function publishDecided(service: Service, sessionId: string, appId: string): Promise<void> {
  const publisher = service.events();
  if (!publisher) return;
  try {
    await publisher.publish(sessionDecidedEvent(sessionId, appId));
  } catch (err) {
    console.error(JSON.stringify({ level: 'ERROR', message: 'session event not published', sessionId, error: (err as Error).message }));
  }
}

/**
 * Runs the engine; a provider failure (at load or during the run) becomes a `Failed` outcome with the step's
 * documented decision (SPEC.md 3.4 rules 4-5). Any other error propagates (an internal failure).
 */
async function runEngine<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine>(
  def: StepDefinition<Req, Input, Engine>,
  engine: Engine | undefined,
  loadError: ProviderError | undefined,
  input: Input,
  ctx: StepContext,
): Promise<StepOutcome> {
  try {
    if (loadError || engine === undefined) throw loadError ?? new ProviderError('engine not loaded');
    return await def.run(engine, input, ctx);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return {
      status: StepStatus.Failed,
      decision: def.providerFailure.decision,
      statusReason: def.providerFailure.statusReason,
      result: null,
      provenance: { providerError: err.message },
    };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The envelope of a stored step; `result` only when Completed (SPEC.md 3.4 rule 3). */
export function toEnvelope(step: StepRecord): Envelope {
  return {
    sessionId: step.sessionId,
    stepCode: step.stepCode,
    status: step.status,
    decision: step.decision ?? null,
    statusReason: step.statusReason ?? null,
    result: step.status === StepStatus.Completed ? (step.result ?? null) : null,
  };
}

function existingEnvelope(step: StepRecord): Envelope {
  if (step.status === StepStatus.Completed || step.status === StepStatus.Failed) return toEnvelope(step);
  throw new StepInProgressError(step.sessionId, step.stepCode);
}

/**
 * The session a step call runs on: the one named by `sessionId` (404 when absent or another application's), or
 * `null` with the workflow under which a new one is to be created (404 when the workflow is not the app's).
 * @throws ValidationError when the workflow does not include the step.
 */
async function resolveSession(
  req: { sessionId?: string | null; workflowId?: string | null },
  owner: Caller,
  stepCode: StepCode,
  service: Service,
): Promise<{ session: Session | null; workflow: Workflow }> {
  if (owner.kind === CallerKind.Sat) {
    // A session access token acts on its own session only (SPEC.md 5); it never creates one.
    if (req.sessionId && req.sessionId !== owner.sessionId) {
      throw new NotFoundError(`Session ${req.sessionId} not found.`, { sessionId: ['not found'] });
    }
    req = { ...req, sessionId: owner.sessionId ?? null };
  }
  if (req.sessionId) {
    const session = await service.sessions.getSession(req.sessionId);
    if (!session || session.appId !== owner.app.appId) {
      throw new NotFoundError(`Session ${req.sessionId} not found.`, { sessionId: ['not found'] });
    }
    const workflow = await service.repo.findWorkflow(owner.app.appId, session.workflowId);
    if (!workflow) throw new NotFoundError(`Workflow ${session.workflowId} of the session not found.`);
    assertStepInWorkflow(workflow, stepCode, 'sessionId');
    return { session, workflow };
  }
  const workflowId = req.workflowId!;
  const workflow = await service.repo.findWorkflow(owner.app.appId, workflowId);
  if (!workflow) throw new NotFoundError(`Workflow ${workflowId} not found.`, { workflowId: ['not found'] });
  assertStepInWorkflow(workflow, stepCode, 'workflowId');
  return { session: null, workflow };
}

function assertStepInWorkflow(workflow: Workflow, stepCode: StepCode, field: string): void {
  if (!workflow.steps.includes(stepCode)) {
    throw new ValidationError(`Workflow ${workflow.workflowId} does not include ${stepCode}.`, {
      [field]: [`workflow ${workflow.workflowId} does not include ${stepCode} (its steps: ${workflow.steps.join(', ')})`],
    });
  }
}

/** Converts zod issues into the `errors` member of problem details: dotted field path -> messages. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) addFieldErrors(out, k, 'is not a field of this request');
      continue;
    }
    if (issue.code === 'invalid_type' && message.includes('received undefined')) message = 'is required';
    addFieldErrors(out, key, message);
  }
  return out;
}
