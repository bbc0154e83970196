/**
 * `npm run bench:document`: time per document of the document engine (functions/engines/document), in-process, on
 * this machine (2 cores), and writes the `<!-- bench:document -->` block of docs/performance.md (other blocks are
 * kept).
 *
 * Documents: every image of `../shared/data/documents` expected to be read (real specimens, 300-1900 px), and a
 * fixed-seed synthetic set (TD3 pages and TD1 cards, clean and mildly degraded captures of 600-1400 px). Each
 * document is verified `--rounds` times after one warm-up pass; the engine is loaded once.
 *
 * Where the time goes: every ONNX Runtime `run` is timed (the prototype's method wrapped for this script), a
 * 48-pixel-high input counting as recognition (PP-OCRv4's recogniser) and any other as detection; the rest of a
 * document's time is decoding, constrained decoding, corrections, parsing and checks.
 *
 * Options: --rounds N (default 2), --synthetic N (default 30), --no-write, --published-graphs (run the PaddleOCR
 * graphs as published, without functions/engines/onnx/foldAffineActivations.ts, to measure what the rewrite saves;
 * implies --no-write).
 */
import { rmSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { parseArgs } from 'node:util';
import { DOCUMENT_TEMPLATES_SEED, loadDocumentEngine } from '../functions/engines/document/index.ts';
import { markdownTable, writeMarkedSection } from '../functions/engines/evaluation/markdown.ts';
import { loadDocumentCases, templateIdFor, type DocumentCase } from '../functions/engines/document/evaluation/labelSet.ts';
import { generateSet } from '../functions/engines/document/synthetic/generateSet.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    synthetic: { type: 'string', default: '30' },
    'no-write': { type: 'boolean', default: false },
    'published-graphs': { type: 'boolean', default: false },
  },
});

const load = loadavg()[0] ?? 0;
const t0 = performance.now();
const engine = await loadDocumentEngine({ foldActivations: !args['published-graphs'] });
const loadMs = performance.now() - t0;

const shared = (await loadDocumentCases(path.resolve(repoRoot, '..', 'shared', 'data', 'documents'))).filter((c) => c.document.expectedOutcome === 'read');
const synDir = await mkdtemp(path.join(tmpdir(), 'bench-documents-'));
await generateSet({ dir: synDir, count: Number(args.synthetic), seed: 42, mix: [0.5, 0.5, 0], sequence: ['passport', 'id_card', 'passport', 'residence_permit'] });
const synthetic = await loadDocumentCases(synDir);
process.on('exit', () => rmSync(synDir, { recursive: true, force: true }));

async function time(cases: readonly DocumentCase[], rounds: number): Promise<number[]> {
  const inputs = await Promise.all(
    cases.map(async (c) => {
      const bytes = await readFile(c.file);
      const template = DOCUMENT_TEMPLATES_SEED.find((t) => t.id === templateIdFor(c.document));
      if (!template) throw new Error(`no template for ${c.document.id}`);
      const both = c.side === 'back' || c.side === 'front+back';
      return { front: bytes, back: both ? bytes : null, template, now: new Date(`${c.referenceDate}T12:00:00Z`) };
    }),
  );
  for (const input of inputs) await engine.verify(input); // warm-up
  inference.detection = inference.recognition = 0;
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const input of inputs) {
      const s = performance.now();
      await engine.verify(input);
      out.push(performance.now() - s);
    }
  }
  return out.sort((a, b) => a - b);
}

// Time inside ONNX Runtime, by model (see the header).
const inference = { detection: 0, recognition: 0 };
const prototype = (ort.InferenceSession as unknown as { prototype: { run: (...args: unknown[]) => Promise<unknown> } }).prototype;
const run = prototype.run;
prototype.run = async function (this: ort.InferenceSession, ...runArgs: unknown[]) {
  const started = performance.now();
  try {
    return await run.apply(this, runArgs);
  } finally {
    const feed = Object.values(runArgs[0] as Record<string, ort.Tensor>)[0];
    inference[feed?.dims[2] === 48 ? 'recognition' : 'detection'] += performance.now() - started;
  }
};

const q = (xs: readonly number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const rounds = Number(args.rounds);
const rows: string[][] = [];
const all: number[] = [];
const shares: string[] = [];
for (const [name, cases] of [
  ['real specimens (../shared/data/documents, expected read)', shared],
  ['synthetic TD3 pages and TD1 cards (clean and mild captures)', synthetic],
] as const) {
  const ms = await time(cases, rounds);
  const total = ms.reduce((a, b) => a + b, 0);
  const share = (x: number) => `${((100 * x) / total).toFixed(0)}%`;
  shares.push(`${name}: recognition ${share(inference.recognition)}, detection ${share(inference.detection)}`);
  all.push(...ms);
  rows.push([name, String(cases.length), String(ms.length), q(ms, 0.5).toFixed(0), q(ms, 0.9).toFixed(0), q(ms, 0.99).toFixed(0)]);
  console.log(name, 'p50', q(ms, 0.5).toFixed(0), 'p90', q(ms, 0.9).toFixed(0));
}
all.sort((a, b) => a - b);
rows.push(['all', String(shared.length + synthetic.length), String(all.length), q(all, 0.5).toFixed(0), q(all, 0.9).toFixed(0), q(all, 0.99).toFixed(0)]);
const body = [
  '### Document engine (in-process)',
  '',
  `Written by \`npm run bench:document\` (scripts/bench-document.ts) on ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'cpu'}), Node.js ${process.version}, onnxruntime-node CPU with 2 intra-op threads, ${args['published-graphs'] ? 'the PaddleOCR graphs as published' : 'affine blocks and hard-swish folded (functions/engines/onnx/foldAffineActivations.ts)'}; load average ${load.toFixed(1)} when it started (other jobs may share the machine). Engine load (models verified and sessions created): ${loadMs.toFixed(0)} ms. Times are per document (\`verify\`: decoding, MRZ detection and recognition or barcode decoding, parsing, checks), ${rounds} rounds after a warm-up; goal p50 < 800 ms.`,
  '',
  markdownTable(['set', 'documents', 'runs', 'p50 ms', 'p90 ms', 'p99 ms'], rows),
  '',
  `Share of the time inside ONNX Runtime (the rest is decoding, corrections, parsing and checks): ${shares.join('; ')}.`,
].join('\n');
console.log(body);
if (!args['no-write'] && !args['published-graphs']) {
  const file = path.join(repoRoot, 'docs', 'performance.md');
  await writeMarkedSection(file, 'bench:document', body, '# Performance');
  console.log(`wrote ${path.relative(repoRoot, file)} (bench:document)`);
}
