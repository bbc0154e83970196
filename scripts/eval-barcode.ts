/**
 * `npm run eval:barcode`: measures how small and how blurred a PDF417 symbol the barcode reader
 * (functions/engines/document/barcode/readPdf417.ts) still decodes, with and without its last decodings at twice the
 * image's size (the whole image, the located symbol rectified, and that symbol sharpened), and writes the result
 * into docs/accuracy.md ("PDF417 module sizes").
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
    rotate: { type: 'string', default: '5,10,20,30,170' },
    'turned-modules': { type: 'string', default: '1.4,1.6,2,2.5' },
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
const ROTATIONS = numbers(args.rotate, 'rotate', (d) => Math.abs(d) <= 360);
const TURNED_MODULES = numbers(args['turned-modules'], 'turned-modules', (m) => m >= 0.5 && m <= 8);

async function raw(image: Sharp): Promise<RgbImage> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Symbols decoded without and with the reader's decodings at twice the size, wrongly decoded texts as shipped, and
 * wrongly decoded texts when decodings that used up all error correction are accepted too (`unguarded`).
 */
interface Tally {
  plain: number;
  shipped: number;
  wrong: number;
  unguarded: number;
}

/**
 * Decodes each payload's symbol as `render` draws it: without the enlargements (nor the rectification of step 6,
 * which samples the located symbol at twice its size too, nor its sharpening, step 7), as shipped, and as shipped but
 * accepting decodings that spent all error correction (readPdf417.ts `spareErrorCorrection`).
 */
async function tally(payloads: readonly string[], render: (payload: string) => Promise<Sharp>): Promise<Tally> {
  const t: Tally = { plain: 0, shipped: 0, wrong: 0, unguarded: 0 };
  for (const payload of payloads) {
    const pixels = await raw(sharp(await (await render(payload)).jpeg({ quality: 85 }).toBuffer()));
    const without = await readPdf417(pixels, { enlarge: false, rectify: false });
    const withIt = without ?? (await readPdf417(pixels));
    const spent = await readPdf417(pixels, { acceptSpentErrorCorrection: true });
    for (const text of [without, withIt]) if (text !== null && text !== payload) t.wrong++;
    if (spent !== null && spent !== payload) t.unguarded++;
    if (without === payload) t.plain++;
    if (withIt === payload) t.shipped++;
  }
  return t;
}

async function main(): Promise<void> {
  const rng = createRandom(SEED);
  const payloads = Array.from({ length: COUNT }, (_, i) => aamvaPayload(randomIdentity(rng, new Date('2026-11-26T00:00:00Z')), 100 + i));
  let wrong = 0, unguarded = 0;
  const table = async (rowKeys: readonly number[], columnKeys: readonly number[], render: (payload: string, row: number, column: number) => Promise<Sharp>): Promise<string[][]> => {
    const rows: string[][] = [];
    for (const r of rowKeys) {
      const row = [String(r)];
      for (const c of columnKeys) {
        const t = await tally(payloads, (payload) => render(payload, r, c));
        wrong += t.wrong;
        unguarded += t.unguarded;
        row.push(`${t.plain} / ${t.shipped}`);
      }
      rows.push(row);
      console.log(row.join(' | '));
    }
    return rows;
  };
  const sizes = await table(MODULES, BLURS, async (payload, modules, blur) => {
    const image = sharp(await renderPdf417(payload, modules));
    return blur > 0 ? image.blur(blur) : image;
  });
  const turned = await table(TURNED_MODULES, ROTATIONS, async (payload, modules, degrees) =>
    sharp(await sharp(await renderPdf417(payload, modules)).rotate(degrees, { background: '#ffffff' }).png().toBuffer()),
  );
  const date = new Date().toISOString().slice(0, 10);
  const cell = `Each cell: symbols decoded without / with the decodings at twice the image's size and the rectified symbol, plain and sharpened by each mask of \`SHARPEN_MASKS\` (shipped), of ${COUNT}.`;
  const sizesBody = [
    `Written by \`npm run eval:barcode\` (scripts/eval-barcode.ts) on ${date}: ${COUNT} AAMVA payloads of random identities (seed ${SEED}) encoded as PDF417 by ZXing's writer, rendered at each module width, blurred, JPEG quality 85, and decoded by barcode/readPdf417.ts. ${cell} Wrongly decoded texts (this table and "PDF417 turned"): ${wrong}; ${unguarded} as shipped but with decodings that used up all of the symbol's error correction accepted (barcode/readPdf417.ts \`spareErrorCorrection\`).`,
    '',
    markdownTable(['module width (px)', ...BLURS.map((b) => (b === 0 ? 'sharp' : `blur sigma ${b} px`))], sizes),
    '',
  ].join('\n');
  const turnedBody = [
    `Written by \`npm run eval:barcode\` on ${date}: the same ${COUNT} payloads, rendered sharp at each module width, turned clockwise by each angle (sharp/libvips, white background), JPEG quality 85. When nothing decodes, the shipped reader tries ZXing's global-histogram binariser besides its default one, turns a skewed image (1° or more) upright by its estimated skew (image/estimateSkew.ts), then, for images up to 1000 px, turns and enlarges it twice in one resampling, and last samples the located symbol's quadrilateral onto a rectangle twice its size (barcode/locatePdf417.ts), plain and then sharpened by each of its masks in turn. ${cell}`,
    '',
    markdownTable(['module width (px)', ...ROTATIONS.map((d) => `turned ${d}°`)], turned),
    '',
  ].join('\n');
  console.log(sizesBody);
  console.log(turnedBody);
  if (!args['no-write']) {
    const file = path.join(repoRoot, 'docs', 'accuracy.md');
    await editDocument(file, '# Accuracy\n\nMeasured accuracy of each engine, written by the evaluation scripts.', (doc) =>
      replaceSection(replaceSection(doc, '## PDF417 module sizes', sizesBody), '## PDF417 turned', turnedBody),
    );
    console.log('wrote docs/accuracy.md (PDF417 module sizes, PDF417 turned)');
  }
}

await main();
