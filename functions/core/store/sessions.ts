import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Decision, SessionState, StepStatus, type KeyEnvironment, type StepCode } from '../constants.ts';
import { Keys, type Session, type StepRecord, type StepSummary, type Workflow } from './model.ts';
import { newSessionId } from './keys.ts';

/** What a new session is made of; `state` is `InProgress` when a step call creates it. */
export interface NewSessionInput {
  appId: string;
  orgId: string;
  workflowId: string;
  environment: KeyEnvironment;
  state: SessionState;
  documentId?: string;
  clientData?: string;
  metadata?: string;
  callbackUrl?: string;
  expectedDetails?: Record<string, string>;
}

/** Session fields a finished step may set when the session has none yet (ID verification's document template). */
export interface SessionFields {
  documentId?: string;
}

/** Outcome of {@link SessionStore.claimStep}: either this call holds the step, or another record exists. */
export type ClaimResult =
  | { claimed: true; step: StepRecord }
  | { claimed: false; step: StepRecord };

/** What a finished run writes onto its step. */
export interface StepOutcome {
  status: typeof StepStatus.Completed | typeof StepStatus.Failed;
  decision: Decision | null;
  statusReason: string | null;
  result: unknown;
  provenance?: unknown;
}

/**
 * Sessions and their steps in the single table (DESIGN.md "Request path" 3-5). Claims are conditional writes,
 * so that exactly one run holds a step; a claim carries a lease, after which a crashed run's step can be taken
 * over; finishing writes must present the claim token, so a run that lost its lease cannot overwrite the
 * run that took over.
 */
export class SessionStore {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly retentionDays: number,
  ) {}

  /** Creates a session in state `Created` (SDK sessions; conditional put: never overwrites). */
  async createSession(input: NewSessionInput): Promise<Session> {
    const session = this.newSession(input);
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.session(session.sessionId), type: 'session', ...session },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return session;
  }

  /**
   * Deletes a session, its steps and (through `deleteMedia`) its media: data-subject erasure (GDPR art. 17).
   * @returns how many table items were deleted (0 when the session does not exist).
   */
  async eraseSession(sessionId: string): Promise<number> {
    const steps = await this.listSteps(sessionId);
    const keys = [Keys.session(sessionId), ...steps.map((s) => Keys.step(sessionId, s.stepCode))];
    const existing = await this.getSession(sessionId);
    if (!existing && steps.length === 0) return 0;
    for (const key of keys) await this.ddb.send(new DeleteCommand({ TableName: this.table, Key: key }));
    return keys.length - (existing ? 0 : 1);
  }

  /** A new session, not yet written (see {@link createFinishedSession}). */
  draftSession(input: NewSessionInput): Session {
    return this.newSession(input);
  }

  /**
   * Writes a new session together with its first, finished step in one round trip (BatchWriteItem), with the
   * session's step summary and, when that step is the workflow's only one, its decision. No condition is
   * needed: both items are new under a fresh random UUID that nobody else knows yet.
   * @throws Error when DynamoDB leaves items unprocessed after three attempts; whichever item landed is removed.
   */
  async createFinishedSession(
    draft: Session,
    stepCode: StepCode,
    outcome: StepOutcome,
    workflow: Workflow,
  ): Promise<{ session: Session; step: StepRecord }> {
    const at = Date.now();
    const step: StepRecord = {
      ...this.newClaim(draft.sessionId, stepCode, 0, at),
      ...outcome,
      result: outcome.result ?? null,
      provenance: outcome.provenance ?? null,
      completedAt: new Date(at).toISOString(),
    };
    const steps = { [stepCode]: { status: step.status, decision: step.decision } };
    const decision = sessionDecision(workflow.steps, steps);
    const session: Session = {
      ...draft,
      steps,
      ...(decision ? { decision, state: SessionState.Processing, decidedAt: step.completedAt } : {}),
    };
    let requests = [
      { PutRequest: { Item: { ...Keys.session(session.sessionId), type: 'session', ...session } } },
      { PutRequest: { Item: { ...Keys.step(session.sessionId, stepCode), type: 'step', ...step } } },
    ];
    try {
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt === 3) throw new Error(`DynamoDB left ${requests.length} item(s) of session ${session.sessionId} unprocessed`);
        const out = await this.ddb.send(new BatchWriteCommand({ RequestItems: { [this.table]: requests } }));
        requests = (out.UnprocessedItems?.[this.table] ?? []) as typeof requests;
      }
    } catch (err) {
      // Leave nothing half-written: remove whichever of the two items did land.
      await Promise.allSettled([
        this.deleteSession(session.sessionId),
        this.ddb.send(new DeleteCommand({ TableName: this.table, Key: Keys.step(session.sessionId, stepCode) })),
      ]);
      throw err;
    }
    return { session, step };
  }

  /** Loads a session; null when absent (ownership is the caller's check). */
  async getSession(sessionId: string): Promise<Session | null> {
    const out = await this.ddb.send(
      new GetCommand({ TableName: this.table, Key: Keys.session(sessionId), ConsistentRead: true }),
    );
    return (out.Item as Session | undefined) ?? null;
  }

  /** Deletes a session item (used to undo a session created by a request whose run then failed). */
  async deleteSession(sessionId: string): Promise<void> {
    await this.ddb.send(new DeleteCommand({ TableName: this.table, Key: Keys.session(sessionId) }));
  }

  /** Loads a step; null when it was never claimed. */
  async getStep(sessionId: string, stepCode: StepCode): Promise<StepRecord | null> {
    const out = await this.ddb.send(
      new GetCommand({ TableName: this.table, Key: Keys.step(sessionId, stepCode), ConsistentRead: true }),
    );
    return (out.Item as StepRecord | undefined) ?? null;
  }

  /** Lists every step of a session (for operators: the admin CLI shows them with their provenance). */
  async listSteps(sessionId: string): Promise<StepRecord[]> {
    const out = await this.ddb.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :step)',
        ExpressionAttributeValues: { ':pk': Keys.session(sessionId).PK, ':step': 'STEP#' },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []) as StepRecord[];
  }

  /**
   * Claims a step as `Pending` (SPEC.md 3.4 rules 1-2). Succeeds when the step does not exist, or when it is
   * unfinished and its lease expired. Otherwise returns the existing record: finished (the caller returns the
   * stored envelope) or running (the caller answers 409).
   */
  async claimStep(sessionId: string, stepCode: StepCode, leaseSeconds: number): Promise<ClaimResult> {
    const at = Date.now();
    const step = this.newClaim(sessionId, stepCode, leaseSeconds, at);
    const notClaimed = 'attribute_not_exists(PK)';
    const leaseExpired = '(#status IN (:pending, :sent) AND leaseExpiresAt < :now)';
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...Keys.step(sessionId, stepCode), type: 'step', ...step },
          ConditionExpression: `${notClaimed} OR ${leaseExpired}`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': StepStatus.Pending, ':sent': StepStatus.SentToInference, ':now': at },
        }),
      );
      return { claimed: true, step };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      const existing = await this.getStep(sessionId, stepCode);
      if (!existing) return this.claimStep(sessionId, stepCode, leaseSeconds); // deleted in between: try again
      return { claimed: false, step: existing };
    }
  }

  /** Moves a claimed step to `SentToInference` while a model runs. @returns false when the claim was lost. */
  async markSentToInference(step: StepRecord): Promise<boolean> {
    return this.writeIfHeld(step, 'SET #status = :s', { ':s': StepStatus.SentToInference });
  }

  /**
   * Writes a run's outcome onto its step, if this run still holds the claim.
   * @returns the finished record, or null when another run took the claim over (its lease expired).
   */
  async finishStep(step: StepRecord, outcome: StepOutcome): Promise<StepRecord | null> {
    const completedAt = new Date().toISOString();
    const ok = await this.writeIfHeld(
      step,
      'SET #status = :s, decision = :d, statusReason = :r, #result = :res, provenance = :p, completedAt = :c',
      {
        ':s': outcome.status,
        ':d': outcome.decision,
        ':r': outcome.statusReason,
        ':res': outcome.result ?? null,
        ':p': outcome.provenance ?? null,
        ':c': completedAt,
      },
      { '#result': 'result' },
    );
    return ok ? { ...step, ...outcome, result: outcome.result ?? null, completedAt } : null;
  }

  /** Deletes a step claim this run holds, so that the step can be called again (used after an internal error). */
  async releaseStep(step: StepRecord): Promise<void> {
    try {
      await this.ddb.send(
        new DeleteCommand({
          TableName: this.table,
          Key: Keys.step(step.sessionId, step.stepCode),
          ConditionExpression: 'claimToken = :t',
          ExpressionAttributeValues: { ':t': step.claimToken },
        }),
      );
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }

  /**
   * Records a finished step on its session and, once every step of the workflow has finished, the session's
   * decision (SPEC.md 3.3; rule in {@link sessionDecision}). Moves a `Created` session to `InProgress`.
   * `fields` are set only where the session has none yet (`if_not_exists`): a document template once chosen stays.
   */
  async recordStepOnSession(
    sessionId: string,
    stepCode: StepCode,
    summary: StepSummary,
    workflow: Workflow,
    fields: SessionFields = {},
  ): Promise<{ session: Session; decided: boolean }> {
    const doc = fields.documentId !== undefined;
    const out = await this.ddb.send(
      new UpdateCommand({
        TableName: this.table,
        Key: Keys.session(sessionId),
        UpdateExpression: `SET steps.#code = :summary, updatedAt = :now${doc ? ', documentId = if_not_exists(documentId, :doc)' : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#code': stepCode },
        ExpressionAttributeValues: { ':summary': summary, ':now': new Date().toISOString(), ...(doc ? { ':doc': fields.documentId } : {}) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    let session = out.Attributes as Session;
    if (session.state === SessionState.Created) session = await this.setState(sessionId, SessionState.InProgress);
    const decision = sessionDecision(workflow.steps, session.steps);
    if (!decision || session.decision) return { session, decided: false };
    try {
      // Only the first run to see the session complete sets the decision (and so publishes one event).
      const done = await this.ddb.send(
        new UpdateCommand({
          TableName: this.table,
          Key: Keys.session(sessionId),
          UpdateExpression: 'SET decision = :d, #state = :processing, decidedAt = :now',
          ConditionExpression: 'attribute_not_exists(decision) OR decision = :null',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':d': decision, ':processing': SessionState.Processing, ':now': new Date().toISOString(), ':null': null },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { session: done.Attributes as Session, decided: true };
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return { session, decided: false };
      throw err;
    }
  }

  private async setState(sessionId: string, state: SessionState): Promise<Session> {
    const out = await this.ddb.send(
      new UpdateCommand({
        TableName: this.table,
        Key: Keys.session(sessionId),
        UpdateExpression: 'SET #state = :s',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':s': state },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as Session;
  }

  private async writeIfHeld(
    step: StepRecord,
    expression: string,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
  ): Promise<boolean> {
    try {
      await this.ddb.send(
        new UpdateCommand({
          TableName: this.table,
          Key: Keys.step(step.sessionId, step.stepCode),
          UpdateExpression: expression,
          ConditionExpression: 'claimToken = :token',
          ExpressionAttributeNames: { '#status': 'status', ...names },
          ExpressionAttributeValues: { ...values, ':token': step.claimToken },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  private newSession(input: NewSessionInput): Session {
    const at = new Date();
    return {
      sessionId: newSessionId(),
      appId: input.appId,
      orgId: input.orgId,
      workflowId: input.workflowId,
      ...(input.documentId ? { documentId: input.documentId } : {}),
      ...(input.clientData !== undefined ? { clientData: input.clientData } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      ...(input.callbackUrl !== undefined ? { callbackUrl: input.callbackUrl } : {}),
      ...(input.expectedDetails !== undefined ? { expectedDetails: input.expectedDetails } : {}),
      environment: input.environment,
      state: input.state,
      decision: null,
      steps: {},
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      expiresAt: this.expiry(at),
    };
  }

  private newClaim(sessionId: string, stepCode: StepCode, leaseSeconds: number, at = Date.now()): StepRecord {
    return {
      sessionId,
      stepCode,
      status: StepStatus.Pending,
      decision: null,
      statusReason: null,
      result: null,
      claimToken: randomUUID(),
      leaseExpiresAt: at + leaseSeconds * 1000,
      attempt: 1,
      startedAt: new Date(at).toISOString(),
      expiresAt: this.expiry(new Date(at)),
    };
  }

  private expiry(at: Date): number {
    return Math.floor(at.getTime() / 1000) + this.retentionDays * 86_400;
  }
}

/**
 * The session decision, derived from the step decisions once every step of the workflow has finished:
 * any `Declined` -> `Declined`; else any `InReview` (or a finished step without a decision) -> `InReview`;
 * else `Approved`. Returns null while a workflow step has not finished.
 */
export function sessionDecision(
  workflowSteps: readonly StepCode[],
  summaries: Partial<Record<StepCode, StepSummary>>,
): Decision | null {
  const finished = workflowSteps.map((code) => summaries[code]);
  if (finished.some((s) => !s || (s.status !== StepStatus.Completed && s.status !== StepStatus.Failed))) return null;
  const decisions = finished.map((s) => s!.decision);
  if (decisions.includes(Decision.Declined)) return Decision.Declined;
  if (decisions.some((d) => d !== Decision.Approved)) return Decision.InReview;
  return Decision.Approved;
}
