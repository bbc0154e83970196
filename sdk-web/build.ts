import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

/**
 * Builds of the Web SDK and its hosted flow, shared by scripts/build-sdk.ts (files in sdk-web/dist) and
 * local/static-flow.ts (in memory, on the first request). esbuild bundles; tsc writes the type declarations.
 */

/** The sdk-web/ folder. */
export const SDK_ROOT = import.meta.dirname;
const run = promisify(execFile);

/** Browsers the bundles target: current evergreen browsers (optional chaining, `??`, async/await). */
export const BROWSER_TARGET = ['es2020', 'chrome90', 'firefox90', 'safari15'] as const;

/** One built file: its bytes and content type. */
export interface Asset {
  body: Buffer;
  contentType: string;
}

function asset(text: string | Uint8Array, contentType: string): Asset {
  return { body: Buffer.from(text), contentType };
}

async function bundle(entry: string, opts: esbuild.BuildOptions): Promise<string> {
  const out = await esbuild.build({
    entryPoints: [path.join(SDK_ROOT, entry)],
    bundle: true,
    write: false,
    target: [...BROWSER_TARGET],
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'silent',
    ...opts,
  });
  const file = out.outputFiles?.[0];
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`);
  return file.text;
}

/**
 * The hosted capture flow: `index.html`, `flow.js` (one minified script) and `flow.css`, keyed by their name under
 * `/flow/`.
 */
export async function buildFlow(): Promise<Map<string, Asset>> {
  const [js, css, html] = await Promise.all([
    bundle('flow/src/main.ts', { format: 'iife', minify: true }),
    esbuild.transform(await readFile(path.join(SDK_ROOT, 'flow/flow.css'), 'utf8'), { loader: 'css', minify: true }),
    readFile(path.join(SDK_ROOT, 'flow/index.html'), 'utf8'),
  ]);
  return new Map([
    ['index.html', asset(html, 'text/html; charset=utf-8')],
    ['flow.js', asset(js, 'text/javascript; charset=utf-8')],
    ['flow.css', asset(css.code, 'text/css; charset=utf-8')],
  ]);
}

/**
 * The SDK for a `<script>` tag or an ES module import from the service itself: `sdk.min.js` (global
 * `StepVerification`) and `index.mjs`, both minified.
 */
export async function buildBrowserSdk(): Promise<Map<string, Asset>> {
  const [iife, esm] = await Promise.all([
    bundle('src/index.ts', { format: 'iife', globalName: 'StepVerification', minify: true }),
    bundle('src/index.ts', { format: 'esm', minify: true }),
  ]);
  return new Map([
    ['sdk.min.js', asset(iife, 'text/javascript; charset=utf-8')],
    ['index.mjs', asset(esm, 'text/javascript; charset=utf-8')],
  ]);
}

/** Sizes of a built file, raw and gzipped (level 9), in bytes. */
export function sizes(body: Buffer): { raw: number; gzip: number } {
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** Rewrites relative `./x.js` specifiers of a declaration file to `./x.<ext>`. */
function rewriteSpecifiers(text: string, ext: 'mjs' | 'cjs'): string {
  return text.replace(/(from\s+|import\()(['"])(\.\.?\/[^'"]+)\.js\2/g, (_, lead: string, q: string, p: string) => `${lead}${q}${p}.${ext}${q}`);
}

/**
 * Builds the npm package into `outDir` (default sdk-web/dist): `index.mjs` (ES module), `index.cjs` (CommonJS),
 * `sdk.min.js` (script tag), declarations as `.d.mts` and `.d.cts` (so that each module format gets types of its
 * own format), and the hosted flow under `flow/`.
 * @returns the files written, relative to `outDir`, with their sizes.
 */
export async function buildPackage(outDir = path.join(SDK_ROOT, 'dist')): Promise<Record<string, { raw: number; gzip: number }>> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'flow'), { recursive: true });
  const [esm, cjs, browser, flow] = await Promise.all([
    bundle('src/index.ts', { format: 'esm' }),
    bundle('src/index.ts', { format: 'cjs' }),
    buildBrowserSdk(),
    buildFlow(),
  ]);
  const files = new Map<string, Buffer>([
    ['index.mjs', Buffer.from(esm)],
    ['index.cjs', Buffer.from(cjs)],
    ['sdk.min.js', browser.get('sdk.min.js')!.body],
    ['sdk.min.mjs', browser.get('index.mjs')!.body],
    ...[...flow].map(([name, a]) => [`flow/${name}`, a.body] as [string, Buffer]),
  ]);

  // Declarations: tsc into a scratch folder, then one .d.mts and one .d.cts per module.
  const typesDir = path.join(outDir, '.types');
  const tsc = path.join(SDK_ROOT, '..', 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', path.join(SDK_ROOT, 'tsconfig.json'), '--outDir', typesDir]).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`tsc failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  });
  for (const name of await readdir(typesDir)) {
    if (!name.endsWith('.d.ts')) continue;
    const text = await readFile(path.join(typesDir, name), 'utf8');
    const base = name.slice(0, -'.d.ts'.length);
    files.set(`${base}.d.mts`, Buffer.from(rewriteSpecifiers(text, 'mjs')));
    files.set(`${base}.d.cts`, Buffer.from(rewriteSpecifiers(text, 'cjs')));
  }
  await rm(typesDir, { recursive: true, force: true });

  const report: Record<string, { raw: number; gzip: number }> = {};
  for (const [name, body] of files) {
    await writeFile(path.join(outDir, name), body);
    report[name] = sizes(body);
  }
  return report;
}
