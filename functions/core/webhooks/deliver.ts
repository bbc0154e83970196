import type { SessionEvent } from '../events.ts';
import type { Service } from '../service.ts';
import { sessionView } from '../session-api.ts';
import { callbackRefusal } from './target.ts';
import { WEBHOOK_HEADERS, signWebhook } from './signature.ts';

/**
 * Webhook delivery: turns one session event into a signed POST to the session's `callbackUrl` (else the
 * application's webhook URL). Shared by the AWS delivery Lambda (EventBridge target; on a thrown
 * {@link RetryableDeliveryError} it schedules the next attempt on the SQS retry queue, functions/events/
 * webhook-delivery.ts) and the local in-process queue (the same schedule, dead letters in
 * `$DATA_DIR/webhooks-dead-letter.jsonl`).
 */

/**
 * The body of a webhook POST (README.md "Webhooks").
 * @example
 * { "id": "evt_…", "type": "session.decided", "createdAt": "2026-11-22T10:00:00.000Z",
 *   "data": { "sessionId": "…", "workflowId": "wf_…", "state": "Processing", "decision": "Approved",
 *             "steps": [{ "stepCode": "step_ip_analysis", "status": "Completed", "decision": "Approved" }],
 *             "clientData": "user-42", "metadata": null, "decidedAt": "…" } }
 */
export interface WebhookPayload {
  id: string;
  type: string;
  createdAt: string;
  data: {
    sessionId: string;
    workflowId: string;
    state: string;
    decision: string | null;
    steps: Array<{ stepCode: string; status: string; decision: string | null }>;
    clientData: string | null;
    metadata: string | null;
    decidedAt: string | null;
  };
}

/** A failure worth retrying: a 5xx answer, a timeout or a network error. */
export class RetryableDeliveryError extends Error {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.name = 'RetryableDeliveryError';
  }
}

/** What one delivery attempt did. */
export type DeliveryResult =
  | { status: 'delivered'; httpStatus: number; target: string }
  | { status: 'duplicate' }
  | { status: 'no_target' | 'refused' | 'rejected' | 'gone'; reason: string };

/**
 * Delivers one event once.
 * @throws RetryableDeliveryError on a 5xx answer, a timeout, a network error, or while another attempt holds the
 *   event; the caller retries with backoff. Permanent outcomes (no target, a refused target, a 4xx answer, the
 *   session erased) are returned, recorded, and not retried.
 */
export async function deliverWebhook(event: SessionEvent, service: Service, fetchImpl: typeof fetch = fetch): Promise<DeliveryResult> {
  const session = await service.sessions.getSession(event.sessionId);
  if (!session) return { status: 'gone', reason: 'the session no longer exists (expired or erased)' };
  const owner = await service.repo.findAppOwner(event.appId);
  const target = session.callbackUrl ?? owner?.app.webhookUrl;
  if (!owner || !target || !owner.app.webhookSecret) {
    await service.deliveries.park(event.eventId, event.sessionId, 'no webhook target');
    return { status: 'no_target', reason: 'neither the session nor the application has a webhook URL' };
  }
  const refusal = await callbackRefusal(target, session.environment);
  if (refusal) {
    await service.deliveries.park(event.eventId, event.sessionId, `target refused: ${refusal}`);
    return { status: 'refused', reason: refusal };
  }
  const claim = await service.deliveries.claim(event.eventId, event.sessionId, Math.ceil(service.config.WEBHOOK_TIMEOUT_MS / 1000) + 30);
  if (claim === 'already_delivered') return { status: 'duplicate' };
  if (claim === 'in_flight') throw new RetryableDeliveryError(`event ${event.eventId} is being delivered by another attempt`);

  const workflow = await service.repo.findWorkflow(session.appId, session.workflowId);
  const view = sessionView(session, workflow?.steps ?? []);
  const payload: WebhookPayload = {
    id: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    data: {
      sessionId: view.sessionId,
      workflowId: view.workflowId,
      state: view.state,
      decision: view.decision,
      steps: view.steps,
      clientData: view.clientData,
      metadata: view.metadata,
      decidedAt: view.decidedAt,
    },
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  let response: Response;
  try {
    response = await fetchImpl(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'step-verification-webhooks/1',
        [WEBHOOK_HEADERS.id]: event.eventId,
        [WEBHOOK_HEADERS.signature]: signWebhook(owner.app.webhookSecret, body, timestamp),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(service.config.WEBHOOK_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
  } catch (err) {
    await service.deliveries.finish(event.eventId, 'failed', { error: (err as Error).message, target });
    throw new RetryableDeliveryError(`POST ${new URL(target).origin} failed: ${(err as Error).message}`, { cause: err });
  }
  if (response.status >= 200 && response.status < 300) {
    await service.deliveries.finish(event.eventId, 'delivered', { httpStatus: response.status, target });
    return { status: 'delivered', httpStatus: response.status, target };
  }
  await service.deliveries.finish(event.eventId, 'failed', { httpStatus: response.status, target });
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    throw new RetryableDeliveryError(`POST ${new URL(target).origin} answered ${response.status}`);
  }
  return { status: 'rejected', reason: `the receiver answered ${response.status}` };
}
