import type { EventBridgeEvent } from 'aws-lambda';
import { getService } from '../core/service.ts';
import type { SessionEvent } from '../core/events.ts';
import { deliverWebhook } from '../core/webhooks/deliver.ts';
import { logger } from '../api/http.ts';

/**
 * EventBridge target of `session.decided` events (lib/: rule on the service's bus, asynchronous invocation with
 * retries and an SQS dead-letter queue). A {@link RetryableDeliveryError} is rethrown so that Lambda retries the
 * event with backoff and, when retries are exhausted, parks it in the dead-letter queue.
 */
export async function handler(event: EventBridgeEvent<string, SessionEvent>): Promise<{ status: string }> {
  const result = await deliverWebhook(event.detail, getService());
  logger.info('webhook', { eventId: event.detail.eventId, sessionId: event.detail.sessionId, status: result.status });
  return { status: result.status };
}
