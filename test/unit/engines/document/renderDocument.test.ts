import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { composeMrz } from '../../../../functions/engines/document/synthetic/composeMrz.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { renderDocument, type PageSpec } from '../../../../functions/engines/document/synthetic/renderDocument.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** The page drawn from a fresh random stream of seed 1, so that two calls differ only by `extra`. */
async function draw(extra: Partial<PageSpec>): Promise<Buffer> {
  const identity = randomIdentity(createRandom(1), NOW);
  const spec: PageSpec = { shape: 'TD2', mrz: composeMrz(identity, 'TD2', 'I<'), identity, title: 'IDENTITY CARD', portrait: true, scale: 6, ...extra };
  return sharp(await renderDocument(spec, createRandom(2))).raw().toBuffer();
}

describe('renderDocument', () => {
  it('draws the MRZ in OCR-B by default, and in another family with mrzFont, nothing else changed', async () => {
    const plain = await draw({});
    expect((await draw({ mrzFont: 'OCR B' })).equals(plain)).toBe(true);
    const other = await draw({ mrzFont: 'DejaVu Sans Mono' });
    expect(other.equals(plain)).toBe(false);
    // Only the MRZ band (the last 14 mm of the 74-mm card, 6 px/mm, RGB or RGBA rows) differs.
    const width = Math.round(105 * 6);
    const channels = plain.length / (width * Math.round(74 * 6));
    const firstDiff = plain.findIndex((v, i) => v !== other[i]);
    expect(Math.floor(firstDiff / (width * channels))).toBeGreaterThan(Math.round(60 * 6));
  });
});
