import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';

/**
 * Session events (SPEC.md part 6: terminal notifications become webhooks). A terminal session decision is
 * published once; the webhook delivery (functions/core/webhooks) turns it into a signed POST. On AWS the event
 * goes to an EventBridge bus whose rule targets the delivery Lambda; locally to an in-process queue that runs the
 * same delivery code.
 */

/** Event source and detail type on the bus (the rule in lib/ matches them). */
export const EVENT_SOURCE = 'step-verification';
export const SessionEventType = { Decided: 'session.decided' } as const;
export type SessionEventType = (typeof SessionEventType)[keyof typeof SessionEventType];

/**
 * A session event: small on purpose (ids only); the delivery reads the session when it sends, so the webhook
 * carries the state at delivery time.
 * @example { "eventId": "evt_3f1c…", "type": "session.decided", "sessionId": "3f1c2a4e-…", "appId": "app_…", "createdAt": "2026-11-22T10:00:00.000Z" }
 */
export interface SessionEvent {
  /** `evt_<uuid>`: the webhook's id; a receiver sees each id at most once (delivery is idempotent). */
  eventId: string;
  type: SessionEventType;
  sessionId: string;
  appId: string;
  createdAt: string;
}

/** Where events go. */
export interface EventPublisher {
  /** Publishes one event. @throws Error when the event could not be handed over (the caller logs it). */
  publish(event: SessionEvent): Promise<void>;
}

/** A new `session.decided` event. */
export function sessionDecidedEvent(sessionId: string, appId: string): SessionEvent {
  return { eventId: `evt_${randomUUID()}`, type: SessionEventType.Decided, sessionId, appId, createdAt: new Date().toISOString() };
}

/** Publishes to an EventBridge bus (PutEvents; a failed entry is an error). */
export class EventBridgePublisher implements EventPublisher {
  /** The SDK client (public so that the handler wrapper can trace it: functions/api/observability.ts). */
  readonly client: EventBridgeClient;
  constructor(
    private readonly busName: string,
    region: string,
    client?: EventBridgeClient,
  ) {
    this.client = client ?? new EventBridgeClient({ region });
  }

  async publish(event: SessionEvent): Promise<void> {
    const out = await this.client.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: this.busName, Source: EVENT_SOURCE, DetailType: event.type, Detail: JSON.stringify(event) }],
      }),
    );
    if ((out.FailedEntryCount ?? 0) > 0) {
      throw new Error(`EventBridge refused event ${event.eventId}: ${out.Entries?.[0]?.ErrorCode ?? 'unknown'} ${out.Entries?.[0]?.ErrorMessage ?? ''}`);
    }
  }
}
