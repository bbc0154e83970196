import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, after Stripe's scheme: `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` where
 * the HMAC key is the application's `whsec_…` secret and the signed text is `<t>.<raw body>`. Signing the time
 * with the body lets a receiver refuse replays older than a tolerance. README.md "Webhooks" gives the recipe.
 * @see https://docs.stripe.com/webhooks#verify-manually
 */

/** Header names of a webhook POST. */
export const WEBHOOK_HEADERS = { signature: 'webhook-signature', id: 'webhook-id' } as const;
/** Default replay tolerance of {@link verifyWebhookSignature}, in seconds. @default 300 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `Webhook-Signature` header value of `body` signed at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Verifies a `Webhook-Signature` header: the receiver's side of the recipe.
 * @returns true when one `v1` signature matches and `t` is within `toleranceSeconds` of `now`.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
