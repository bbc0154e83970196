import { describe, expect, it } from 'vitest';
import { CONTRAST_MAX_GAIN, evenContrast } from '../../../../functions/engines/document/image/evenContrast.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';

const W = 240, H = 32;

/**
 * A grey line crop drawn in code: white paper (250) with ink bars (3 columns wide, rows 4-27, every 16 columns from
 * column 8: strokes with paper above, below and between) whose grey is `ink(x)`: a light spot adds light to the ink
 * and, the paper being near white already, hardly any to the paper.
 */
function line(ink: (x: number) => number): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const bar = y >= 4 && y < 28 && x >= 8 && (x - 8) % 16 < 3;
      const v = bar ? ink(x) : 250;
      data.set([v, v, v], (y * W + x) * 3);
    }
  }
  return { width: W, height: H, data };
}

const at = (img: RgbImage, x: number, y: number) => img.data[(y * img.width + x) * 3] as number;

describe('evenContrast', () => {
  it('darkens the ink a light spot washed out to the contrast of the rest of the line, and keeps the paper', () => {
    // Ink at 30 outside the spot, at 190 (contrast 60 against 220) under it (columns 150-230).
    const washed = line((x) => (x >= 150 ? 190 : 30));
    const even = evenContrast(washed);
    expect(even).not.toBe(washed);
    // Under the spot the ink's contrast is multiplied by the largest gain allowed (220 / 60 = 3.7 < 4).
    expect(at(washed, 185, 16)).toBe(190);
    expect(at(even, 185, 16)).toBeLessThan(60);
    // Outside it the ink and, everywhere, the paper stay as they were.
    expect(at(even, 57, 16)).toBe(30);
    for (const x of [60, 180, 236]) expect(at(even, x, 2)).toBeGreaterThanOrEqual(245);
    expect(at(even, 180, 16)).toBeGreaterThanOrEqual(245);
  });

  it('stretches a column at most CONTRAST_MAX_GAIN times', () => {
    // Contrast 10 under the spot against 220: a gain of 22 would be needed, 4 is given.
    const even = evenContrast(line((x) => (x >= 150 ? 240 : 30)));
    expect(CONTRAST_MAX_GAIN).toBe(4);
    expect(at(even, 185, 16)).toBeGreaterThanOrEqual(250 - 10 * CONTRAST_MAX_GAIN - 2);
    expect(at(even, 185, 16)).toBeLessThanOrEqual(250 - 10 * CONTRAST_MAX_GAIN + 2);
  });

  it('leaves a line whose contrast is even, or nearly so, as it is', () => {
    const even = line(() => 40);
    expect(evenContrast(even)).toBe(even);
    // Ink from 30 to 120 along the line: contrast 220 to 130, below CONTRAST_MIN_RATIO.
    const graded = line((x) => 30 + (90 * x) / W);
    expect(evenContrast(graded)).toBe(graded);
  });
});
