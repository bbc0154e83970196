import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePdf417, readPdf417, SHARPEN_MASKS, spareErrorCorrection } from '../../../../functions/engines/document/barcode/readPdf417.ts';
import { generateSet } from '../../../../functions/engines/document/synthetic/generateSet.ts';
import { loadImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { renderDocument } from '../../../../functions/engines/document/synthetic/renderDocument.ts';
import { parseAamva } from '../../../../functions/engines/document/barcode/parseAamva.ts';
import { mapAamvaResult } from '../../../../functions/engines/document/barcode/mapAamvaResult.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { aamvaPayload, renderPdf417 } from '../../../../functions/engines/document/synthetic/renderPdf417.ts';
import { locatePdf417 } from '../../../../functions/engines/document/barcode/locatePdf417.ts';
import { keystone, warpPerspective } from '../../../../functions/engines/document/image/warpPerspective.ts';

const pixels = async (png: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

describe('readPdf417 (symbols written by ZXing, truth known)', () => {
  const id = randomIdentity(createRandom(11), new Date('2026-11-26T00:00:00Z'));
  const payload = aamvaPayload(id, 101);

  it('decodes a generated AAMVA symbol and maps it to the identity it was built from', async () => {
    const text = await readPdf417(await pixels(await renderPdf417(payload, 3)));
    expect(text).toBe(payload);
    const fields = mapAamvaResult(parseAamva(text as string));
    expect(fields).toMatchObject({ lastName: id.surnames.join(' '), documentNumber: id.documentNumber, dateOfBirth: id.dateOfBirth, dateOfExpiry: id.dateOfExpiry, issuingCountry: 'USA' });
  });
  it('decodes a symbol of 1.3-px modules only through the decoding at twice the size', async () => {
    const image = await pixels(await renderPdf417(payload, 1.3));
    // Without step 6 too: the rectified symbol is sampled at twice its size as well.
    expect(await readPdf417(image, { enlarge: false, rectify: false })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });
  it('decodes a symbol of 1.8-px modules blurred by 1.2 px only once the rectified symbol is sharpened (step 7)', async () => {
    const blurred = await sharp(await sharp(await renderPdf417(payload, 1.8)).blur(1.2).jpeg({ quality: 85 }).toBuffer()).png().toBuffer();
    const image = await pixels(blurred);
    expect(await readPdf417(image, { sharpen: false })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });
  it('decodes a symbol of 1.6-px modules blurred by 1.2 px only with the narrower, stronger mask of step 7', async () => {
    const blurred = await sharp(await sharp(await renderPdf417(payload, 1.6)).blur(1.2).jpeg({ quality: 85 }).toBuffer()).png().toBuffer();
    const image = await pixels(blurred);
    expect(await readPdf417(image, { sharpenMasks: SHARPEN_MASKS.slice(0, 1) })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });
  it('decodes a symbol of 1.5-px modules turned by 20° only turned upright and enlarged in one resampling', async () => {
    const turned = await sharp(await renderPdf417(payload, 1.5)).rotate(20, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
    const image = await pixels(turned);
    expect(await readPdf417(image, { enlarge: false, rectify: false })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });
  it('invents nothing from a symbol too small to decode', async () => {
    expect(await readPdf417(await pixels(await renderPdf417(payload, 0.8)))).toBeNull();
  });
});

describe('readPdf417 refuses decodings that used up all error correction', () => {
  // ZXing's writer protects a symbol with 9% of its codewords. Turned by 5°, within ZXing's own tolerance, the eighth
  // symbol of the eval:barcode payloads (seed 417) decodes to a garbled text that used all of that correction.
  const rng = createRandom(417);
  const payloads = Array.from({ length: 8 }, (_, i) => aamvaPayload(randomIdentity(rng, new Date('2026-11-26T00:00:00Z')), 100 + i));
  const payload = payloads[7] as string;

  it('returns no wrong text where ZXing alone would', async () => {
    const turned = await sharp(await renderPdf417(payload, 2)).rotate(5, { background: '#ffffff' }).png().toBuffer();
    const image = await pixels(await sharp(turned).jpeg({ quality: 85 }).toBuffer());
    const unguarded = await readPdf417(image, { acceptSpentErrorCorrection: true });
    expect(unguarded).not.toBeNull();
    expect(unguarded).not.toBe(payload);
    expect([null, payload]).toContain(await readPdf417(image));
  });
  it('reads the unused share from ZXing\'s extra', () => {
    expect(spareErrorCorrection({ extra: '{"UEC":0.0,"ECLevel":"9%"}' })).toBe(0);
    expect(spareErrorCorrection({ extra: '{"UEC":0.62}' })).toBe(0.62);
    expect(spareErrorCorrection({ extra: '' })).toBeNull();
    expect(spareErrorCorrection({ extra: 'not json' })).toBeNull();
  });
});

describe('readPdf417 on generated licence backs (a card, a tinted background, photo-like degradations)', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  /** Whether ZXing alone, with its default (local-average) binariser and no guard of ours, finds a valid PDF417. */
  const zxingAlone = async (image: RgbImage): Promise<boolean> => (await decodePdf417(image, 'LocalAverage', true)) !== null;

  it('decodes with the global-histogram binariser a mild capture the default binariser misses', async () => {
    // Seed 30, the first licence of a mild-only set: found by scanning seeds 1-80 (two licences each) for a capture
    // that the reader decodes only with the second binariser (two of 160).
    dir = await mkdtemp(path.join(tmpdir(), 'kyc-licence-'));
    const [doc] = await generateSet({ dir, count: 0, licences: 1, seed: 30, mix: [0, 1, 0] });
    const image = await loadImage(await readFile(path.join(dir, doc?.images[0]?.file as string)));
    expect(await zxingAlone(image)).toBe(false);
    expect(await readPdf417(image, { enlarge: false })).toBe(doc?.barcode?.text);
  });
  /** A generated licence back sheared by `shear` both ways and turned by `degrees`, with its payload. */
  const shearedCard = async (shear: number, degrees: number): Promise<{ image: RgbImage; payload: string }> => {
    const id = randomIdentity(createRandom(7), new Date('2026-11-26T00:00:00Z'));
    const payload = aamvaPayload(id, 100);
    const card = await renderDocument({ shape: 'TD1', mrz: null, identity: id, title: 'DRIVER LICENSE', portrait: false, scale: 9, pdf417: { png: await renderPdf417(payload, 4, 8), modulePx: 4 } }, createRandom(0));
    const sheared = await sharp(card).affine([[1, shear], [shear, 1]], { background: '#708070' }).png().toBuffer();
    return { image: await pixels(await sharp(sheared).rotate(degrees, { background: '#708070' }).jpeg({ quality: 85 }).toBuffer()), payload };
  };
  it('levels the rows of a card sheared by 4% both ways and turned by 2°, whose bars run at another angle', async () => {
    const { image, payload } = await shearedCard(0.04, 2);
    expect(await zxingAlone(image)).toBe(false);
    expect(await readPdf417(image, { enlarge: false })).toBe(payload);
  });
  it('turns upright a card sheared by 2% and turned by 2.3°, whose skew is estimated under 2°', async () => {
    const { image, payload } = await shearedCard(0.02, 2.3);
    expect(await zxingAlone(image)).toBe(false);
    expect(await readPdf417(image, { enlarge: false })).toBe(payload);
  });
});

describe('readPdf417 on a licence back seen obliquely (step 6: the located symbol rectified)', () => {
  /** A generated licence back (modules of `modulePx`) seen obliquely: its far edge `strength` shorter. */
  const obliqueCard = async (strength: number, modulePx: number): Promise<{ image: RgbImage; payload: string }> => {
    const id = randomIdentity(createRandom(5), new Date('2026-11-26T00:00:00Z'));
    const payload = aamvaPayload(id, 100);
    const symbolPng = await renderPdf417(payload, modulePx, 2 * modulePx);
    const card = await renderDocument({ shape: 'TD1', mrz: null, identity: id, title: 'DRIVER LICENSE', portrait: false, scale: 6, pdf417: { png: symbolPng, modulePx } }, createRandom(0));
    const flat = await pixels(await sharp(card).flatten({ background: '#708070' }).png().toBuffer());
    const view = keystone(flat.width, flat.height, strength);
    const warped = warpPerspective(flat, view.to, view.width, view.height, [112, 128, 112]);
    const jpeg = await sharp(warped.data, { raw: { width: warped.width, height: warped.height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
    return { image: await pixels(jpeg), payload };
  };

  it('decodes a card whose far edge is 40% shorter only once the symbol is found and rectified', async () => {
    const { image, payload } = await obliqueCard(0.4, 2.5);
    expect(await readPdf417(image, { rectify: false })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });

  it('locates the symbol as a quadrilateral whose far side is shorter', async () => {
    const { image } = await obliqueCard(0.4, 2.5);
    const quad = locatePdf417(image);
    expect(quad).not.toBeNull();
    const [tl, tr, br, bl] = quad as NonNullable<typeof quad>;
    const left = Math.hypot(bl.x - tl.x, bl.y - tl.y), right = Math.hypot(br.x - tr.x, br.y - tr.y);
    // keystone() shortens the top edge: the sides converge upwards, and the symbol lies wider than high.
    expect(Math.hypot(tr.x - tl.x, tr.y - tl.y)).toBeLessThan(Math.hypot(br.x - bl.x, br.y - bl.y));
    expect(Math.hypot(tr.x - tl.x, tr.y - tl.y)).toBeGreaterThan(2 * Math.max(left, right));
  });

  it('finds no symbol in an image without one', () => {
    const flat: RgbImage = { width: 400, height: 300, data: new Uint8Array(400 * 300 * 3).fill(200) };
    expect(locatePdf417(flat)).toBeNull();
  });
});
