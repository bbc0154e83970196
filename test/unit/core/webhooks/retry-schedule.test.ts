import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE, webhookRetryDelayMs, webhookRetryDelays } from '../../../../functions/core/webhooks/retry-schedule.ts';

describe('webhookRetryDelayMs', () => {
  it('doubles from one minute to a 4 h cap', () => {
    expect(webhookRetryDelays().map((ms) => ms / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 240, 240, 240, 240, 240]);
  });

  it('spans about a day before the last attempt, then gives up', () => {
    const total = webhookRetryDelays().reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(24.25, 2);
    expect(webhookRetryDelayMs(WEBHOOK_RETRY_SCHEDULE.maxAttempts)).toBeNull();
  });

  it('scales with the base (the local queue and tests shrink it)', () => {
    expect(webhookRetryDelays(10).slice(0, 4)).toEqual([10, 20, 40, 80]);
    expect(webhookRetryDelayMs(13, 10)).toBe(2400);
  });

  it('throws when the attempt or the base is out of range', () => {
    expect(() => webhookRetryDelayMs(0)).toThrow(RangeError);
    expect(() => webhookRetryDelayMs(1.5)).toThrow(RangeError);
    expect(() => webhookRetryDelayMs(1, 0)).toThrow(RangeError);
  });
});
