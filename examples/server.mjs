// An integrator's server for the example page, in plain Node.js (>= 18, no dependencies):
//   node examples/server.mjs            (reads .data/sandbox.json of a running `npm start`)
// It serves the page, and it holds the SECRET key: POST /token mints a session access token (sat) for the
// browser's token mode, and GET /session/<id> reads a session's decision, so that the page can confirm on the
// server what the browser reported. The secret key never leaves this process.
//
// Environment: SERVICE_URL (origin of the service), SECRET_KEY (sk_…), PUBLIC_KEY (pk_…), WORKFLOW_ID (wf_…),
// PORT (default 4000), HOST (default 127.0.0.1), DATA_DIR (default .data: where sandbox.json supplies defaults).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
let sandbox = {};
try {
  sandbox = JSON.parse(readFileSync(path.resolve(process.env.DATA_DIR || '.data', 'sandbox.json'), 'utf8'));
} catch {
  // no local sandbox: the environment must say everything
}
const serviceUrl = (process.env.SERVICE_URL || (sandbox.baseUrl ? new URL(sandbox.baseUrl).origin : '')).replace(/\/+$/, '');
const secretKey = process.env.SECRET_KEY || sandbox.apiKey;
const publicKey = process.env.PUBLIC_KEY || sandbox.publicKey || null;
const workflowId = process.env.WORKFLOW_ID || sandbox.workflowId || null;
if (!serviceUrl || !secretKey) {
  console.error('Set SERVICE_URL and SECRET_KEY, or start the service first (npm start) so that .data/sandbox.json exists.');
  process.exit(1);
}

const files = { '/': ['index.html', 'text/html; charset=utf-8'], '/index.html': ['index.html', 'text/html; charset=utf-8'], '/app.js': ['app.js', 'text/javascript; charset=utf-8'] };

function json(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(text);
}

async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) throw new Error('body too large');
  }
  return text ? JSON.parse(text) : {};
}

async function service(method, pathname, body) {
  const res = await fetch(serviceUrl + pathname, {
    method,
    headers: { 'x-api-key': secretKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url || '/', 'http://localhost');
  try {
    if (req.method === 'GET' && files[url.pathname]) {
      const [file, type] = files[url.pathname];
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      return res.end(readFileSync(path.join(here, file)));
    }
    if (req.method === 'GET' && url.pathname === '/config.json') {
      return json(res, 200, { serviceUrl, publicKey, workflowId, tokenUrl: 'token' });
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      // A real server authenticates its user here and takes clientData from its own records.
      const input = await readJson(req);
      const minted = await service('POST', '/api/v1/sessions/token', {
        workflowId: typeof input.workflowId === 'string' ? input.workflowId : workflowId,
        clientData: typeof input.clientData === 'string' ? input.clientData.slice(0, 1024) : null,
        metadata: 'example-server',
      });
      if (minted.status !== 200) return json(res, 502, { error: 'the service refused to mint a token', answer: minted.body });
      return json(res, 200, { sat: minted.body.sat, sessionId: minted.body.sessionId, expiresAt: minted.body.expiresAt });
    }
    const session = /^\/session\/([0-9a-f-]{36})$/i.exec(url.pathname);
    if (req.method === 'GET' && session) {
      const answer = await service('GET', '/api/v1/sessions/' + session[1]);
      return json(res, answer.status, answer.body);
    }
    json(res, 404, { error: 'not found' });
  } catch (err) {
    json(res, 500, { error: err.message });
  }
});

server.listen(Number(process.env.PORT ?? 4000), process.env.HOST || '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`Example integrator page at http://${process.env.HOST || '127.0.0.1'}:${port}/ (service ${serviceUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
