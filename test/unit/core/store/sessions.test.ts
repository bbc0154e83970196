import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionStore, sessionDecision } from '../../../../functions/core/store/sessions.ts';
import type { StepRecord } from '../../../../functions/core/store/model.ts';

const ddbMock = mockClient(DynamoDBDocumentClient);
const store = () => new SessionStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })), 'table', 30);
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const stored = (over: Partial<StepRecord>): StepRecord => ({
  sessionId: 's1', stepCode: 'step_ip_analysis', status: 'Pending', decision: null, statusReason: null, result: null,
  claimToken: 't', leaseExpiresAt: 0, attempt: 1, startedAt: '', expiresAt: 0, ...over,
});

afterEach(() => {
  ddbMock.reset();
  vi.useRealTimers();
});

describe('SessionStore.claimStep', () => {
  it('claims with a conditional put that allows only an absent step or an expired lease', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') });
    ddbMock.on(PutCommand).resolves({});
    const out = await store().claimStep('s1', 'step_ip_analysis', 60);
    expect(out.claimed).toBe(true);
    expect(out.step.leaseExpiresAt).toBe(Date.parse('2026-11-22T00:01:00Z'));
    const input = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input.ConditionExpression).toBe('attribute_not_exists(PK) OR (#status IN (:pending, :sent) AND leaseExpiresAt < :now)');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':now': Date.parse('2026-11-22T00:00:00Z') });
  });

  it('returns the existing record when the conditional write fails', async () => {
    ddbMock.on(PutCommand).rejects(conditionFailed());
    ddbMock.on(GetCommand).resolves({ Item: stored({ status: 'Completed', decision: 'Approved' }) });
    const out = await store().claimStep('s1', 'step_ip_analysis', 60);
    expect(out).toMatchObject({ claimed: false, step: { status: 'Completed' } });
  });

  it('rethrows errors other than a failed condition', async () => {
    ddbMock.on(PutCommand).rejects(new Error('throttled'));
    await expect(store().claimStep('s1', 'step_ip_analysis', 60)).rejects.toThrow('throttled');
  });
});

describe('SessionStore.finishStep', () => {
  it('writes only while the claim token is still ours, and returns null once another run took over', async () => {
    ddbMock.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});
    const step = stored({ claimToken: 'mine' });
    const outcome = { status: 'Completed' as const, decision: 'Approved' as const, statusReason: null, result: { a: 1 } };
    expect(await store().finishStep(step, outcome)).toBeNull();
    expect(await store().finishStep(step, outcome)).toMatchObject({ status: 'Completed', result: { a: 1 } });
    expect(ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':token': 'mine' });
  });

  it('releases a claim only with its token and ignores a claim already taken over', async () => {
    ddbMock.on(DeleteCommand).rejects(conditionFailed());
    await expect(store().releaseStep(stored({ claimToken: 'mine' }))).resolves.toBeUndefined();
    expect(ddbMock.commandCalls(DeleteCommand)[0]!.args[0].input.ConditionExpression).toBe('claimToken = :t');
  });
});

describe('SessionStore.createFinishedSession', () => {
  const input = { appId: 'app_1', orgId: 'org_1', workflowId: 'wf_1', environment: 'sandbox' as const, state: 'InProgress' as const };
  const outcome = { status: 'Completed' as const, decision: 'Approved' as const, statusReason: null, result: { ok: true } };
  const workflow = (steps: ('step_ip_analysis' | 'step_aml_screening')[]) => ({ workflowId: 'wf_1', appId: 'app_1', name: 'w', steps, createdAt: '' });

  it('writes the session and its finished step in one BatchWriteItem, with the decision of a one-step workflow', async () => {
    ddbMock.on(BatchWriteCommand).resolves({});
    const s = store();
    const { session, step } = await s.createFinishedSession(s.draftSession(input), 'step_ip_analysis', outcome, workflow(['step_ip_analysis']));
    expect(ddbMock.commandCalls(BatchWriteCommand)).toHaveLength(1);
    const puts = ddbMock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!['table']!;
    expect(puts.map((p) => p.PutRequest!.Item!['SK'])).toEqual(['SESSION', 'STEP#step_ip_analysis']);
    expect(session).toMatchObject({ decision: 'Approved', state: 'Processing', steps: { step_ip_analysis: { status: 'Completed', decision: 'Approved' } } });
    expect(step).toMatchObject({ status: 'Completed', result: { ok: true } });
  });

  it('leaves the decision open while other workflow steps remain, and retries unprocessed items', async () => {
    ddbMock
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { table: [{ PutRequest: { Item: { PK: 'x', SK: 'STEP#step_ip_analysis' } } }] } })
      .resolves({});
    const s = store();
    const { session } = await s.createFinishedSession(s.draftSession(input), 'step_ip_analysis', outcome, workflow(['step_ip_analysis', 'step_aml_screening']));
    expect(session).toMatchObject({ decision: null, state: 'InProgress' });
    expect(ddbMock.commandCalls(BatchWriteCommand)).toHaveLength(2);
  });

  it('removes both items when the write cannot complete', async () => {
    ddbMock.on(BatchWriteCommand).rejects(new Error('service unavailable'));
    ddbMock.on(DeleteCommand).resolves({});
    const s = store();
    await expect(s.createFinishedSession(s.draftSession(input), 'step_ip_analysis', outcome, workflow(['step_ip_analysis']))).rejects.toThrow('service unavailable');
    expect(ddbMock.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key!['SK'])).toEqual(['SESSION', 'STEP#step_ip_analysis']);
  });
});

describe('sessionDecision', () => {
  const wf = ['step_ip_analysis', 'step_aml_screening'] as const;
  const done = (decision: 'Approved' | 'Declined' | 'InReview' | null, status: 'Completed' | 'Failed' = 'Completed') => ({ status, decision });

  it('is null while a workflow step has not finished', () => {
    expect(sessionDecision(wf, { step_ip_analysis: done('Approved') })).toBeNull();
    expect(sessionDecision(wf, { step_ip_analysis: done('Approved'), step_aml_screening: { status: 'Pending', decision: null } })).toBeNull();
  });
  it('is Declined when any step is Declined', () => {
    expect(sessionDecision(wf, { step_ip_analysis: done('InReview'), step_aml_screening: done('Declined', 'Failed') })).toBe('Declined');
  });
  it('is InReview when any step is InReview or finished without a decision', () => {
    expect(sessionDecision(wf, { step_ip_analysis: done('Approved'), step_aml_screening: done('InReview') })).toBe('InReview');
    expect(sessionDecision(wf, { step_ip_analysis: done('Approved'), step_aml_screening: done(null, 'Failed') })).toBe('InReview');
  });
  it('is Approved when every step is Approved', () => {
    expect(sessionDecision(wf, { step_ip_analysis: done('Approved'), step_aml_screening: done('Approved') })).toBe('Approved');
  });
});
