import { describe, expect, it } from 'vitest';
import { flattenIllumination } from '../../../../functions/engines/document/image/flattenIllumination.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';

const W = 240, H = 32;

/**
 * A grey line crop drawn in code: paper of reflectance 0.9 with ink bars of reflectance 0.1 (3 columns wide, rows
 * 4-27, every 16 columns from column 8: vertical strokes with paper above, below and between), lit by `light(x)`.
 */
function line(light: (x: number) => number): RgbImage {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const ink = y >= 4 && y < 28 && x >= 8 && (x - 8) % 16 < 3;
      const v = Math.round(255 * (ink ? 0.1 : 0.9) * light(x));
      data.set([v, v, v], (y * W + x) * 3);
    }
  }
  return { width: W, height: H, data };
}

const at = (img: RgbImage, x: number, y: number) => img.data[(y * img.width + x) * 3] as number;

describe('flattenIllumination', () => {
  it('makes paper white on both sides of a shadow edge and keeps the ink dark', () => {
    const shadowed = line((x) => (x < 120 ? 0.3 : 1));
    const flat = flattenIllumination(shadowed);
    // Paper in the shadow (x = 60) and in the light (x = 180), ink bars at 56 and 184: as under even light.
    expect(at(shadowed, 60, 2)).toBeLessThan(80);
    expect(at(flat, 60, 2)).toBeGreaterThanOrEqual(250);
    expect(at(flat, 180, 2)).toBeGreaterThanOrEqual(250);
    expect(at(flat, 57, 16)).toBeLessThan(40);
    expect(at(flat, 185, 16)).toBeLessThan(40);
    // Beside the edge too: the first bar left of it (column 104) keeps its paper white, the first right of it (120) its ink.
    expect(at(flat, 107, 16)).toBeGreaterThanOrEqual(240);
    expect(at(flat, 121, 16)).toBeLessThan(40);
  });

  it('does not whiten the columns of a vertical stroke', () => {
    const flat = flattenIllumination(line(() => 1));
    for (let x = 8; x < W; x += 16) expect(at(flat, x + 1, 16)).toBeLessThan(40);
  });

  it('leaves a crop lit evenly, or nearly so, as it is', () => {
    const even = line(() => 0.8);
    expect(flattenIllumination(even)).toBe(even);
    // Paper 1.4 times brighter at one end than at the other: below FLATTEN_MIN_RATIO.
    const graded = line((x) => 0.7 + (0.28 * x) / W);
    expect(flattenIllumination(graded)).toBe(graded);
  });

  it('evens out a gradual fall of the light as well as an edge', () => {
    const graded = line((x) => 0.25 + (0.75 * x) / W);
    const flat = flattenIllumination(graded);
    expect(flat).not.toBe(graded);
    for (const x of [20, 100, 200]) expect(at(flat, x, 1)).toBeGreaterThanOrEqual(240);
    for (const x of [9, 105, 201]) expect(at(flat, x, 16)).toBeLessThan(40);
  });
});
