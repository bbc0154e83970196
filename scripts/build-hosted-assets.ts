/**
 * Builds the files the hosted-assets function serves on AWS (lib/constructs/hosted-flow.ts runs it while bundling
 * that function, so synth needs no prior `npm run build:sdk`): `<outDir>/flow/{index.html,flow.js,flow.css}` and
 * `<outDir>/sdk/{sdk.min.js,index.mjs}`, the same builds local/static-flow.ts serves (sdk-web/build.ts).
 *
 * Usage: `npx tsx scripts/build-hosted-assets.ts <outDir>`
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildBrowserSdk, buildFlow } from '../sdk-web/build.ts';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: build-hosted-assets.ts <outDir>');
  process.exit(2);
}
const [flow, sdk] = await Promise.all([buildFlow(), buildBrowserSdk()]);
for (const [prefix, assets] of [['flow', flow], ['sdk', sdk]] as const) {
  await mkdir(path.join(outDir, prefix), { recursive: true });
  for (const [name, a] of assets) await writeFile(path.join(outDir, prefix, name), a.body);
}
