import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildBrowserSdk, buildFlow, type Asset } from '../sdk-web/build.ts';
import { clientAddress } from './client-address.ts';
import { FLOW_CSP } from '../functions/core/hosted/hosted-assets.ts';

/**
 * Static part of the local service: the hosted capture flow at `/flow/`, the Web SDK bundle at `/sdk/` and the
 * example integrator page at `/examples/`, all from the service's one origin (the origin the SDK's iframe and every
 * postMessage check are bound to). The flow and the SDK are built in memory with esbuild on their first request,
 * so `npm start` needs no build step; a restart picks up source changes.
 *
 * Paths:
 * - `GET /flow/` (index.html), `/flow/flow.js`, `/flow/flow.css`: the flow, with a Content-Security-Policy that
 *   allows only its own scripts, styles and API calls, and lets any page frame it (the SDK's iframe).
 * - `GET /flow/client-ip`: `{"ipAddress": "…"}`, the address this server sees (the same as a step's source
 *   address: `TRUST_PROXY_HOPS`), for the flow's IP analysis request body.
 * - `GET /sdk/sdk.min.js` (a script tag: global `StepVerification`), `/sdk/index.mjs` (an ES module): with
 *   `Access-Control-Allow-Origin: *`, so that an integrator's page on another origin can load them.
 * - `GET /examples/`, `/examples/app.js`, `/examples/config.json`: the example page (create mode with the sandbox
 *   public key; token mode needs examples/server.mjs, which holds the secret key).
 */


const EXAMPLES_DIR = path.resolve(import.meta.dirname, '..', 'examples');
const EXAMPLE_FILES: Record<string, string> = {
  '': 'index.html',
  'index.html': 'index.html',
  'app.js': 'app.js',
};
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

let flowAssets: Promise<Map<string, Asset>> | null = null;
let sdkAssets: Promise<Map<string, Asset>> | null = null;

function send(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer | string, headers: Record<string, string>): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'content-length': String(bytes.length), 'x-content-type-options': 'nosniff', ...headers });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
  send(req, res, 404, JSON.stringify({ title: 'Not Found', status: 404, detail: `No file ${pathname}.` }), { 'content-type': 'application/problem+json' });
}

async function serveAsset(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  load: () => Promise<Map<string, Asset>>,
  name: string,
  headers: Record<string, string>,
): Promise<void> {
  const assets = await load();
  const a = assets.get(name);
  if (!a) return notFound(req, res, pathname);
  send(req, res, 200, a.body, { 'content-type': a.contentType, 'cache-control': 'no-cache', ...headers });
}


/** `config.json` of the example page when the service itself serves it: create mode with the sandbox public key. */
async function exampleConfig(req: IncomingMessage): Promise<string> {
  const dataDir = path.resolve(process.env['DATA_DIR'] ?? '.data');
  let sandbox: { publicKey?: string; workflowId?: string } = {};
  try {
    sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as typeof sandbox;
  } catch {
    // no sandbox yet: the page asks for a key
  }
  const host = req.headers.host ?? '127.0.0.1';
  return JSON.stringify({ serviceUrl: `http://${host}`, publicKey: sandbox.publicKey ?? null, workflowId: sandbox.workflowId ?? null, tokenUrl: null });
}

/**
 * Serves `/flow/…`, `/sdk/…` and `/examples/…`.
 * @returns true when the request was for one of these paths (the answer is then being written), false otherwise
 *   (the caller routes it on).
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, opts: { trustProxyHops?: number } = {}): boolean {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const prefix = /^\/(flow|sdk|examples)(\/|$)/.exec(pathname)?.[1];
  if (!prefix) return false;
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, 405, JSON.stringify({ title: 'Method Not Allowed', status: 405, detail: `${req.method} is not allowed on ${pathname}.` }), {
      'content-type': 'application/problem+json',
      allow: 'GET, HEAD',
    });
    return true;
  }
  if (pathname === `/${prefix}`) {
    res.writeHead(301, { location: `/${prefix}/` }).end();
    return true;
  }
  const name = pathname.slice(prefix.length + 2);
  const work = (async () => {
    if (prefix === 'flow') {
      if (name === 'client-ip') {
        send(req, res, 200, JSON.stringify({ ipAddress: clientAddress(req, opts.trustProxyHops ?? 0) }), { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return;
      }
      const file = name === '' ? 'index.html' : name;
      const headers: Record<string, string> =
        file === 'index.html'
          ? { 'content-security-policy': FLOW_CSP, 'permissions-policy': 'camera=(self)', 'referrer-policy': 'no-referrer' }
          : {};
      await serveAsset(req, res, pathname, () => (flowAssets ??= buildFlow()), file, headers);
    } else if (prefix === 'sdk') {
      const file = name === 'index.mjs' ? 'index.mjs' : name === 'sdk.min.js' || name === 'sdk.js' ? 'sdk.min.js' : '';
      await serveAsset(req, res, pathname, () => (sdkAssets ??= buildBrowserSdk()), file, { 'access-control-allow-origin': '*' });
    } else {
      if (name === 'config.json') {
        send(req, res, 200, await exampleConfig(req), { 'content-type': 'application/json', 'cache-control': 'no-store' });
        return;
      }
      const file = EXAMPLE_FILES[name];
      if (!file) return notFound(req, res, pathname);
      send(req, res, 200, await readFile(path.join(EXAMPLES_DIR, file)), { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    }
  })();
  work.catch((err: unknown) => {
    // A failed build is not cached: the next request tries again.
    if (prefix === 'flow') flowAssets = null;
    if (prefix === 'sdk') sdkAssets = null;
    console.error(`static ${pathname} failed: ${(err as Error).message}`);
    if (!res.headersSent) send(req, res, 500, JSON.stringify({ title: 'Internal Server Error', status: 500, detail: `Could not build ${pathname}.` }), { 'content-type': 'application/problem+json' });
    else res.destroy();
  });
  return true;
}
