import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf417 } from '../../../../functions/engines/document/barcode/readPdf417.ts';
import { parseAamva } from '../../../../functions/engines/document/barcode/parseAamva.ts';
import { mapAamvaResult } from '../../../../functions/engines/document/barcode/mapAamvaResult.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { aamvaPayload, renderPdf417 } from '../../../../functions/engines/document/synthetic/renderPdf417.ts';

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
    expect(await readPdf417(image, { enlarge: false })).toBeNull();
    expect(await readPdf417(image)).toBe(payload);
  });
  it('invents nothing from a symbol too small to decode', async () => {
    expect(await readPdf417(await pixels(await renderPdf417(payload, 0.8)))).toBeNull();
  });
});
