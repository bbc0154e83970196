/**
 * Assembles the IP data layer outside of a synth, to inspect its content and size before deploying:
 *
 *   npx tsx scripts/build-ip-layer.ts [outDir] [--lists <dir>]
 *
 * `outDir` defaults to `.build/ip-layer` and is emptied first; `--lists` replaces `data/ip` (for example a
 * freshly ingested snapshot). `cdk synth` does the same assembly itself (lib/constructs/ip-data-layer.ts), so
 * this script is never a required step. Prints the manifest summary and exits non-zero on any missing input
 * or on a layer over its size budget.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { assembleIpLayer } from '../lib/ip-data/assemble-ip-layer.ts';
import type { IpLayerManifest } from '../lib/ip-data/assemble-ip-layer.ts';
import { REPO_ROOT } from '../lib/paths.ts';

const { values, positionals } = parseArgs({
  options: { lists: { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
const outDir = resolve(positionals[0] ?? resolve(REPO_ROOT, '.build/ip-layer'));

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const started = Date.now();
let manifest: IpLayerManifest;
try {
  manifest = assembleIpLayer(outDir, {
    projectRoot: REPO_ROOT,
    ...(values.lists !== undefined && { listsDir: resolve(values.lists) }),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(`IP data layer in ${outDir} (${Date.now() - started} ms)`);
for (const [name, version] of Object.entries(manifest.packages)) console.log(`  ${name}@${version}`);
const lists = manifest.files.filter((file) => file.path.startsWith('lists/'));
for (const file of manifest.files.filter((f) => !f.path.startsWith('lists/'))) {
  console.log(`  ${file.path.padEnd(40)} ${mib(file.bytes).padStart(10)}  ${file.sha256.slice(0, 12)}`);
}
console.log(`  lists/: ${lists.length} files, ${mib(lists.reduce((sum, file) => sum + file.bytes, 0))}`);
console.log(`  total ${mib(manifest.totalBytes)}`);
