import { describe, expect, it } from 'vitest';
import { bendOffset, DEWARP_MIN_SAGITTA, measureRowBend, shiftColumns, type RowBend } from '../../../../functions/engines/document/image/rowBend.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { blockRows, inkRow } from './fixtures.ts';

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
    const source = blockRows(W, H, bowed);
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
    const { toSource } = straightened(blockRows(W, H, bowed), measureRowBend(blockRows(W, H, bowed), LINE) as RowBend);
    // Two points on one level of the straightened rows, mapped back, lie on the bowed rows, 6 px apart at most.
    const middle = toSource({ x: 240, y: 10 });
    const end = toSource({ x: 40, y: 10 });
    expect(middle.x).toBe(240);
    expect(end.y - middle.y).toBeCloseTo(bowed(40) - bowed(240), 0);
  });

  it('measures the bend of tilted rows without counting the tilt', () => {
    const bend = measureRowBend(blockRows(W, H, (x) => bowed(x) - 10 + (x / W) * 20), LINE);
    expect(bend).not.toBeNull();
    expect((bend as RowBend).sagitta).toBeGreaterThan(5);
    expect((bend as RowBend).sagitta).toBeLessThan(7);
  });

  it(`answers null for rows bent less than ${DEWARP_MIN_SAGITTA} line heights, and for a blank image`, () => {
    expect(measureRowBend(blockRows(W, H, () => 30), LINE)).toBeNull();
    expect(measureRowBend(blockRows(W, H, (x) => 30 + 1.5 * ((2 * x) / W - 1) ** 2), LINE)).toBeNull();
    expect(measureRowBend({ width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) }, LINE)).toBeNull();
  });
});
