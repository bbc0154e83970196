import { describe, expect, it } from 'vitest';
import { MEDIA, admin, newTenant, post, sandbox, scan } from './helpers.ts';

/**
 * The contract of SPEC.md parts 2-7 through the local HTTP API, with organisations and keys made by the admin CLI.
 * IP analysis is the step used where a step must run; its engine is real (see ip-analysis.test.ts).
 */

const ip = (extra: Record<string, unknown> = {}) => ({ workflowId: sandbox().workflowId, ipAddress: '8.8.8.8', ...extra });

function expectProblem(answer: { status: number; contentType: string; body: any }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toContain('application/problem+json');
  expect(answer.body).toMatchObject({ status, type: expect.stringContaining('rfc9110#section-'), title: expect.any(String) });
  expect(typeof answer.body.errors).toBe('object');
}

describe('authentication (SPEC.md 5)', () => {
  it('answers 401 when X-API-KEY is missing', async () => {
    const answer = await post('ip-analysis', ip(), { key: null });
    expectProblem(answer, 401);
    expect(answer.body.instance).toBe('/api/v1/steps/ip-analysis');
  });

  it('answers 401 when the key is malformed or unknown', async () => {
    expectProblem(await post('ip-analysis', ip(), { key: 'not-a-key' }), 401);
    expectProblem(await post('ip-analysis', ip(), { key: `sk_sandbox_${'A'.repeat(32)}` }), 401);
  });

  it('answers 401 once a key is revoked', async () => {
    const tenant = await newTenant();
    const { key } = await admin('create-key', '--app', tenant.appId);
    expect((await post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key })).status).toBe(200);
    await admin('revoke-key', '--key', key);
    expectProblem(await post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key }), 401);
  });

  it('answers 403 while the organisation or the application is suspended, and 200 after reinstatement', async () => {
    const tenant = await newTenant();
    const call = () => post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key: tenant.apiKey });
    await admin('suspend', '--org', tenant.orgId);
    expectProblem(await call(), 403);
    await admin('reinstate', '--org', tenant.orgId);
    await admin('suspend', '--app', tenant.appId);
    expectProblem(await call(), 403);
    await admin('reinstate', '--app', tenant.appId);
    expect((await call()).status).toBe(200);
  });

  it('answers 402 without an active subscription', async () => {
    const tenant = await newTenant(['--no-subscription']);
    const call = () => post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key: tenant.apiKey });
    expectProblem(await call(), 402);
    await admin('set-subscription', '--org', tenant.orgId, '--status', 'active');
    expect((await call()).status).toBe(200);
  });

  it('answers 403 when the step is not on the plan', async () => {
    const tenant = await newTenant(['--features', 'step_aml_screening']);
    expectProblem(await post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key: tenant.apiKey }), 403);
    await admin('set-features', '--org', tenant.orgId, '--features', 'step_ip_analysis,step_aml_screening');
    expect((await post('ip-analysis', ip({ workflowId: tenant.workflowId }), { key: tenant.apiKey })).status).toBe(200);
  });

  it('answers 403 to a public key on the server API', async () => {
    expectProblem(await post('ip-analysis', ip(), { key: sandbox().publicKey }), 403);
  });
});

describe('sessions and ownership (SPEC.md 2.2, 5 rule 7)', () => {
  it('creates a session when sessionId is absent and attaches the next step to it', async () => {
    const first = await post('ip-analysis', ip());
    expect(first.status).toBe(200);
    expect(first.body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [session] = await scan(`SESSION#${first.body.sessionId}`).then((items) => items.filter((i) => i.SK === 'SESSION'));
    expect(session).toMatchObject({ workflowId: sandbox().workflowId, state: expect.any(String) });
  });

  it('answers 404 for an unknown workflow or session, and for another application\'s session', async () => {
    expectProblem(await post('ip-analysis', ip({ workflowId: 'wf_doesnotexist' })), 404);
    expectProblem(await post('ip-analysis', { sessionId: '3f1c2a4e-8b0d-4c5e-9a7f-1d2e3f4a5b6c', ipAddress: '8.8.8.8' }), 404);
    const other = await newTenant();
    const theirs = await post('ip-analysis', ip({ workflowId: other.workflowId }), { key: other.apiKey });
    expect(theirs.status).toBe(200);
    expectProblem(await post('ip-analysis', { sessionId: theirs.body.sessionId, ipAddress: '1.1.1.1' }), 404);
    expectProblem(await post('ip-analysis', ip({ workflowId: other.workflowId })), 404);
  });

  it('answers 400 when the workflow does not include the step', async () => {
    const { workflowId } = await admin('create-workflow', '--app', sandbox().appId, '--steps', 'step_aml_screening');
    const answer = await post('ip-analysis', ip({ workflowId }));
    expectProblem(answer, 400);
    expect(Object.keys(answer.body.errors)).toContain('workflowId');
  });
});

describe('rules 1-3 (SPEC.md 3.4)', () => {
  it('returns the stored envelope and does not run a finished step again', async () => {
    const first = await post('ip-analysis', ip());
    expect(first.body).toMatchObject({ stepCode: 'step_ip_analysis', status: 'Completed' });
    const again = await post('ip-analysis', { sessionId: first.body.sessionId, ipAddress: '1.2.3.4' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.body.result.ipAddress).toBe('8.8.8.8');
  });

  it('carries a null result unless the step is Completed', async () => {
    const answer = await post('ip-analysis', ip());
    expect(answer.body.status === 'Completed' || answer.body.result === null).toBe(true);
    expect(Object.keys(answer.body).sort()).toEqual(['decision', 'result', 'sessionId', 'status', 'statusReason', 'stepCode']);
  });
});

describe('validation (SPEC.md 7)', () => {
  it('names each invalid field', async () => {
    const answer = await post('ip-analysis', { ipAddress: 'not-an-ip', sessionId: 'abc', extra: 1 });
    expectProblem(answer, 400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['extra', 'sessionId']);
    const missing = await post('ip-analysis', { workflowId: sandbox().workflowId });
    expect(missing.body.errors).toHaveProperty('ipAddress');
    const bad = await post('ip-analysis', ip({ ipAddress: '999.1.1.1' }));
    expect(bad.body.errors.ipAddress).toEqual(['is not an IPv4 or IPv6 address']);
  });

  it('requires workflowId when sessionId is absent', async () => {
    const answer = await post('ip-analysis', { ipAddress: '8.8.8.8' });
    expectProblem(answer, 400);
    expect(answer.body.errors).toHaveProperty('workflowId');
  });

  it('answers 400 to invalid JSON and to a body that is not an object', async () => {
    const broken = await post('ip-analysis', '{"ipAddress": ');
    expectProblem(broken, 400);
    expect(broken.body.errors).toHaveProperty('body');
    expectProblem(await post('ip-analysis', '[1,2]'), 400);
  });

  it('answers 415 to a body that is not JSON', async () => {
    expectProblem(await post('ip-analysis', 'ipAddress=8.8.8.8', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
  });

  it('checks media: base64, magic bytes against fileExtension, and the size limit', async () => {
    const wf = sandbox().workflowId;
    const notBase64 = await post('liveness-check', { workflowId: wf, selfieImageBase64: '***', fileExtension: 'jpg' });
    expect(notBase64.body.errors.selfieImageBase64).toEqual(['is not valid base64']);
    const mismatch = await post('liveness-check', { workflowId: wf, selfieImageBase64: MEDIA.png, fileExtension: 'jpg' });
    expect(mismatch.body.errors.fileExtension[0]).toContain('png');
    const notImage = await post('face-match', { workflowId: wf, selfieImageBase64: Buffer.from('hello world').toString('base64'), refImageBase64: MEDIA.png });
    expect(notImage.body.errors).toHaveProperty('selfieImageBase64');
    const videoAsPhoto = await post('face-match', { workflowId: wf, selfieImageBase64: MEDIA.mp4, refImageBase64: MEDIA.png, fileExtension: 'mp4' });
    expect(videoAsPhoto.body.errors).toHaveProperty('fileExtension');
    // The local limits (local/server.ts): 32 MiB per decoded file (44,739,243 base64 characters), 90,000,000 bytes per body.
    const huge = await post('liveness-check', { workflowId: wf, selfieImageBase64: 'A'.repeat(44_800_000), fileExtension: 'jpg' });
    expectProblem(huge, 400);
    expect(huge.body.errors.selfieImageBase64[0]).toContain('limit');
    const tooLargeBody = await post('liveness-check', { workflowId: wf, selfieImageBase64: 'A'.repeat(90_100_000) });
    expectProblem(tooLargeBody, 400);
    expect(tooLargeBody.body.errors).toHaveProperty('body');
  });
});

describe('routing', () => {
  it('answers 404 to an unknown path and 405 to a wrong method, as problem details', async () => {
    const unknown = await fetch(new URL('/api/v1/steps/nothing', sandbox().baseUrl), { method: 'POST' });
    expect(unknown.status).toBe(404);
    const wrong = await fetch(`${sandbox().baseUrl}/ip-analysis`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
  });

  it('serves GET / and the OpenAPI document', async () => {
    expect((await fetch(new URL('/', sandbox().baseUrl))).status).toBe(200);
    const doc = (await (await fetch(new URL('/api/v1/openapi.json', sandbox().baseUrl))).json()) as { openapi: string; paths: object };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/steps/ip-analysis');
  });
});
