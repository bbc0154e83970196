/**
 * `npm run bench`: latency percentiles and throughput of the step API through the local HTTP server, as an
 * integrator meets it. The service runs in its own process (`bin/local.ts`, fresh DATA_DIR, free port) so that
 * the load generator (autocannon, this process) does not share its event loop. Prints the numbers and writes
 * them into docs/performance.md between `<!-- bench:NAME -->` markers.
 *
 * Runs: ip-analysis and aml-screening, each at concurrency 1 (latency) and 16 (throughput, 10 s), every request a
 * new session on the default workflow; and the AML engine alone (index load time, time per screening).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadAmlIndex, screen } from '../functions/engines/aml/index.ts';

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

/** Request bodies of one step, cycled through by the load generator. */
type BodyFactory = (i: number) => Record<string, unknown>;

async function load(name: string, sandbox: Sandbox, step: string, makeBody: BodyFactory, opts: { connections: number; amount?: number; duration?: number }): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url: `${sandbox.baseUrl}/${step}`,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ workflowId: sandbox.workflowId, ...makeBody(i++) }),
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

function table(title: string, intro: string, rows: Row[]): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return [
    `### ${title}`,
    ``,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(1)} when it started. ${intro}`,
    ``,
    `| run | connections | requests | p50 ms | p90 ms | p99 ms | requests/s | errors |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.name} | ${r.connections} | ${r.requests} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.rps} | ${r.errors} |`),
  ].join('\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** The AML engine alone: index load (a Lambda cold start's share) and one screening, in this process. */
async function amlEngineSection(names: string[]): Promise<string> {
  const started = performance.now();
  const index = await loadAmlIndex(path.join(ROOT, 'data', 'aml'));
  const loadMs = performance.now() - started;
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const fullName of names) {
      const t = performance.now();
      screen(index, { fullName });
      if (round > 0) times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const nameCount = index.entities.reduce((n, e) => n + e.names.length, 0);
  return [
    `### AML engine (in process)`,
    ``,
    `Index: data/aml (${index.entities.length} entities, ${nameCount} names). Load (read, gunzip, validate, compile): ${loadMs.toFixed(0)} ms.`,
    `Screening of ${names.length} names (half listed names, half common non-listed names), timed over 2 rounds after a warm-up round:`,
    `p50 ${percentile(times, 0.5).toFixed(2)} ms, p90 ${percentile(times, 0.9).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms.`,
  ].join('\n');
}

const COMMON_NAMES = ['Maria Garcia', 'John Smith', 'Wei Zhang', 'Fatima Khan', 'Olga Ivanova', 'Juan Perez', 'Anna Muller', 'Ahmed Hassan', 'Emma Johnson', 'Luca Rossi'];

const { sandbox, stop } = await startService();
try {
  const index = await loadAmlIndex(path.join(ROOT, 'data', 'aml'));
  const listed = index.entities.filter((e) => e.entityType === 'person').slice(0, 200).map((e) => e.names[0]?.value ?? 'John Smith');
  const amlNames = [...listed, ...Array.from({ length: 200 }, (_, i) => COMMON_NAMES[i % COMMON_NAMES.length]!)];
  const ipBody: BodyFactory = (i) => ({ ipAddress: ADDRESSES[i % ADDRESSES.length] });
  const amlBody: BodyFactory = (i) => ({ fullName: amlNames[i % amlNames.length] });

  await load('warm-up', sandbox, 'ip-analysis', ipBody, { connections: 4, amount: 400 });
  const ipRows = [
    await load('latency (1 connection)', sandbox, 'ip-analysis', ipBody, { connections: 1, amount: 2000 }),
    await load('throughput (16 connections, 10 s)', sandbox, 'ip-analysis', ipBody, { connections: 16, duration: 10 }),
  ];
  const ipTable = table(
    'ip-analysis through the local HTTP server',
    'Each request creates a session on the default workflow and\nruns the full request path (auth, validation, session, engine, step and session writes) against dynalite.',
    ipRows,
  );
  console.log(ipTable);
  await writeSection('ip-analysis', ipTable);

  await load('warm-up', sandbox, 'aml-screening', amlBody, { connections: 4, amount: 200 });
  const amlRows = [
    await load('latency (1 connection)', sandbox, 'aml-screening', amlBody, { connections: 1, amount: 1000 }),
    await load('throughput (16 connections, 10 s)', sandbox, 'aml-screening', amlBody, { connections: 16, duration: 10 }),
  ];
  const amlTable = `${table(
    'aml-screening through the local HTTP server',
    'Each request creates a session and screens one full name\n(half listed persons, half common non-listed names) against the shipped index, with its whitelist lookup.',
    amlRows,
  )}\n\n${await amlEngineSection(amlNames)}`;
  console.log(amlTable);
  await writeSection('aml-screening', amlTable);
} finally {
  await stop();
}
