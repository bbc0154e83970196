/**
 * The webhook retry schedule, shared by the AWS delivery function (SQS re-enqueue with `DelaySeconds`) and the
 * local in-process queue (timers): exponential backoff from a base, doubling per attempt, capped, for about a day.
 *
 * With the production base of 60 s the delays before attempts 2-14 are 1, 2, 4, 8, 16, 32, 64 min, 2 h 8 min,
 * then 4 h five times: the last attempt starts 24 h 15 min after the first, and an event still failing then is
 * dead-lettered. A serious receiver outage of up to a day is thus bridged without an operator.
 */

/** Defaults of the schedule. */
export const WEBHOOK_RETRY_SCHEDULE = {
  /** Delay before the second attempt, in milliseconds (`WEBHOOK_RETRY_BASE_MS`). @default 60000 (1 minute) */
  baseMs: 60_000,
  /** Each delay is this many times the previous one. */
  factor: 2,
  /** Largest delay, in multiples of the base: 240 × 60 s = 4 h. */
  capMultiple: 240,
  /** Attempts in all, the first included; after the last failure the event is dead-lettered. */
  maxAttempts: 14,
} as const;

/**
 * The delay before the next attempt after attempt number `attempt` (1-based) failed in a retryable way.
 * @param attempt the attempt that just failed, from 1.
 * @param baseMs the first delay, in milliseconds. @default WEBHOOK_RETRY_SCHEDULE.baseMs
 * @returns milliseconds to wait, or null when `attempt` was the last one (dead-letter the event).
 * @throws RangeError when `attempt` is not a positive integer or `baseMs` not a positive number.
 * @example webhookRetryDelayMs(1) // 60000; webhookRetryDelayMs(9) // 14400000 (4 h); webhookRetryDelayMs(14) // null
 */
export function webhookRetryDelayMs(attempt: number, baseMs: number = WEBHOOK_RETRY_SCHEDULE.baseMs): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, not ${attempt}`);
  if (!(baseMs > 0)) throw new RangeError(`baseMs must be positive, not ${baseMs}`);
  if (attempt >= WEBHOOK_RETRY_SCHEDULE.maxAttempts) return null;
  const multiple = Math.min(WEBHOOK_RETRY_SCHEDULE.factor ** (attempt - 1), WEBHOOK_RETRY_SCHEDULE.capMultiple);
  return baseMs * multiple;
}

/**
 * Every delay of the schedule, in order (for docs and tests).
 * @param baseMs as for {@link webhookRetryDelayMs}.
 * @returns the delays before attempts 2 … maxAttempts, in milliseconds.
 */
export function webhookRetryDelays(baseMs: number = WEBHOOK_RETRY_SCHEDULE.baseMs): number[] {
  const out: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const delay = webhookRetryDelayMs(attempt, baseMs);
    if (delay === null) return out;
    out.push(delay);
  }
}
