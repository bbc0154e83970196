import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../functions/core/webhooks/signature.ts';
import { admin, call, newTenant, post, sandbox } from './helpers.ts';

/**
 * The session life through the local HTTP API (issue 8): a server mints a session access token, the SDK side runs
 * the workflow's step with it, the session reaches its decision, and one signed webhook reaches the receiver.
 */

interface Received { headers: IncomingMessage['headers']; body: string }

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let failNext = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(503).end();
        return;
      }
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});


async function waitFor<T>(fn: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('session life with a server-minted token', () => {
  it('runs a workflow to its decision and delivers one signed webhook that the documented recipe verifies', async () => {
    const tenant = await newTenant();
    const { workflowId } = await admin('create-workflow', '--app', tenant.appId, '--steps', 'ip_analysis');
    const { webhookSecret } = await admin('get-webhook-secret', '--app', tenant.appId);
    expect(webhookSecret).toMatch(/^whsec_/);

    const minted = await call('POST', '/api/v1/sessions/token', {
      key: tenant.apiKey,
      body: { workflowId, clientData: 'user-42', metadata: 'order-7', callbackUrl: receiverUrl, expectedDetails: { firstName: 'Anna' } },
    });
    expect(minted.status).toBe(200);
    expect(minted.body).toMatchObject({ workflowId, state: 'Created', sat: expect.stringMatching(/^ey/) });
    const { sessionId, sat } = minted.body;

    const before = await call('GET', `/api/v1/sessions/${sessionId}`, { sat });
    expect(before.body).toMatchObject({ sessionId, state: 'Created', decision: null, clientData: 'user-42', workflowSteps: ['step_ip_analysis'] });

    failNext = 1; // the receiver fails once: the delivery is retried
    // A browser (sat) is analysed at its source address: the one the (test's trusted) proxy forwards.
    const step = await post('ip-analysis', { ipAddress: '8.8.8.8' }, { key: null, headers: { authorization: `Bearer ${sat}`, 'x-forwarded-for': '81.2.69.142' } });
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({ sessionId, status: 'Completed', decision: 'Approved', result: { ipAddress: '81.2.69.142' } });

    const session = await call('GET', `/api/v1/sessions/${sessionId}`, { key: tenant.apiKey });
    expect(session.body).toMatchObject({ state: 'Processing', decision: 'Approved', steps: [{ stepCode: 'step_ip_analysis', status: 'Completed', decision: 'Approved' }] });

    const hook = await waitFor(() => received.find((r) => JSON.parse(r.body).data.sessionId === sessionId));
    const signature = String(hook.headers['webhook-signature']);
    expect(verifyWebhookSignature(webhookSecret, hook.body, signature)).toBe(true);
    expect(verifyWebhookSignature(webhookSecret, hook.body.replace('Approved', 'Declined'), signature)).toBe(false);
    const payload = JSON.parse(hook.body);
    expect(payload).toMatchObject({
      id: hook.headers['webhook-id'],
      type: 'session.decided',
      data: { sessionId, decision: session.body.decision, clientData: 'user-42', metadata: 'order-7' },
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.filter((r) => JSON.parse(r.body).data.sessionId === sessionId)).toHaveLength(1);
  });

  it('binds a sat to its session: no other session, no token minting, no reading of others', async () => {
    const tenant = await newTenant();
    const a = await call('POST', '/api/v1/sessions/token', { key: tenant.apiKey, body: {} });
    const b = await call('POST', '/api/v1/sessions/token', { key: tenant.apiKey, body: {} });
    expect(a.body.workflowId).toBe(tenant.workflowId);
    const other = await post('ip-analysis', { sessionId: b.body.sessionId, ipAddress: '8.8.8.8' }, { key: null, headers: { authorization: `Bearer ${a.body.sat}` } });
    expect(other.status).toBe(404);
    expect((await call('GET', `/api/v1/sessions/${b.body.sessionId}`, { sat: a.body.sat })).status).toBe(404);
    expect((await call('POST', '/api/v1/sessions/token', { sat: a.body.sat, body: {} })).status).toBe(403);
    const again = await call('POST', '/api/v1/sessions/token', { key: tenant.apiKey, body: { sessionId: a.body.sessionId } });
    expect(again.body.sessionId).toBe(a.body.sessionId);
    expect((await call('GET', `/api/v1/sessions/${a.body.sessionId}`, { key: sandbox().apiKey })).status).toBe(404);
    const forged = a.body.sat.slice(0, -4) + (a.body.sat.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call('GET', `/api/v1/sessions/${a.body.sessionId}`, { sat: forged })).status).toBe(401);
  });

  it('lets a public key create sessions only, and refuses secret keys sent by a browser', async () => {
    const created = await call('POST', '/api/v1/sessions', { key: sandbox().publicKey, body: { clientData: 'u-1' }, headers: { origin: 'https://shop.example' } });
    expect(created.status).toBe(201);
    expect(created.body.sat).toBeTruthy();
    expect((await call('POST', '/api/v1/sessions/token', { key: sandbox().publicKey, body: {} })).status).toBe(403);
    expect((await call('GET', `/api/v1/sessions/${created.body.sessionId}`, { key: sandbox().publicKey })).status).toBe(403);
    const withSat = await post('ip-analysis', { ipAddress: '8.8.8.8' }, { key: null, headers: { authorization: `Bearer ${created.body.sat}`, origin: 'https://shop.example' } });
    expect(withSat.status).toBe(200);
    const secretFromBrowser = await post('ip-analysis', { workflowId: sandbox().workflowId, ipAddress: '8.8.8.8' }, { headers: { origin: 'https://shop.example' } });
    expect(secretFromBrowser.status).toBe(403);
  });

  it('erases a session and its data on an operator request', async () => {
    const step = await post('ip-analysis', { workflowId: sandbox().workflowId, ipAddress: '8.8.8.8' });
    const erased = await admin('delete-session', '--session', step.body.sessionId);
    expect(erased).toMatchObject({ sessionId: step.body.sessionId, deletedItems: 2 });
    expect((await call('GET', `/api/v1/sessions/${step.body.sessionId}`, { key: sandbox().apiKey })).status).toBe(404);
    expect(await admin('delete-session', '--session', step.body.sessionId)).toHaveProperty('error');
  });
});
