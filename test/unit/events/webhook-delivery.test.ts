import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptDelivery, handleDeliveryEvent, WebhookOutcome, type DeliveryDeps } from '../../../functions/events/webhook-delivery.ts';
import { WebhookRetryQueue, type RetryMessage } from '../../../functions/core/webhooks/retry-queue.ts';
import type { SessionEvent } from '../../../functions/core/events.ts';
import type { Service } from '../../../functions/core/service.ts';

/** The delivery function's long retry window (issue D): SQS re-enqueue with the schedule's delays, then the DLQ. */

const RETRY_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/retry';
const DEAD_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/dead';
const NOW = Date.parse('2026-11-22T10:00:00Z');
const event: SessionEvent = { eventId: 'evt_1', type: 'session.decided', sessionId: 's-1', appId: 'app_1', createdAt: '2026-11-22T09:59:59Z' };

const sqsMock = mockClient(SQSClient);

/** A service whose session has a sandbox callback URL, and whose delivery log records calls. */
function fakeService(claim: 'claimed' | 'already_delivered' = 'claimed') {
  const deliveries = { claim: vi.fn(async () => claim), finish: vi.fn(async () => undefined), park: vi.fn(async () => undefined) };
  const service = {
    config: { WEBHOOK_TIMEOUT_MS: 1000, WEBHOOK_RETRY_BASE_MS: 60_000 },
    sessions: { getSession: async () => ({ sessionId: 's-1', appId: 'app_1', workflowId: 'wf_1', environment: 'sandbox', state: 'Processing', callbackUrl: 'https://receiver.example/hook', steps: {} }) },
    repo: {
      findAppOwner: async () => ({ app: { appId: 'app_1', webhookSecret: 'whsec_x' }, org: {} }),
      findWorkflow: async () => ({ steps: ['step_ip_analysis'] }),
    },
    deliveries,
  } as unknown as Service;
  return { service, deliveries };
}

const answering = (status: number) => vi.fn(async () => new Response(null, { status })) as unknown as typeof fetch;

function deps(fetchImpl: typeof fetch, claim?: 'claimed' | 'already_delivered'): DeliveryDeps & { deliveries: ReturnType<typeof fakeService>['deliveries'] } {
  const { service, deliveries } = fakeService(claim);
  return { service, retryQueue: new WebhookRetryQueue(new SQSClient({ region: 'eu-west-1' }), RETRY_URL, DEAD_URL), fetchImpl, now: () => NOW, deliveries };
}

const sent = () => sqsMock.commandCalls(SendMessageCommand).map((c) => c.args[0].input);

function sqsEvent(...messages: RetryMessage[]): SQSEvent {
  return { Records: messages.map((m, i) => ({ messageId: `m-${i}`, body: JSON.stringify(m) }) as SQSRecord) };
}

beforeEach(() => {
  sqsMock.reset();
  sqsMock.on(SendMessageCommand).resolves({ MessageId: 'x' });
});

describe('attemptDelivery', () => {
  it('delivers on a 2xx and enqueues nothing', async () => {
    expect(await attemptDelivery(event, 1, deps(answering(204)))).toBe(WebhookOutcome.Delivered);
    expect(sent()).toEqual([]);
  });

  it('schedules attempt 2 one minute later on a 503', async () => {
    expect(await attemptDelivery(event, 1, deps(answering(503)))).toBe(WebhookOutcome.RetryScheduled);
    expect(sent()).toEqual([{ QueueUrl: RETRY_URL, DelaySeconds: 60, MessageBody: JSON.stringify({ kind: 'webhook.retry', event, attempt: 2, dueAt: NOW + 60_000 }) }]);
  });

  it('caps the SQS delay at 900 s when the next attempt is hours away (attempt 9 -> 4 h)', async () => {
    await attemptDelivery(event, 9, deps(answering(500)));
    const [msg] = sent();
    expect(msg?.DelaySeconds).toBe(900);
    expect(JSON.parse(msg!.MessageBody!)).toMatchObject({ attempt: 10, dueAt: NOW + 4 * 3_600_000 });
  });

  it('dead-letters and parks the event after the last attempt', async () => {
    const d = deps(answering(503));
    expect(await attemptDelivery(event, 14, d)).toBe(WebhookOutcome.DeadLettered);
    const [msg] = sent();
    expect(msg?.QueueUrl).toBe(DEAD_URL);
    expect(JSON.parse(msg!.MessageBody!)).toMatchObject({ kind: 'webhook.dead', event, attempts: 14, error: 'POST https://receiver.example answered 503' });
    expect(d.deliveries.park).toHaveBeenCalledWith('evt_1', 's-1', expect.stringContaining('gave up after 14 attempts'));
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    expect(await attemptDelivery(event, 1, deps(answering(410)))).toBe(WebhookOutcome.Rejected);
    expect(sent()).toEqual([]);
  });

  it('sends an already delivered event id never again (at most once)', async () => {
    const fetchImpl = answering(204);
    expect(await attemptDelivery(event, 3, deps(fetchImpl, 'already_delivered'))).toBe(WebhookOutcome.Duplicate);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('throws the retryable error when no retry queue is configured (Lambda retries the invocation)', async () => {
    const d = { ...deps(answering(503)), retryQueue: undefined };
    await expect(attemptDelivery(event, 1, d)).rejects.toThrow(/answered 503/);
  });
});

describe('handleDeliveryEvent', () => {
  it('treats an EventBridge event as attempt 1', async () => {
    const out = await handleDeliveryEvent({ detail: event } as never, deps(answering(503)));
    expect(out).toEqual({ status: WebhookOutcome.RetryScheduled });
    expect(JSON.parse(sent()[0]!.MessageBody!)).toMatchObject({ attempt: 2 });
  });

  it('puts a message back with the remaining delay when its attempt is not due yet', async () => {
    const fetchImpl = answering(204);
    const out = await handleDeliveryEvent(sqsEvent({ kind: 'webhook.retry', event, attempt: 10, dueAt: NOW + 3_000_000 }), deps(fetchImpl));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(sent()).toEqual([expect.objectContaining({ QueueUrl: RETRY_URL, DelaySeconds: 900 })]);
    expect(JSON.parse(sent()[0]!.MessageBody!)).toMatchObject({ attempt: 10, dueAt: NOW + 3_000_000 });
  });

  it('attempts a due message and reports the ones it could not handle as batch item failures', async () => {
    sqsMock.on(SendMessageCommand).rejects(new Error('SQS unavailable'));
    const out = await handleDeliveryEvent(
      { Records: [{ messageId: 'm-bad', body: '{"kind":"nope"}' } as SQSRecord, ...sqsEvent({ kind: 'webhook.retry', event, attempt: 2, dueAt: NOW }).Records] },
      deps(answering(503)),
    );
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-bad' }, { itemIdentifier: 'm-0' }] });
  });
});
