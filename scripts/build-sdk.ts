/**
 * `npm run build:sdk` (or `npx tsx scripts/build-sdk.ts`): builds the Web SDK package and its hosted flow into
 * sdk-web/dist (see sdk-web/build.ts) and prints each file's size, raw and gzipped. `npm start` does not need this:
 * the local service builds the flow and the SDK in memory on their first request (local/static-flow.ts).
 */
import path from 'node:path';
import { buildPackage, SDK_ROOT } from '../sdk-web/build.ts';

const outDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(SDK_ROOT, 'dist');
const report = await buildPackage(outDir);
const width = Math.max(...Object.keys(report).map((k) => k.length));
for (const [name, s] of Object.entries(report)) {
  console.log(`${name.padEnd(width)}  ${String(s.raw).padStart(7)} B  ${String(s.gzip).padStart(6)} B gzip`);
}
console.log(`built into ${path.relative(process.cwd(), outDir) || '.'}`);
