import { enclosingQuad, quadAngle, quadSize, type Point, type Quad } from '../geometry/quad.ts';
import { bendOffset, measureRowBend, shiftColumns } from './rowBend.ts';
import type { RgbImage } from './loadImage.ts';
import { cropUpright, straighten, type StraightenedImage } from './straighten.ts';

/** A page turned level and its rows straightened ({@link flattenPage}), with the map back to the source. */
export interface FlattenedPage extends StraightenedImage {
  /** The bend undone, in pixels of the zone measured (see rowBend.ts `RowBend.sagitta`). */
  readonly sagitta: number;
}

/**
 * The whole image turned so that the lines in `quads` run level ({@link straighten}), and its columns shifted so that
 * their rows run straight where they bend: the bend is measured on the zone of those lines cut out upright
 * (`enclosingQuad` with the margins given; rowBend.ts `measureRowBend`) and applied across the turned page, each
 * column by the offset at the same place along the lines (the offset at the zone's nearer end beyond it). The
 * reading then runs on a page whose lines fit straight boxes at every step, not only where the zone is read.
 *
 * @param image - RGB pixels
 * @param quads - the lines read, in source pixels, reading order (at least one)
 * @param along - margin of the zone measured along the lines, in shares of their length
 * @param across - margin of the zone above and below, in line heights
 * @returns the flattened page, or null when the zone's rows bend less than rowBend.ts `DEWARP_MIN_SAGITTA` line
 *   heights or `DEWARP_MIN_SAGITTA_PX` pixels (or cannot be measured)
 * @throws {RangeError} when `quads` is empty
 */
export function flattenPage(image: RgbImage, quads: readonly Quad[], along: number, across: number): FlattenedPage | null {
  const zoneQuad = enclosingQuad(quads, along, across);
  const lineHeight = quads.reduce((sum, q) => sum + quadSize(q).height, 0) / quads.length;
  const zone = cropUpright(image, zoneQuad);
  const bend = measureRowBend(zone.image, lineHeight);
  if (!bend) return null;
  const turned = straighten(image, quadAngle(zoneQuad));
  const fromSource = inverseAffine(turned.toSource);
  const left = fromSource(zone.toSource({ x: 0, y: 0 }));
  const right = fromSource(zone.toSource({ x: zone.image.width, y: 0 }));
  // Turned pixels per zone pixel along the lines (1 unless either was scaled down to its largest side).
  const scale = (right.x - left.x) / zone.image.width;
  if (!(scale > 0)) return null;
  const W = turned.image.width;
  const offsets = new Float64Array(W).map((_, x) => scale * bendOffset(bend, (x - left.x) / scale));
  // Level with the zone's mean row, so that the lines stay where the quads put them on average.
  let mean = 0;
  for (let x = 0; x < zone.image.width; x++) mean += (scale * bendOffset(bend, x)) / zone.image.width;
  for (let x = 0; x < W; x++) offsets[x] = (offsets[x] as number) - mean;
  const shifted = shiftColumns(turned.image, offsets);
  return { image: shifted.image, toSource: (p) => turned.toSource(shifted.toSource(p)), sagitta: bend.sagitta };
}

/** The inverse of an affine map of the plane, given as a function (sampled at three points). */
function inverseAffine(map: (p: Point) => Point): (p: Point) => Point {
  const o = map({ x: 0, y: 0 }), ex = map({ x: 1, y: 0 }), ey = map({ x: 0, y: 1 });
  const a = ex.x - o.x, b = ey.x - o.x, c = ex.y - o.y, d = ey.y - o.y;
  const det = a * d - b * c;
  return (p) => {
    const dx = p.x - o.x, dy = p.y - o.y;
    return { x: (d * dx - b * dy) / det, y: (-c * dx + a * dy) / det };
  };
}
