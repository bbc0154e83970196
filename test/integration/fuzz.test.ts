import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEDIA, newTenant, scan, sandbox } from './helpers.ts';

/**
 * Property-based test (fast-check): arbitrary and malformed bodies, headers and media thrown at every step route
 * never yield a 5xx and never leave a half-written session: every session has a step, and no step is left Pending or
 * SentToInference.
 */

const STEPS = ['id-verification', 'face-match', 'liveness-check', 'aml-screening', 'ip-analysis'] as const;
const FIELDS = [
  'sessionId', 'workflowId', 'documentId', 'frontImageBase64', 'backImageBase64', 'fileExtension', 'selfieImageBase64',
  'refImageBase64', 'firstName', 'lastName', 'fullName', 'dateOfBirth', 'nationality', 'gender', 'ipAddress',
];

describe('fuzzing every route', () => {
  it('never answers 5xx and never half-writes a session', async () => {
    const tenant = await newTenant();
    const media = fc.oneof(
      fc.constantFrom(MEDIA.png, MEDIA.jpg, MEDIA.mp4, '', '====', 'data:image/png;base64,' + MEDIA.png),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64')),
      fc.string(),
    );
    const value = fc.oneof(
      fc.constant(tenant.workflowId),
      fc.constantFrom('8.8.8.8', '::1', '10.0.0.1', '2001:4860:4860::8888', '1.2.3', 'fe80::1%eth0', 'wf_x', 'doc_passport', 'jpg', 'mp4', 'png', '1990-02-30'),
      fc.uuid(),
      media,
      fc.jsonValue({ maxDepth: 2 }),
    );
    const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), value, { maxKeys: 8 });
    const body = fc.oneof(
      objectBody.map((o) => JSON.stringify(o)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', '{', 'null', '[]', '{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {}}}'),
    );
    const headers = fc.record({
      key: fc.oneof(fc.constant(tenant.apiKey), fc.constant(tenant.publicKey), fc.string({ maxLength: 60 }), fc.constant(undefined)),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/problem+json', ''),
    });

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...STEPS), body, headers, async (step, text, h) => {
        const res = await fetch(`${sandbox().baseUrl}/${step}`, {
          method: 'POST',
          headers: {
            ...(h.contentType ? { 'content-type': h.contentType } : {}),
            ...(h.key !== undefined ? { 'x-api-key': h.key.replace(/[^\x20-\x7e]/g, '') } : {}),
          },
          body: text,
        });
        const status = res.status;
        await res.arrayBuffer();
        expect(status, `${step} answered ${status} to ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 250 },
    );

    const items = (await scan('SESSION#')).filter((i) => i.appId === tenant.appId || i.PK);
    const sessions = items.filter((i) => i.SK === 'SESSION' && i.appId === tenant.appId);
    for (const session of sessions) {
      const steps = items.filter((i) => i.PK === session.PK && String(i.SK).startsWith('STEP#'));
      expect(steps.length, `session ${session.sessionId} has no step`).toBeGreaterThan(0);
      for (const step of steps) expect(['Completed', 'Failed']).toContain(step.status);
    }
  });
});
