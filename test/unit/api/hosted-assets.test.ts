import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHosted } from '../../../functions/api/hosted-assets.ts';
import { FLOW_CSP, hostedFileName } from '../../../functions/core/hosted/hosted-assets.ts';

/** The function that serves /flow/ and /sdk/ on AWS, on files built by the script the stack runs at synth. */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
let dir: string;

const get = (resource: string, proxy: string | null, method = 'GET') =>
  serveHosted(
    {
      resource,
      path: `/${resource.split('/')[1]}/${proxy ?? ''}`,
      httpMethod: method,
      pathParameters: proxy === null ? null : { proxy },
      requestContext: { identity: { sourceIp: '81.2.69.142' } },
    } as unknown as APIGatewayProxyEvent,
    dir,
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hosted-'));
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'build-hosted-assets.ts'), dir]);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('serveHosted', () => {
  it('serves the flow page with its CSP (framable by any page), nosniff, camera policy and no referrer', async () => {
    const res = await get('/flow', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': FLOW_CSP,
      'x-content-type-options': 'nosniff',
      'permissions-policy': 'camera=(self)',
      'referrer-policy': 'no-referrer',
    });
    expect(FLOW_CSP).toContain('frame-ancestors *');
    expect(Buffer.from(res.body, 'base64').toString('utf8')).toContain('<script src="flow.js" defer>');
  });

  it('serves the flow script and style and the SDK bundle with their content types; the SDK with CORS', async () => {
    expect((await get('/flow/{proxy+}', 'flow.js')).headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8' });
    expect((await get('/flow/{proxy+}', 'flow.css')).headers).toMatchObject({ 'content-type': 'text/css; charset=utf-8' });
    const sdk = await get('/sdk/{proxy+}', 'sdk.js');
    expect(sdk.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' });
    expect(Buffer.from(sdk.body, 'base64').toString('utf8')).toContain('StepVerification');
    expect((await get('/sdk/{proxy+}', 'index.mjs')).statusCode).toBe(200);
  });

  it('answers the source address API Gateway saw at /flow/client-ip', async () => {
    const res = await get('/flow/{proxy+}', 'client-ip');
    expect(JSON.parse(res.body)).toEqual({ ipAddress: '81.2.69.142' });
    expect(res.headers).toMatchObject({ 'cache-control': 'no-store' });
  });

  it('answers 404 problem details for any other name, including traversal attempts', async () => {
    for (const name of ['../../package.json', 'flow/../index.html', 'nope.js', 'index.mjs']) {
      const res = await get('/flow/{proxy+}', name);
      expect(res.statusCode, name).toBe(404);
      expect(res.headers).toMatchObject({ 'content-type': 'application/problem+json' });
    }
    expect(hostedFileName('sdk', '')).toBeNull();
  });

  it('answers HEAD without a body', async () => {
    const res = await get('/flow', null, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
