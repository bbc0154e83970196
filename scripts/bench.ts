/**
 * `npm run bench`: latency percentiles and throughput of the step API through the local HTTP server, as an
 * integrator meets it. The service runs in its own process (`bin/local.ts`, fresh DATA_DIR, free port) so that
 * the load generator (autocannon, this process) does not share its event loop. Prints the numbers and writes
 * them into docs/performance.md between `<!-- bench:NAME -->` markers.
 *
 * Runs: ip-analysis at concurrency 1 (latency, 2,000 requests) and at concurrency 16 (throughput, 10 s), each
 * request a new session on the default workflow, cycling through public IPv4 and IPv6 addresses.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADDRESSES = ['8.8.8.8', '1.1.1.1', '81.2.69.142', '185.220.101.1', '2001:4860:4860::8888', '203.0.113.9', '151.101.1.69', '2a02:2e0:3fe:1001:302::'];

interface Sandbox { baseUrl: string; apiKey: string; workflowId: string }

async function startService(): Promise<{ sandbox: Sandbox; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'svs-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', POWERTOOLS_LOG_LEVEL: 'WARN' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
      if ((await fetch(new URL('/', sandbox.baseUrl))).ok) {
        return {
          sandbox,
          stop: async () => {
            child.kill('SIGTERM');
            await new Promise((r) => child.once('exit', r));
            await rm(dataDir, { recursive: true, force: true });
          },
        };
      }
    } catch {
      // not ready
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not start');
}

interface Row { name: string; connections: number; requests: number; p50: number; p90: number; p99: number; rps: number; errors: number }

async function load(name: string, sandbox: Sandbox, opts: { connections: number; amount?: number; duration?: number }): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url: `${sandbox.baseUrl}/ip-analysis`,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ workflowId: sandbox.workflowId, ipAddress: ADDRESSES[i++ % ADDRESSES.length] }),
        }),
      },
    ],
  });
  const errors = result.errors + result.non2xx + result.timeouts;
  return {
    name,
    connections: opts.connections,
    requests: result.requests.total,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors,
  };
}

async function writeSection(name: string, markdown: string): Promise<void> {
  const file = path.join(ROOT, 'docs', 'performance.md');
  let text = await readFile(file, 'utf8').catch(() => '# Performance\n\nNumbers written by `npm run bench` (scripts/bench.ts).\n');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(file, text);
}

const { sandbox, stop } = await startService();
try {
  await load('warm-up', sandbox, { connections: 4, amount: 400 });
  const rows = [
    await load('latency (1 connection)', sandbox, { connections: 1, amount: 2000 }),
    await load('throughput (16 connections, 10 s)', sandbox, { connections: 16, duration: 10 }),
  ];
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const table = [
    `### ip-analysis through the local HTTP server`,
    ``,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), Node ${process.versions.node}. Each request creates a session on the default workflow and`,
    `runs the full request path (auth, validation, session, conditional step claim, engine, step and session writes) against dynalite.`,
    ``,
    `| run | connections | requests | p50 ms | p90 ms | p99 ms | requests/s | errors |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.name} | ${r.connections} | ${r.requests} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.rps} | ${r.errors} |`),
  ].join('\n');
  console.log(table);
  await writeSection('ip-analysis', table);
} finally {
  await stop();
}
