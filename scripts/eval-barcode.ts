/**
 * `npm run eval:barcode`: measures how small and how blurred a PDF417 symbol the barcode reader
 * (functions/engines/document/barcode/readPdf417.ts) still decodes, with and without its last decoding at twice the
 * image's size, and writes the result into docs/accuracy.md ("PDF417 module sizes").
 *
 * - Symbols: AAMVA DL/ID payloads built from random identities (synthetic/renderPdf417.ts `aamvaPayload`,
 *   synthetic/randomIdentity.ts, seeded), encoded by ZXing-C++'s writer (`renderPdf417`).
 * - Each symbol is rendered at a module width of `--modules` pixels, on a white margin of 30 px, blurred by each
 *   Gaussian sigma of `--blur`, and JPEG-encoded at quality 85: a reproducible probe of small or soft photos of a
 *   licence's back.
 * - A case counts as read when the decoded text equals the payload; any other decoded text is counted as wrong (a
 *   PDF417 decodes only through its Reed-Solomon error correction, so none is expected).
 *
 * Options: --count N (payloads, default 20), --seed N (default 417), --modules LIST (px, default
 * 0.8,1,1.1,1.2,1.3,1.4,1.5,1.6,1.8,2,2.5), --blur LIST (sigmas in px, default 0,0.7,1.2), --no-write.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { readPdf417 } from '../functions/engines/document/barcode/readPdf417.ts';
import type { RgbImage } from '../functions/engines/document/image/loadImage.ts';
import { createRandom } from '../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../functions/engines/document/synthetic/randomIdentity.ts';
import { aamvaPayload, renderPdf417 } from '../functions/engines/document/synthetic/renderPdf417.ts';
import { editDocument, markdownTable, replaceSection } from '../functions/engines/evaluation/markdown.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '20' },
    seed: { type: 'string', default: '417' },
    modules: { type: 'string', default: '0.8,1,1.1,1.2,1.3,1.4,1.5,1.6,1.8,2,2.5' },
    blur: { type: 'string', default: '0,0.7,1.2' },
    'no-write': { type: 'boolean', default: false },
  },
});
const numbers = (list: string, name: string, ok: (x: number) => boolean): number[] => {
  const xs = list.split(',').filter(Boolean).map(Number);
  if (xs.length === 0 || xs.some((x) => !Number.isFinite(x) || !ok(x))) throw new Error(`--${name}: got ${list}`);
  return xs;
};
const COUNT = numbers(args.count, 'count', (n) => Number.isInteger(n) && n > 0)[0] as number;
const SEED = numbers(args.seed, 'seed', Number.isInteger)[0] as number;
const MODULES = numbers(args.modules, 'modules', (m) => m >= 0.5 && m <= 8);
const BLURS = numbers(args.blur, 'blur', (b) => b === 0 || (b >= 0.3 && b <= 10));

async function raw(image: Sharp): Promise<RgbImage> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function main(): Promise<void> {
  const rng = createRandom(SEED);
  const payloads = Array.from({ length: COUNT }, (_, i) => aamvaPayload(randomIdentity(rng, new Date('2026-11-26T00:00:00Z')), 100 + i));
  const rows: string[][] = [];
  let wrong = 0;
  for (const modules of MODULES) {
    const row = [String(modules)];
    for (const blur of BLURS) {
      let plain = 0, shipped = 0;
      for (const payload of payloads) {
        let image = sharp(await renderPdf417(payload, modules));
        if (blur > 0) image = image.blur(blur);
        const pixels = await raw(sharp(await image.jpeg({ quality: 85 }).toBuffer()));
        const without = await readPdf417(pixels, { enlarge: false });
        const withIt = without ?? (await readPdf417(pixels));
        for (const text of [without, withIt]) if (text !== null && text !== payload) wrong++;
        if (without === payload) plain++;
        if (withIt === payload) shipped++;
      }
      row.push(`${plain} / ${shipped}`);
    }
    rows.push(row);
    console.log(row.join(' | '));
  }
  const body = [
    `Written by \`npm run eval:barcode\` (scripts/eval-barcode.ts) on ${new Date().toISOString().slice(0, 10)}: ${COUNT} AAMVA payloads of random identities (seed ${SEED}) encoded as PDF417 by ZXing's writer, rendered at each module width, blurred, JPEG quality 85, and decoded by barcode/readPdf417.ts. Each cell: symbols decoded without / with the last decoding at twice the image's size (shipped), of ${COUNT}. Wrongly decoded texts: ${wrong}.`,
    '',
    markdownTable(['module width (px)', ...BLURS.map((b) => (b === 0 ? 'sharp' : `blur sigma ${b} px`))], rows),
    '',
  ].join('\n');
  console.log(body);
  if (!args['no-write']) {
    const file = path.join(repoRoot, 'docs', 'accuracy.md');
    await editDocument(file, '# Accuracy\n\nMeasured accuracy of each engine, written by the evaluation scripts.', (doc) => replaceSection(doc, '## PDF417 module sizes', body));
    console.log('wrote docs/accuracy.md (PDF417 module sizes)');
  }
}

await main();
