import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { loadImage, type RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { greedyDecode } from '../../../../functions/engines/document/ocr/ctc/greedyDecode.ts';
import type { LineRecognizer } from '../../../../functions/engines/document/ocr/lineRecognizer.ts';
import { loadMrzLineRecognizer, MRZ_NET_FRAME_PIXELS, MRZ_NET_HEIGHT } from '../../../../functions/engines/document/ocr/mrzNet/mrzLineRecognizer.ts';
import { MRZ_NET_BLUR_MODEL, MRZ_NET_FACES_MODEL, MRZ_NET_MODEL } from '../../../../functions/engines/document/ocr/mrzNet/mrzNetModel.ts';
import { DocumentModelError } from '../../../../functions/engines/document/errors.ts';
import { composeMrz } from '../../../../functions/engines/document/synthetic/composeMrz.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { renderDocument } from '../../../../functions/engines/document/synthetic/renderDocument.ts';
import { repoRoot } from './fixtures.ts';

/** Quads of the TD3 MRZ lines of renderDocument (6 mm from the left edge, baselines at 79.4 and 83.63 mm). */
function td3Quads(scale: number): Quad[] {
  return [79.4, 83.63].map((b): Quad => {
    const x0 = 5 * scale, x1 = (6 + 44 * 2.54 + 1) * scale, y0 = (b - 2.9) * scale, y1 = (b + 0.7) * scale;
    return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
  });
}

/**
 * A passport data page drawn `scale` px/mm, optionally blurred and JPEG-compressed (a small phone capture), its MRZ in
 * OCR-B or in `mrzFont`.
 */
async function page(seed: number, scale: number, blur: number, mrzFont?: string): Promise<{ image: RgbImage; mrz: string[] }> {
  const rng = createRandom(seed);
  const identity = randomIdentity(rng, new Date('2026-11-26T12:00:00Z'));
  const mrz = composeMrz(identity, 'TD3', 'P<');
  let png = await renderDocument({ shape: 'TD3', mrz, identity, title: 'PASSPORT', portrait: true, scale, ...(mrzFont ? { mrzFont } : {}) }, rng);
  if (blur > 0) png = await sharp(png).blur(blur).jpeg({ quality: 60 }).toBuffer();
  return { image: await loadImage(png), mrz };
}

describe('the MRZ line recogniser (mrz-fcn)', () => {
  let recognizer: LineRecognizer;

  beforeAll(async () => {
    recognizer = await loadMrzLineRecognizer(`${repoRoot}/models`);
  }, 60_000);

  it('reads both lines of a clean passport page drawn at 8 px/mm', async () => {
    const { image, mrz } = await page(11, 8, 0);
    const readings = await recognizer.read(image, td3Quads(8));
    expect(readings.map((r) => (r.kind === 'probabilities' ? greedyDecode(r.line) : ''))).toEqual(mrz);
  });

  it('reads a small, blurred, compressed page (4.5 px/mm: capitals about 11 px high, the page 560 px wide)', async () => {
    const { image, mrz } = await page(12, 4.5, 0.8);
    const readings = await recognizer.read(image, td3Quads(4.5));
    expect(readings.map((r) => (r.kind === 'probabilities' ? greedyDecode(r.line) : ''))).toEqual(mrz);
  });

  it('samples each line 32 px high at its aspect, one frame per 4 px, with a margined copy for glyph measures', async () => {
    const { image } = await page(13, 6, 0);
    const [reading] = await recognizer.read(image, td3Quads(6).slice(0, 1));
    if (reading?.kind !== 'probabilities' || !reading.image || !reading.margined) throw new Error('expected probabilities with images');
    expect(reading.image.height).toBe(MRZ_NET_HEIGHT);
    expect(reading.image.width % MRZ_NET_FRAME_PIXELS).toBe(0);
    expect(reading.line.frames).toBe(reading.image.width / MRZ_NET_FRAME_PIXELS);
    expect(reading.framePixels).toBe(MRZ_NET_FRAME_PIXELS);
    expect(reading.margined.lineRows).toEqual([5, 37]);
    expect(reading.line.mrzMass).toBeGreaterThan(0.9);
  });

  it('has an arbiter network (mrz-fcn-faces) that reads an MRZ drawn in DejaVu Sans Mono, a face held out of its training', async () => {
    const arbiter = await loadMrzLineRecognizer(`${repoRoot}/models`, 1, MRZ_NET_FACES_MODEL);
    expect(arbiter.id).toBe('mrz-fcn-faces');
    const { image, mrz } = await page(14, 8, 0, 'DejaVu Sans Mono');
    // The data line, whose numbers step 9 weighs (its `6`s are what the OCR-B-only network reads as `G`); greedy
    // decoding knows no layout classes, so the name line's `O` may come out `0` (the engine decodes within classes).
    const [, data] = await arbiter.read(image, td3Quads(8));
    expect(data?.kind === 'probabilities' ? greedyDecode(data.line) : '').toBe(mrz[1]);
    expect(mrz[1]).toMatch(/6/);
  });

  it('has a network for blurred pages (mrz-fcn-blur) that reads more lines of pages blurred by 2.5 px than mrz-fcn', async () => {
    const blurred = await loadMrzLineRecognizer(`${repoRoot}/models`, 1, MRZ_NET_BLUR_MODEL);
    expect(blurred.id).toBe('mrz-fcn-blur');
    // Passport pages of 4.5 px/mm (capitals about 11 px high), blurred by 2.5 px: about a quarter of a capital.
    const right = { own: 0, blurred: 0 };
    for (let seed = 20; seed < 30; seed++) {
      const { image, mrz } = await page(seed, 4.5, 2.5);
      for (const [key, r] of [['own', recognizer], ['blurred', blurred]] as const) {
        const lines = (await r.read(image, td3Quads(4.5))).map((x) => (x.kind === 'probabilities' ? greedyDecode(x.line) : ''));
        right[key] += lines.filter((l, i) => l === mrz[i]).length;
      }
    }
    // Of the 20 lines, greedy decoding without the layout's classes: mrz-fcn-blur 17, mrz-fcn 8 (2026-12-02).
    expect(right.blurred).toBeGreaterThanOrEqual(15);
    expect(right.blurred).toBeGreaterThan(right.own);
  }, 60_000);

  it('refuses a model file whose checksum differs from the catalogue', async () => {
    await expect(loadMrzLineRecognizer(`${repoRoot}/test`)).rejects.toBeInstanceOf(DocumentModelError);
    expect(MRZ_NET_MODEL.sha256).toMatch(/^[0-9a-f]{64}$/);
    await expect(loadMrzLineRecognizer(`${repoRoot}/test`, 1, MRZ_NET_FACES_MODEL)).rejects.toBeInstanceOf(DocumentModelError);
    await expect(loadMrzLineRecognizer(`${repoRoot}/test`, 1, MRZ_NET_BLUR_MODEL)).rejects.toBeInstanceOf(DocumentModelError);
  });
});
