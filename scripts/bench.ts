/**
 * `npm run bench`: latency percentiles and throughput of the step API through the local HTTP server, as an
 * integrator meets it. The service runs in its own process (`bin/local.ts`, fresh DATA_DIR, free port) so that
 * the load generator (autocannon, this process) does not share its event loop. Prints the numbers and writes
 * them into docs/performance.md between `<!-- bench:NAME -->` markers.
 *
 * Runs: ip-analysis and aml-screening, each at concurrency 1 (latency) and 16 (throughput, 10 s), every request a
 * new session on the default workflow; the AML engine alone (index load time, time per screening); and
 * id-verification on the shared real document specimens (../shared/data/documents), one request at a time (issue 5:
 * p50 under 800 ms per document on 2 cores). `--only ip-analysis|aml-screening|id-verification` runs one part.
 */
import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadAmlIndex, screen } from '../functions/engines/aml/index.ts';
import { writeMarkedSection } from '../functions/engines/evaluation/markdown.ts';
import { startServiceProcess, type Sandbox } from './lib/localServiceProcess.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADDRESSES = ['8.8.8.8', '1.1.1.1', '81.2.69.142', '185.220.101.1', '2001:4860:4860::8888', '203.0.113.9', '151.101.1.69', '2a02:2e0:3fe:1001:302::'];

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
  await writeMarkedSection(path.join(ROOT, 'docs', 'performance.md'), `bench:${name}`, markdown, '# Performance\n\nNumbers written by `npm run bench` (scripts/bench.ts).');
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

/** The images of the shared real specimens with the seed template of their kind, as the evaluation sends them. */
async function documentCases(): Promise<Array<{ file: string; documentId: string; both: boolean }>> {
  const dir = path.join(ROOT, '..', 'shared', 'data', 'documents');
  const TEMPLATE: Record<string, string> = { passport: 'doc_passport', travel_document: 'doc_passport', visa: 'doc_passport', other: 'doc_passport', id_card: 'doc_id_card', residence_permit: 'doc_residence_permit', driving_licence: 'doc_driving_licence' };
  const cases: Array<{ file: string; documentId: string; both: boolean }> = [];
  for (const set of (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const labels = JSON.parse(await readFile(path.join(dir, set, 'labels.json'), 'utf8')) as { documents: Array<{ documentKind: string; images: Array<{ file: string; side: string }> }> };
    for (const doc of labels.documents) {
      for (const image of doc.images) {
        if (image.side === 'cover') continue;
        cases.push({ file: path.join(dir, set, image.file), documentId: TEMPLATE[doc.documentKind] ?? 'doc_passport', both: image.side !== 'front' });
      }
    }
  }
  return cases;
}

/** id-verification through HTTP, one document at a time, each a new session; the first pass warms up. */
async function documentSection(sandbox: Sandbox): Promise<string> {
  const cases = await documentCases();
  const times: number[] = [];
  const statuses = new Map<string, number>();
  for (let round = 0; round < 2; round++) {
    for (const c of cases) {
      const image = (await readFile(c.file)).toString('base64');
      const body = { workflowId: sandbox.workflowId, documentId: c.documentId, frontImageBase64: image, ...(c.both ? { backImageBase64: image } : {}) };
      const t = performance.now();
      const res = await fetch(`${sandbox.baseUrl}/id-verification`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sandbox.apiKey }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { status?: string };
      if (round === 0) continue;
      times.push(performance.now() - t);
      const key = `${res.status} ${answer.status ?? ''}`.trim();
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  }
  times.sort((a, b) => a - b);
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return [
    `### id-verification through the local HTTP server`,
    ``,
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(1)}. ${cases.length} images of the shared real specimens (../shared/data/documents), one request at a time, each a new session with the seed template of its kind (back and front+back images sent as both sides), after one warm-up pass over the same images. Each request stores the images in S3 (s3rver), reads the document and checks the portrait (in-process inference), and writes the session and step.`,
    ``,
    `| requests | p50 ms | p90 ms | p95 ms | max ms | answers |`,
    `|---:|---:|---:|---:|---:|---|`,
    `| ${times.length} | ${percentile(times, 0.5).toFixed(0)} | ${percentile(times, 0.9).toFixed(0)} | ${percentile(times, 0.95).toFixed(0)} | ${times[times.length - 1]!.toFixed(0)} | ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')} |`,
  ].join('\n');
}

const COMMON_NAMES = ['Maria Garcia', 'John Smith', 'Wei Zhang', 'Fatima Khan', 'Olga Ivanova', 'Juan Perez', 'Anna Muller', 'Ahmed Hassan', 'Emma Johnson', 'Luca Rossi'];

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const runs = (name: string) => only === undefined || only === name;
const { sandbox, stop } = await startServiceProcess('bench');
try {
  if (runs('id-verification')) {
    const docTable = await documentSection(sandbox);
    console.log(docTable);
    await writeSection('id-verification', docTable);
  }
  const index = await loadAmlIndex(path.join(ROOT, 'data', 'aml'));
  const listed = index.entities.filter((e) => e.entityType === 'person').slice(0, 200).map((e) => e.names[0]?.value ?? 'John Smith');
  const amlNames = [...listed, ...Array.from({ length: 200 }, (_, i) => COMMON_NAMES[i % COMMON_NAMES.length]!)];
  const ipBody: BodyFactory = (i) => ({ ipAddress: ADDRESSES[i % ADDRESSES.length] });
  const amlBody: BodyFactory = (i) => ({ fullName: amlNames[i % amlNames.length] });

  if (runs('ip-analysis')) {
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
  }
  if (runs('aml-screening')) {
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
  }
} finally {
  await stop();
}
