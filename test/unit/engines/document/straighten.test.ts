import { describe, expect, it } from 'vitest';
import { estimateSkew } from '../../../../functions/engines/document/image/estimateSkew.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { enclosingQuad, type Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { cropUpright, straighten } from '../../../../functions/engines/document/image/straighten.ts';
import { supersampled } from './fixtures.ts';

const DEG = Math.PI / 180;

/**
 * A white image with dark stripes 4 px thick every 16 px, running at `angle` (radians, clockwise in image
 * coordinates) over 70% of the width: text lines or barcode rows photographed askew. Each pixel is the mean of 4x4
 * samples, as a camera's pixels average the light over their area (hard-edged stripes would be staircases of
 * horizontal and vertical edges).
 */
function stripes(width: number, height: number, angle: number): RgbImage {
  const nx = -Math.sin(angle), ny = Math.cos(angle);
  return supersampled(width, height, (x, y) => {
    const across = (x - width / 2) * nx + (y - height / 2) * ny;
    const along = (x - width / 2) * Math.cos(angle) + (y - height / 2) * Math.sin(angle);
    return Math.abs(along) < width * 0.35 && ((across % 16) + 16) % 16 < 4;
  });
}

describe('estimateSkew', () => {
  it.each([0, 7, 15, -20, 35, -40])('finds stripes turned by %d° within 2°', (degrees) => {
    const skew = estimateSkew(stripes(400, 300, degrees * DEG));
    expect(skew).not.toBeNull();
    expect(Math.abs((skew as number) / DEG - degrees)).toBeLessThanOrEqual(2);
  });

  it('folds a quarter turn onto the axes: stripes at 100° read as 10°', () => {
    expect(Math.abs((estimateSkew(stripes(300, 300, 100 * DEG)) as number) / DEG - 10)).toBeLessThanOrEqual(2);
  });

  it('answers null for an image without edges', () => {
    expect(estimateSkew({ width: 50, height: 40, data: new Uint8Array(50 * 40 * 3).fill(128) })).toBeNull();
  });
});

describe('straighten', () => {
  it('turns stripes at 20° level, and maps its pixels back onto the source', () => {
    const source = stripes(400, 300, 20 * DEG);
    const { image, toSource } = straighten(source, 20 * DEG);
    // The canvas holds the whole turned image.
    expect(image.width).toBe(Math.round(400 * Math.cos(20 * DEG) + 300 * Math.sin(20 * DEG)));
    expect(image.height).toBe(Math.round(400 * Math.sin(20 * DEG) + 300 * Math.cos(20 * DEG)));
    // Level stripes.
    expect(Math.abs((estimateSkew(image) as number) / DEG)).toBeLessThanOrEqual(2);
    // The centre maps onto the centre; a pixel's colour is its source pixel's.
    const c = toSource({ x: image.width / 2, y: image.height / 2 });
    expect(c.x).toBeCloseTo(200, 0);
    expect(c.y).toBeCloseTo(150, 0);
    for (const p of [{ x: 150, y: 120 }, { x: 260, y: 200 }, { x: 300, y: 150 }]) {
      const s = toSource(p);
      const value = source.data[(Math.round(s.y - 0.5) * 400 + Math.round(s.x - 0.5)) * 3] as number;
      expect(Math.abs((image.data[(p.y * image.width + p.x) * 3] as number) - value)).toBeLessThan(120);
    }
  });

  it('scales a large image down to maxSide', () => {
    const { image, toSource } = straighten(stripes(400, 300, 10 * DEG), 10 * DEG, 200);
    expect(Math.max(image.width, image.height)).toBe(200);
    const corner = toSource({ x: 0, y: 0 });
    const far = toSource({ x: image.width, y: 0 });
    expect(Math.hypot(far.x - corner.x, far.y - corner.y)).toBeCloseTo(400 * Math.cos(10 * DEG) + 300 * Math.sin(10 * DEG), 0);
  });

  it('enlarges by scale in the same resampling, still within maxSide', () => {
    const bw = 400 * Math.cos(10 * DEG) + 300 * Math.sin(10 * DEG);
    const twice = straighten(stripes(400, 300, 10 * DEG), 10 * DEG, 3000, 2);
    expect(twice.image.width).toBe(Math.round(2 * bw));
    expect(twice.toSource({ x: twice.image.width, y: 0 }).x - twice.toSource({ x: 0, y: 0 }).x).toBeCloseTo(bw * Math.cos(10 * DEG), 0);
    const capped = straighten(stripes(400, 300, 10 * DEG), 10 * DEG, 600, 2);
    expect(Math.max(capped.image.width, capped.image.height)).toBe(600);
  });
});

describe('enclosingQuad and cropUpright', () => {
  // Two text lines 200 px long and 10 px high at 30°, 17 px apart across the text.
  const a = (30 * Math.PI) / 180;
  const line = (u0: number, v0: number): Quad => {
    const at = (u: number, v: number) => ({ x: 100 + u * Math.cos(a) - v * Math.sin(a), y: 50 + u * Math.sin(a) + v * Math.cos(a) });
    return [at(u0, v0), at(u0 + 200, v0), at(u0 + 200, v0 + 10), at(u0, v0 + 10)];
  };
  const lines = [line(0, 0), line(0, 17)];

  it('holds the lines with the margins asked for, in their text direction', () => {
    const zone = enclosingQuad(lines, 0.1, 2);
    const [tl, tr, , bl] = zone;
    expect(Math.hypot(tr.x - tl.x, tr.y - tl.y)).toBeCloseTo(200 * 1.2, 6);
    expect(Math.hypot(bl.x - tl.x, bl.y - tl.y)).toBeCloseTo(27 + 2 * 2 * 10, 6);
    expect(Math.atan2(tr.y - tl.y, tr.x - tl.x)).toBeCloseTo(a, 6);
    // Its top-left corner is 20 px before the lines' start and 20 px above the first line.
    const start = line(-20, -20)[0];
    expect(tl.x).toBeCloseTo(start.x, 6);
    expect(tl.y).toBeCloseTo(start.y, 6);
  });

  it('throws on no quads', () => {
    expect(() => enclosingQuad([], 0.1, 2)).toThrow(RangeError);
  });

  it('cuts the zone out upright at the source resolution and maps it back', () => {
    const source = stripes(400, 300, a);
    const zone = enclosingQuad(lines, 0.1, 2);
    const { image, toSource } = cropUpright(source, zone);
    expect(image.width).toBe(240);
    expect(image.height).toBe(67);
    expect(Math.abs((estimateSkew(image) as number) / DEG)).toBeLessThanOrEqual(2);
    for (const [i, corner] of [{ x: 0, y: 0 }, { x: 240, y: 0 }, { x: 240, y: 67 }, { x: 0, y: 67 }].entries()) {
      const p = toSource(corner);
      expect(p.x).toBeCloseTo((zone[i] as Quad[number]).x, 6);
      expect(p.y).toBeCloseTo((zone[i] as Quad[number]).y, 6);
    }
    // Capped at maxSide.
    expect(cropUpright(source, zone, 120).image.width).toBe(120);
  });
});
