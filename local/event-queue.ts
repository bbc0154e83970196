import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { EventPublisher, SessionEvent } from '../functions/core/events.ts';
import type { Service } from '../functions/core/service.ts';
import { RetryableDeliveryError, deliverWebhook } from '../functions/core/webhooks/deliver.ts';
import { webhookRetryDelayMs, WEBHOOK_RETRY_SCHEDULE } from '../functions/core/webhooks/retry-schedule.ts';

/**
 * The one-machine stand-in for EventBridge + the delivery Lambda + its dead-letter queue: an in-process queue that
 * runs the same delivery code (functions/core/webhooks/deliver.ts), retries a retryable failure on the same
 * schedule as the AWS delivery function (functions/core/webhooks/retry-schedule.ts: base, 2×base, 4×base, …
 * capped at 240×base, 14 attempts) from its own base, and appends what it gives up on to
 * `$DATA_DIR/webhooks-dead-letter.jsonl`.
 */
export class LocalEventQueue implements EventPublisher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /**
   * @param service the service whose stores and configuration the delivery uses.
   * @param dataDir where the dead-letter file is written.
   * @param opts.baseDelayMs first retry delay (the schedule's base). @default 1000
   * @param opts.maxAttempts attempts before an event is dead-lettered, at most the schedule's.
   *   @default WEBHOOK_RETRY_SCHEDULE.maxAttempts (14)
   */
  constructor(
    private readonly service: Service,
    private readonly dataDir: string,
    private readonly opts: { baseDelayMs?: number; maxAttempts?: number } = {},
  ) {}

  async publish(event: SessionEvent): Promise<void> {
    this.schedule(event, 1, 0);
  }

  /** Stops pending retries (service shutdown). */
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(event: SessionEvent, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, attempt);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(event: SessionEvent, attempt: number): Promise<void> {
    const maxAttempts = Math.min(this.opts.maxAttempts ?? WEBHOOK_RETRY_SCHEDULE.maxAttempts, WEBHOOK_RETRY_SCHEDULE.maxAttempts);
    try {
      await deliverWebhook(event, this.service);
    } catch (err) {
      const delay = webhookRetryDelayMs(attempt, this.opts.baseDelayMs ?? 1000);
      if (err instanceof RetryableDeliveryError && attempt < maxAttempts && delay !== null) {
        this.schedule(event, attempt + 1, delay);
        return;
      }
      const line = JSON.stringify({ event, attempts: attempt, error: (err as Error).message, at: new Date().toISOString() });
      await appendFile(path.join(this.dataDir, 'webhooks-dead-letter.jsonl'), `${line}\n`).catch(() => undefined);
    }
  }
}
