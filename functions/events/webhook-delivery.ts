import middy from '@middy/core';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, EventBridgeEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { getService, type Service } from '../core/service.ts';
import type { SessionEvent } from '../core/events.ts';
import { deliverWebhook, RetryableDeliveryError } from '../core/webhooks/deliver.ts';
import { parseRetryMessage, WebhookRetryQueue } from '../core/webhooks/retry-queue.ts';
import { webhookRetryDelayMs } from '../core/webhooks/retry-schedule.ts';
import { logger } from '../api/http.ts';
import { annotate, countWith, Dimension, metrics, MetricName, observability, traceAwsClients, tracer } from '../api/observability.ts';

/**
 * The webhook delivery function (lib/constructs/session-events.ts). Two event sources:
 * - **EventBridge** `session.decided` (asynchronous invocation): attempt 1;
 * - **the retry queue** (SQS, batches with partial failures): later attempts, each due at its `dueAt`.
 *
 * A retryable failure (5xx, 408, 429, timeout, network) schedules the next attempt on the retry queue with the
 * schedule's delay (functions/core/webhooks/retry-schedule.ts: 1 min doubling to 4 h, 14 attempts over about
 * 24 h); after the last attempt the event goes to the dead-letter queue and its delivery log item is parked.
 * Each event id is delivered at most once (the delivery log's claim). An unexpected error (the table or SQS
 * unavailable) fails the invocation: EventBridge's invocation is then retried by Lambda (2 retries, then the
 * dead-letter queue), a queue message is returned to the queue (and dead-lettered after 5 receives).
 */

/** What one attempt ended in: the delivery's own statuses, plus the retry outcomes. */
export const WebhookOutcome = {
  Delivered: 'delivered',
  Duplicate: 'duplicate',
  NoTarget: 'no_target',
  Refused: 'refused',
  Rejected: 'rejected',
  Gone: 'gone',
  /** The attempt failed in a retryable way and the next one is scheduled. */
  RetryScheduled: 'retry_scheduled',
  /** The attempt failed in a retryable way and was the last: dead-lettered. */
  DeadLettered: 'dead_lettered',
  /** A queue message received before its attempt was due and put back (a wait longer than 900 s). */
  Deferred: 'deferred',
} as const;
export type WebhookOutcome = (typeof WebhookOutcome)[keyof typeof WebhookOutcome];

/** Collaborators of the handler (tests pass their own). */
export interface DeliveryDeps {
  readonly service: Service;
  /** Absent: retries cannot be scheduled, so a retryable failure fails the invocation (Lambda retries it). */
  readonly retryQueue: WebhookRetryQueue | undefined;
  readonly fetchImpl?: typeof fetch;
  readonly now?: () => number;
}

let sqsClient: SQSClient | undefined;

/** The handler's collaborators from the configuration (the SQS client built once per process and traced). */
function defaultDeps(): DeliveryDeps {
  const service = getService();
  const { WEBHOOK_RETRY_QUEUE_URL: retryUrl, WEBHOOK_DEAD_LETTER_QUEUE_URL: deadUrl, AWS_REGION } = service.config;
  traceAwsClients(service);
  if (retryUrl && deadUrl && !sqsClient) sqsClient = tracer.captureAWSv3Client(new SQSClient({ region: AWS_REGION }));
  return { service, retryQueue: retryUrl && deadUrl && sqsClient ? new WebhookRetryQueue(sqsClient, retryUrl, deadUrl) : undefined };
}

/**
 * One attempt of one event, and what follows a retryable failure.
 * @returns the outcome (also counted: `WebhookDeliveries` by `outcome`, `WebhookFailures`).
 * @throws RetryableDeliveryError when no retry queue is configured; any unexpected error.
 */
export async function attemptDelivery(event: SessionEvent, attempt: number, deps: DeliveryDeps): Promise<WebhookOutcome> {
  const now = deps.now ?? Date.now;
  let outcome: WebhookOutcome;
  try {
    outcome = (await deliverWebhook(event, deps.service, deps.fetchImpl)).status;
  } catch (err) {
    if (!(err instanceof RetryableDeliveryError)) throw err;
    metrics.addMetric(MetricName.WebhookFailures, MetricUnit.Count, 1);
    if (!deps.retryQueue) throw err;
    const delay = webhookRetryDelayMs(attempt, deps.service.config.WEBHOOK_RETRY_BASE_MS);
    if (delay === null) {
      await deps.retryQueue.deadLetter(event, attempt, err.message);
      await deps.service.deliveries.park(event.eventId, event.sessionId, `gave up after ${attempt} attempts: ${err.message}`);
      outcome = WebhookOutcome.DeadLettered;
    } else {
      await deps.retryQueue.schedule(event, attempt + 1, now() + delay, now());
      outcome = WebhookOutcome.RetryScheduled;
    }
    logger.warn('webhook attempt failed', { eventId: event.eventId, attempt, outcome, error: err.message });
  }
  countWith(MetricName.WebhookDeliveries, { [Dimension.Outcome]: outcome });
  annotate('outcome', outcome);
  logger.info('webhook', { eventId: event.eventId, sessionId: event.sessionId, attempt, outcome });
  return outcome;
}

/** One retry-queue message: put back when not yet due, else attempted. */
async function handleRecord(record: SQSRecord, deps: DeliveryDeps): Promise<WebhookOutcome> {
  const msg = parseRetryMessage(record.body);
  const now = (deps.now ?? Date.now)();
  if (msg.dueAt - now > 1000 && deps.retryQueue) {
    await deps.retryQueue.schedule(msg.event, msg.attempt, msg.dueAt, now);
    countWith(MetricName.WebhookDeliveries, { [Dimension.Outcome]: WebhookOutcome.Deferred });
    return WebhookOutcome.Deferred;
  }
  return attemptDelivery(msg.event, msg.attempt, deps);
}

/**
 * Handles either source (see the file comment).
 * @returns for EventBridge `{ status }`; for SQS the partial batch response (failed message ids are received again).
 */
export async function handleDeliveryEvent(
  event: EventBridgeEvent<string, SessionEvent> | SQSEvent,
  deps: DeliveryDeps,
): Promise<{ status: string } | SQSBatchResponse> {
  if ('Records' in event) {
    // Concurrently: a batch of up to 10 POSTs of up to 10 s each must fit the function's 30 s timeout.
    const settled = await Promise.allSettled(event.Records.map((record) => handleRecord(record, deps)));
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    settled.forEach((result, i) => {
      if (result.status === 'fulfilled') return;
      const messageId = event.Records[i]!.messageId;
      logger.error('webhook retry message failed', { messageId, error: (result.reason as Error).message });
      batchItemFailures.push({ itemIdentifier: messageId });
    });
    return { batchItemFailures };
  }
  return { status: await attemptDelivery(event.detail, 1, deps) };
}

/** The Lambda handler: {@link handleDeliveryEvent} with traces and metrics (functions/api/observability.ts). */
export const handler = middy<EventBridgeEvent<string, SessionEvent> | SQSEvent, { status: string } | SQSBatchResponse, Error, Context>()
  .use(observability<EventBridgeEvent<string, SessionEvent> | SQSEvent, { status: string } | SQSBatchResponse>())
  .handler(async (event) => {
    metrics.addMetric(MetricName.WebhookInvocations, MetricUnit.Count, 1);
    return handleDeliveryEvent(event, defaultDeps());
  });
