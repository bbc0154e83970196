import { describe, expect, it } from 'vitest';
import { bendOffset, DEWARP_MIN_SAGITTA, measureRowBend, shiftColumns, type RowBend } from '../../../../functions/engines/document/image/rowBend.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';

/**
 * A white `width x height` image with two rows of dark blocks (6 px wide, 8 px high, every 10 px: characters of a
 * line), their tops at `top(x)` and `top(x) + 14` over the middle 90% of the width. Each pixel is the mean of 4x4
 * samples, as a camera's pixels average the light over their area.
 */
function rows(width: number, height: number, top: (x: number) => number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  const dark = (x: number, y: number) => {
    if (x < width * 0.05 || x > width * 0.95 || x % 10 >= 6) return false;
    const t = top(x);
    return (y >= t && y < t + 8) || (y >= t + 14 && y < t + 22);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) if (dark(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) n++;
      data.fill(Math.round(255 - (235 * n) / 16), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { width, height, data };
}

/** The ink-weighted mean row of the image's columns `[x0, x1)`. */
function inkRow(image: RgbImage, x0: number, x1: number): number {
  let sum = 0, weight = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = x0; x < x1; x++) {
      const ink = 255 - (image.data[(y * image.width + x) * 3] as number);
      sum += ink * y;
      weight += ink;
    }
  }
  return sum / weight;
}

const W = 480, H = 90, LINE = 16;
/** Rows bowed by 6 px: the ends 6 px lower than the middle (a parabola), the tops at 30 in the middle. */
const bowed = (x: number) => 30 + 6 * ((2 * x) / W - 1) ** 2;

/** The rows straightened by the bend measured: each column moved up by its offset, less their mean. */
function straightened(image: RgbImage, bend: RowBend) {
  const offsets = new Float64Array(image.width).map((_, x) => bendOffset(bend, x));
  const mean = offsets.reduce((sum, d) => sum + d, 0) / offsets.length;
  return shiftColumns(image, offsets.map((d) => d - mean));
}

describe('measureRowBend', () => {
  it('measures the bend of bowed rows, which shifting the columns by it makes level', () => {
    const source = rows(W, H, bowed);
    const bend = measureRowBend(source, LINE);
    expect(bend).not.toBeNull();
    expect((bend as RowBend).sagitta).toBeGreaterThan(5);
    expect((bend as RowBend).sagitta).toBeLessThan(7);
    // In the source, the rows near the ends lie 3.6 px lower than in the middle; straightened, within a pixel.
    expect(inkRow(source, 30, 80) - inkRow(source, 215, 265)).toBeGreaterThan(3);
    const { image } = straightened(source, bend as RowBend);
    for (const [x0, x1] of [[30, 80], [400, 450]] as const) expect(Math.abs(inkRow(image, x0, x1) - inkRow(image, 215, 265))).toBeLessThan(1);
  });

  it('maps a point of the straightened rows back onto the bowed ones', () => {
    const { toSource } = straightened(rows(W, H, bowed), measureRowBend(rows(W, H, bowed), LINE) as RowBend);
    // Two points on one level of the straightened rows, mapped back, lie on the bowed rows, 6 px apart at most.
    const middle = toSource({ x: 240, y: 10 });
    const end = toSource({ x: 40, y: 10 });
    expect(middle.x).toBe(240);
    expect(end.y - middle.y).toBeCloseTo(bowed(40) - bowed(240), 0);
  });

  it('measures the bend of tilted rows without counting the tilt', () => {
    const bend = measureRowBend(rows(W, H, (x) => bowed(x) - 10 + (x / W) * 20), LINE);
    expect(bend).not.toBeNull();
    expect((bend as RowBend).sagitta).toBeGreaterThan(5);
    expect((bend as RowBend).sagitta).toBeLessThan(7);
  });

  it(`answers null for rows bent less than ${DEWARP_MIN_SAGITTA} line heights, and for a blank image`, () => {
    expect(measureRowBend(rows(W, H, () => 30), LINE)).toBeNull();
    expect(measureRowBend(rows(W, H, (x) => 30 + 1.5 * ((2 * x) / W - 1) ** 2), LINE)).toBeNull();
    expect(measureRowBend({ width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) }, LINE)).toBeNull();
  });
});
