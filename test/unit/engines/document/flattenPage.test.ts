import { describe, expect, it } from 'vitest';
import type { Point, Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { flattenPage } from '../../../../functions/engines/document/image/flattenPage.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { measureRowBend } from '../../../../functions/engines/document/image/rowBend.ts';
import { straighten } from '../../../../functions/engines/document/image/straighten.ts';
import { blockRows, inkRow } from './fixtures.ts';

const DEG = Math.PI / 180;

/** Two rows of blocks 480 x 90 ({@link blockRows}), bowed: their tops at `30 + bow (2x/480 - 1)²` (the ends `bow` px lower). */
const bowedRows = (bow: number): RgbImage => blockRows(480, 90, (x) => 30 + bow * ((2 * x) / 480 - 1) ** 2);

/** The inverse of an affine map given as a function. */
function inverse(map: (p: Point) => Point): (p: Point) => Point {
  const o = map({ x: 0, y: 0 }), ex = map({ x: 1, y: 0 }), ey = map({ x: 0, y: 1 });
  const a = ex.x - o.x, b = ey.x - o.x, c = ex.y - o.y, d = ey.y - o.y, det = a * d - b * c;
  return (p) => ({ x: (d * (p.x - o.x) - b * (p.y - o.y)) / det, y: (-c * (p.x - o.x) + a * (p.y - o.y)) / det });
}

const grey = (image: RgbImage, x: number, y: number) => image.data[(y * image.width + x) * 3] as number;

describe('flattenPage', () => {
  // The bowed rows turned by 12° on a larger white canvas (a page photographed askew and bent), and the straight
  // boxes a detector would give its two lines (their chords, 12 px high), in the turned image's pixels.
  const turned = (bow: number) => {
    const page = straighten(bowedRows(bow), -12 * DEG);
    const toPage = inverse(page.toSource);
    const box = (top: number): Quad => [toPage({ x: 24, y: top }), toPage({ x: 456, y: top }), toPage({ x: 456, y: top + 12 }), toPage({ x: 24, y: top + 12 })];
    return { page, quads: [box(30), box(44)] };
  };
  const { page, quads } = turned(6);

  it('turns the page level and makes its bowed rows straight', () => {
    const flat = flattenPage(page.image, quads, 0.08, 2);
    expect(flat).not.toBeNull();
    const { image, sagitta } = flat as NonNullable<typeof flat>;
    expect(sagitta).toBeGreaterThan(5);
    expect(sagitta).toBeLessThan(7);
    // Where the rows lie in the flattened page: the columns holding ink.
    const inked = [...Array(image.width).keys()].filter((x) => [...Array(image.height).keys()].some((y) => grey(image, x, y) < 128));
    const [left, right] = [inked[0] as number, inked[inked.length - 1] as number];
    const middle = Math.round((left + right) / 2);
    const level = inkRow(image, middle - 25, middle + 25);
    expect(Math.abs(inkRow(image, left, left + 50) - level)).toBeLessThan(1);
    expect(Math.abs(inkRow(image, right - 50, right) - level)).toBeLessThan(1);
    // No bend left to measure in the flattened rows.
    const band = Math.round(level) - 30;
    const rows: RgbImage = { width: right - left, height: 60, data: new Uint8Array((right - left) * 60 * 3) };
    for (let y = 0; y < 60; y++) for (let x = 0; x < right - left; x++) rows.data.fill(grey(image, left + x, band + y), (y * rows.width + x) * 3, (y * rows.width + x) * 3 + 3);
    expect(measureRowBend(rows, 12)).toBeNull();
  });

  it('maps the flattened page back onto the turned one: its ink falls on ink', () => {
    const flat = flattenPage(page.image, quads, 0.08, 2) as NonNullable<ReturnType<typeof flattenPage>>;
    let dark = 0, onInk = 0;
    for (let y = 0; y < flat.image.height; y++) {
      for (let x = 0; x < flat.image.width; x++) {
        if (grey(flat.image, x, y) >= 64) continue;
        dark++;
        const p = flat.toSource({ x, y });
        const [px, py] = [Math.round(p.x), Math.round(p.y)];
        let least = 255;
        for (let j = -1; j <= 1; j++) for (let i = -1; i <= 1; i++) least = Math.min(least, grey(page.image, Math.min(page.image.width - 1, Math.max(0, px + i)), Math.min(page.image.height - 1, Math.max(0, py + j))));
        if (least < 128) onInk++;
      }
    }
    expect(dark).toBeGreaterThan(1000);
    expect(onInk / dark).toBeGreaterThan(0.98);
  });

  it('answers null for a page whose rows run straight', () => {
    const straight = turned(0);
    expect(flattenPage(straight.page.image, straight.quads, 0.08, 2)).toBeNull();
  });
});
