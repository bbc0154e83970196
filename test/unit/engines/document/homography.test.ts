import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { degradeImage } from '../../../../functions/engines/document/synthetic/degradeImage.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { applyHomography, composeHomographies, invertHomography, quadToQuad, squareToQuad } from '../../../../functions/engines/document/geometry/homography.ts';
import type { Point, Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { keystone, warpPerspective } from '../../../../functions/engines/document/image/warpPerspective.ts';

const close = (a: Point, b: Point, tol = 1e-6) => {
  expect(Math.abs(a.x - b.x)).toBeLessThan(tol);
  expect(Math.abs(a.y - b.y)).toBeLessThan(tol);
};

const trapezoid: Quad = [
  { x: 30, y: 10 },
  { x: 170, y: 25 },
  { x: 200, y: 140 },
  { x: 5, y: 120 },
];

describe('homography', () => {
  it('maps the unit square onto a trapezoid corner to corner', () => {
    const m = squareToQuad(trapezoid);
    const unit = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];
    unit.forEach((p, i) => close(applyHomography(m, p), trapezoid[i] as Point));
    expect(m[6]).not.toBe(0);
  });

  it('is affine for a parallelogram', () => {
    const m = squareToQuad([{ x: 0, y: 0 }, { x: 10, y: 2 }, { x: 13, y: 12 }, { x: 3, y: 10 }]);
    expect([m[6], m[7], m[8]]).toEqual([0, 0, 1]);
    close(applyHomography(m, { x: 0.5, y: 0.5 }), { x: 6.5, y: 6 });
  });

  it('keeps straight lines straight: the midpoint of an edge maps onto the image edge', () => {
    const m = squareToQuad(trapezoid);
    const mid = applyHomography(m, { x: 0.5, y: 0 });
    const [a, b] = trapezoid;
    // Collinear with tl and tr, but not at their midpoint (perspective shortens the far half).
    expect(Math.abs((b.x - a.x) * (mid.y - a.y) - (b.y - a.y) * (mid.x - a.x))).toBeLessThan(1e-6);
  });

  it('inverts and composes: quad to quad and back is the identity', () => {
    const other: Quad = [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 50, y: 30 }, { x: 0, y: 30 }];
    const m = quadToQuad(trapezoid, other);
    trapezoid.forEach((p, i) => close(applyHomography(m, p), other[i] as Point));
    const id = composeHomographies(invertHomography(m), m);
    close(applyHomography(id, { x: 77, y: 33 }), { x: 77, y: 33 }, 1e-6);
  });

  it('refuses a singular matrix', () => {
    expect(() => invertHomography([1, 2, 3, 2, 4, 6, 0, 0, 0])).toThrow(RangeError);
  });
});

describe('warpPerspective', () => {
  /** A 40 x 20 image, black on its left half and white on its right. */
  const halves: RgbImage = (() => {
    const data = new Uint8Array(40 * 20 * 3);
    for (let y = 0; y < 20; y++) for (let x = 20; x < 40; x++) data.fill(255, (y * 40 + x) * 3, (y * 40 + x) * 3 + 3);
    return { width: 40, height: 20, data };
  })();
  const at = (img: RgbImage, x: number, y: number) => img.data[(y * img.width + x) * 3] as number;

  it('with no keystone, places the image unchanged inside its margin', () => {
    const view = keystone(40, 20, 0, 0.25);
    expect([view.width, view.height]).toEqual([60, 30]);
    const out = warpPerspective(halves, view.to, view.width, view.height, [90, 100, 110]);
    expect(at(out, 2, 2)).toBe(90); // table
    expect(at(out, 15, 15)).toBe(0);
    expect(at(out, 45, 15)).toBe(255);
  });

  it('shortens the far edge: the top row of the image is narrower than the bottom row', () => {
    const view = keystone(40, 20, 0.4, 0);
    const out = warpPerspective(halves, view.to, view.width, view.height, [90, 100, 110]);
    const covered = (y: number) => Array.from({ length: out.width }, (_, x) => at(out, x, y)).filter((v) => v !== 90).length;
    expect(covered(0)).toBeLessThan(covered(19));
    expect(covered(0)).toBeGreaterThan(0);
  });

  it('refuses a keystone strength outside [0, 0.6]', () => {
    expect(() => keystone(40, 20, 0.7)).toThrow(RangeError);
    expect(() => keystone(40, 20, -0.1)).toThrow(RangeError);
  });
});

describe('degradeImage perspective', () => {
  /** A 300 x 200 white page with a black bar along its top edge. */
  const page = async () => {
    const data = new Uint8Array(300 * 200 * 3).fill(255);
    for (let y = 10; y < 30; y++) data.fill(0, (y * 300 + 20) * 3, (y * 300 + 280) * 3);
    return sharp(data, { raw: { width: 300, height: 200, channels: 3 } }).png().toBuffer();
  };

  it('keystones about half of the hard captures, by 5-25%, and never a clean or mild one', async () => {
    const png = await page();
    const rng = createRandom(11);
    const hard = [];
    for (let i = 0; i < 12; i++) hard.push((await degradeImage(png, 'hard', rng)).distortion.keystone);
    const keystoned = hard.filter((k) => k > 0);
    expect(keystoned.length).toBeGreaterThan(2);
    expect(keystoned.length).toBeLessThan(12);
    for (const k of keystoned) {
      expect(k).toBeGreaterThanOrEqual(0.05);
      expect(k).toBeLessThanOrEqual(0.25);
    }
    for (const level of ['clean', 'mild'] as const) expect((await degradeImage(png, level, rng)).distortion.keystone).toBe(0);
  });
});
