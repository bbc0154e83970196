import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../../../../functions/core/webhooks/signature.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"session.decided"}';

  it('signs "<t>.<body>" with HMAC-SHA256 in the documented header form', () => {
    const mac = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signWebhook(secret, body, 1700000000)).toBe(`t=1700000000,v1=${mac}`);
  });

  it('verifies its own signature within the tolerance and refuses replays, other bodies and other secrets', () => {
    const header = signWebhook(secret, body, 1700000000);
    expect(verifyWebhookSignature(secret, body, header, 1700000100)).toBe(true);
    expect(verifyWebhookSignature(secret, body, header, 1700000000 + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, `${body} `, header, 1700000000)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', body, header, 1700000000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 't=1700000000,v1=zz', 1700000000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'garbage', 1700000000)).toBe(false);
  });
});
