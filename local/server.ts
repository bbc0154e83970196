import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '../functions/core/config.ts';
import { getService, setEventPublisher } from '../functions/core/service.ts';
import { LocalEventQueue } from './event-queue.ts';
import { STEPS_BASE_PATH } from '../functions/routes.ts';
import { getIpEngine } from '../functions/core/steps/ip-analysis.ts';
import { getAmlIndex } from '../functions/core/steps/aml-screening.ts';
import { getDocumentEngine, getFaceEngine, getLivenessEngine } from '../functions/core/inference.ts';
import { lambdaContext, loadRoutes, matchPath, sendProblem, sendResult, toProxyEvent, type LoadedRoute } from './gateway.ts';
import { seedSandbox, type SandboxCredentials } from './seed.ts';
import { serveStatic } from './static-flow.ts';
import { trustProxyHopsFromEnv } from './client-address.ts';
import { localEnvironment, startLocalStores, type LocalStores } from './stores.ts';

/** Repository root (local/ -> ..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** First webhook retry delay of the local queue, in ms (`WEBHOOK_RETRY_BASE_MS` overrides it). */
export const LOCAL_WEBHOOK_RETRY_BASE_MS = 1000;

/**
 * Default `MEDIA_MAX_BYTES` under `npm start`: 32 MiB per decoded media file. On one machine no Lambda payload limit
 * applies (on AWS a synchronous invocation carries at most 6 MB, hence 4 MiB there, docs/deploy.md), and a scan or
 * phone photo of a document may well exceed 4 MiB: a lossless PNG of an 8-megapixel page is about 12 MB (a blind
 * specimen of seed 62, docs/document-verification-log.md "Fifty-sixth session"), and one of a larger phone photo more.
 * The decoder still refuses images of more than 40 megapixels (functions/engines/document/image/loadImage.ts).
 */
export const LOCAL_MEDIA_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Default `BODY_MAX_BYTES` under `npm start`: 90,000,000 bytes, two {@link LOCAL_MEDIA_MAX_BYTES} files in base64
 * (4/3 larger each, 89.48 MB) and the rest of the request, as when a card's MRZ side is sent as front and back.
 */
export const LOCAL_BODY_MAX_BYTES = 90_000_000;

/** Options of {@link startLocalService}. */
export interface LocalServiceOptions {
  /** Where the stores persist and `sandbox.json`/`local.json` are written. @default ".data" */
  dataDir?: string;
  /** HTTP port; 0 lets the OS choose. @default 3000 */
  port?: number;
  /** Address to bind. @default "127.0.0.1" */
  host?: string;
  /**
   * Trusted reverse proxies in front of the service: 0 takes a request's source address from its socket and
   * ignores X-Forwarded-For (local/client-address.ts). @default `TRUST_PROXY_HOPS`, else 0
   */
  trustProxyHops?: number;
}

/** A running local service. */
export interface LocalService {
  /** `http://host:port`: `GET /` answers 200 when ready. */
  origin: string;
  sandbox: SandboxCredentials;
  stores: LocalStores;
  close(): Promise<void>;
}

/**
 * Starts the whole service on this machine (issue 3, DESIGN.md "What runs where"): dynalite and s3rver
 * in-process, the table and bucket, the sandbox seed, the IP data, and an HTTP server that turns each request into
 * an API Gateway proxy event for the same handler modules that run on AWS. It listens only once everything is
 * loaded, so `GET /` answering 200 means ready.
 */
export async function startLocalService(opts: LocalServiceOptions = {}): Promise<LocalService> {
  const dataDir = path.resolve(opts.dataDir ?? '.data');
  const host = opts.host ?? '127.0.0.1';
  const trustProxyHops = opts.trustProxyHops ?? trustProxyHopsFromEnv();
  await mkdir(dataDir, { recursive: true });
  const stores = await startLocalStores(dataDir);
  Object.assign(process.env, localEnvironment(stores.endpoints));
  process.env['MEDIA_MAX_BYTES'] ??= String(LOCAL_MEDIA_MAX_BYTES);
  process.env['BODY_MAX_BYTES'] ??= String(LOCAL_BODY_MAX_BYTES);
  process.env['POWERTOOLS_LOG_LEVEL'] ??= 'WARN';
  // Metrics (EMF on stdout) and traces are for AWS: locally they stay silent (functions/api/observability.ts).
  process.env['POWERTOOLS_METRICS_DISABLED'] ??= 'true';
  process.env['POWERTOOLS_TRACE_ENABLED'] ??= 'false';
  process.env['SAT_SIGNING_KEY'] ??= await satSigningKey(dataDir);
  const service = getService();
  // The AWS schedule (functions/core/webhooks/retry-schedule.ts) from a 1 s base instead of 1 min.
  const queue = new LocalEventQueue(service, dataDir, {
    baseDelayMs: Number(process.env['WEBHOOK_RETRY_BASE_MS'] ?? LOCAL_WEBHOOK_RETRY_BASE_MS),
  });
  setEventPublisher(queue);
  const loaded = await loadRoutes(REPO_ROOT);
  // Load the engines' data before listening, so that `GET /` answering 200 means the first step call is fast.
  await getIpEngine(getConfig()).catch((err: unknown) => {
    console.error(`IP data could not be loaded; ip-analysis will answer InReview (SPEC.md rule 5): ${(err as Error).message}`);
  });
  await Promise.all([getFaceEngine(getConfig()), getLivenessEngine(getConfig())]).catch((err: unknown) => {
    console.error(`Face models could not be loaded; face-match and liveness-check will answer InReview: ${(err as Error).message}`);
  });
  await getDocumentEngine(getConfig()).catch((err: unknown) => {
    console.error(`Document models could not be loaded; id-verification will answer InReview: ${(err as Error).message}`);
  });
  await getAmlIndex(getConfig()).catch((err: unknown) => {
    console.error(`AML index could not be loaded; aml-screening will answer Declined (SPEC.md rule 4): ${(err as Error).message}`);
  });

  const state = { ready: false };
  const server = createHttpServer(loaded, service.config.BODY_MAX_BYTES, service.config.STAGE, state, trustProxyHops);
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 3000, host, () => resolve((server.address() as AddressInfo).port));
  });
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  // SPEC.md 1: {base_url} is the steps' base, `<origin>/api/v1/steps`.
  const sandbox = await seedSandbox(service.repo, dataDir, `${origin}${STEPS_BASE_PATH}`);
  await writeFile(path.join(dataDir, 'local.json'), `${JSON.stringify({ ...stores.endpoints, origin }, null, 2)}\n`);
  state.ready = true;
  return {
    origin,
    sandbox,
    stores,
    close: async () => {
      queue.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await stores.close();
      await rm(path.join(dataDir, 'local.json'), { force: true });
    },
  };
}

/**
 * The local sat signing key: 32 random bytes, base64, kept in `$DATA_DIR/sat-signing-key` (mode 0600) so that
 * tokens stay valid across restarts. On AWS the key lives in Secrets Manager.
 */
async function satSigningKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'sat-signing-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64');
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

/**
 * How long (ms) the local server keeps an idle connection open for the next request: 65 s, as servers behind AWS load
 * balancers are configured (longer than their 60 s idle timeout; `headersTimeout` 1 s more, as Node's documentation
 * advises). Node's default, 5 s, races a client reusing a connection near that moment: undici, which `fetch` uses,
 * reuses an idle socket until its `keepAliveTimeoutThreshold` (1-2 s, by version) before the server's advertised
 * timeout, and a server starved of CPU may run its idle timer before it reads a request that has already arrived; the
 * client then fails writing the body (`EPIPE`). That is the likely cause, not a proven one, of an `EPIPE` seen once,
 * on a 90 MB body sent right after the previous answer, in test/integration/contract.test.ts under a clean clone's
 * `.ci/run` on a machine busy with an evaluation (fifty-ninth session, 2026-12-01); a longer timeout makes such a
 * moment rare.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function createHttpServer(loaded: LoadedRoute[], maxBody: number, stage: string, state: { ready: boolean }, trustProxyHops: number): Server {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!state.ready) {
      req.resume();
      sendProblem(res, 503, 'Service Unavailable', 'The service is starting.', url.pathname);
      return;
    }
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const body = JSON.stringify({ status: 'ready', service: 'step-verification', openapi: '/api/v1/openapi.json' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (serveStatic(req, res, { trustProxyHops })) return; // /flow/, /sdk/, /examples/ (Web SDK, issue 7)
    const forPath = loaded.filter((r) => matchPath(r.route.path, url.pathname) !== null);
    const match = forPath.find((r) => r.route.method === req.method);
    if (!match) {
      req.resume();
      if (forPath.length > 0) {
        res.setHeader('allow', forPath.map((r) => r.route.method).join(', '));
        sendProblem(res, 405, 'Method Not Allowed', `${req.method} is not allowed on ${url.pathname}.`, url.pathname);
      } else {
        sendProblem(res, 404, 'Not Found', `No route ${url.pathname}.`, url.pathname);
      }
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (tooLarge) {
        sendProblem(res, 400, 'One or more validation errors occurred.', 'The request body is too large.', url.pathname, {
          body: [`is ${size} bytes; the limit is ${maxBody} bytes`],
        });
        return;
      }
      const event = toProxyEvent(req, Buffer.concat(chunks), match.route, stage, { trustProxyHops });
      match
        .handler(event, lambdaContext(match.route))
        .then((result) => sendResult(res, result))
        .catch((err: unknown) => {
          console.error('handler crashed', (err as Error).message);
          sendProblem(res, 500, 'Internal Server Error', 'An internal error occurred.', url.pathname);
        });
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  return server;
}
