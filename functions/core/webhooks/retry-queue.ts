import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SessionEvent } from '../events.ts';

/**
 * The long webhook retry window on AWS (docs/deploy.md, "Retries and backoff"): after a retryable failure the
 * delivery function puts the event on an SQS queue with a delay, and the same function consumes that queue. SQS
 * delays a message by at most 900 s, so a longer wait is a chain: a message received before its `dueAt` is put
 * back with the remaining delay (at most 900 s again) without an attempt. After the last attempt of the schedule
 * (functions/core/webhooks/retry-schedule.ts) the event goes to the dead-letter queue.
 */

/** Longest `DelaySeconds` of an SQS message. @see https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessage.html */
export const SQS_MAX_DELAY_SECONDS = 900;

/**
 * A message of the retry queue: the event, the number of the attempt it is due for, and when.
 * @example { "kind": "webhook.retry", "event": { "eventId": "evt_…", "type": "session.decided", "sessionId": "…", "appId": "app_…", "createdAt": "…" }, "attempt": 2, "dueAt": 1763800060000 }
 */
export interface RetryMessage {
  readonly kind: 'webhook.retry';
  readonly event: SessionEvent;
  /** The attempt this message is for, from 2 (attempt 1 is EventBridge's invocation). */
  readonly attempt: number;
  /** When the attempt is due, epoch milliseconds. */
  readonly dueAt: number;
}

/**
 * A message of the dead-letter queue written by the delivery function when the schedule is exhausted.
 * @example { "kind": "webhook.dead", "event": { … }, "attempts": 14, "error": "POST https://example.com answered 503", "at": "2026-11-23T10:15:00.000Z" }
 */
export interface DeadLetterMessage {
  readonly kind: 'webhook.dead';
  readonly event: SessionEvent;
  readonly attempts: number;
  readonly error: string;
  readonly at: string;
}

/** Parses a retry-queue message body. @throws Error naming what is wrong when the body is not a {@link RetryMessage}. */
export function parseRetryMessage(body: string): RetryMessage {
  const msg = JSON.parse(body) as Partial<RetryMessage>;
  const e = msg?.event as Partial<SessionEvent> | undefined;
  if (msg?.kind !== 'webhook.retry' || !Number.isInteger(msg.attempt) || (msg.attempt ?? 0) < 2 || typeof msg.dueAt !== 'number') {
    throw new Error('not a webhook retry message (kind, attempt ≥ 2, dueAt)');
  }
  if (!e || typeof e.eventId !== 'string' || typeof e.sessionId !== 'string' || typeof e.appId !== 'string') {
    throw new Error('the retry message carries no session event (eventId, sessionId, appId)');
  }
  return msg as RetryMessage;
}

/** Sends retry and dead-letter messages. The client is injected (tests use aws-sdk-client-mock). */
export class WebhookRetryQueue {
  /**
   * @param sqs the SQS client.
   * @param retryQueueUrl the queue the delivery function consumes (`WEBHOOK_RETRY_QUEUE_URL`).
   * @param deadLetterQueueUrl where exhausted events go (`WEBHOOK_DEAD_LETTER_QUEUE_URL`).
   */
  constructor(
    private readonly sqs: SQSClient,
    private readonly retryQueueUrl: string,
    private readonly deadLetterQueueUrl: string,
  ) {}

  /**
   * Enqueues `attempt` of `event`, due at `dueAt` (epoch ms): delayed by the time left, at most 900 s.
   * @returns the delay given to SQS, in seconds.
   * @throws the SDK's error when SQS refuses the message (the caller lets its invocation fail and be retried).
   */
  async schedule(event: SessionEvent, attempt: number, dueAt: number, now: number = Date.now()): Promise<number> {
    const delaySeconds = Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil((dueAt - now) / 1000)));
    const message: RetryMessage = { kind: 'webhook.retry', event, attempt, dueAt };
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.retryQueueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
    return delaySeconds;
  }

  /** Parks an event whose every attempt failed. @throws the SDK's error when SQS refuses the message. */
  async deadLetter(event: SessionEvent, attempts: number, error: string, now: Date = new Date()): Promise<void> {
    const message: DeadLetterMessage = { kind: 'webhook.dead', event, attempts, error, at: now.toISOString() };
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.deadLetterQueueUrl, MessageBody: JSON.stringify(message) }));
  }
}
