/** A point in pixels, x to the right, y down. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * A rotated rectangle given by its corners in reading order: top-left, top-right, bottom-right, bottom-left (as the
 * text would be read, so `tl -> tr` is the text direction).
 */
export type Quad = readonly [Point, Point, Point, Point];

/** Euclidean distance of two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Length of the text direction (`tl -> tr`) and the height (`tl -> bl`) of a quad. */
export function quadSize(q: Quad): { width: number; height: number } {
  return { width: (distance(q[0], q[1]) + distance(q[3], q[2])) / 2, height: (distance(q[0], q[3]) + distance(q[1], q[2])) / 2 };
}

/** Angle of the text direction in radians (0 = left to right, positive = clockwise in image coordinates). */
export function quadAngle(q: Quad): number {
  return Math.atan2(q[1].y - q[0].y + (q[2].y - q[3].y), q[1].x - q[0].x + (q[2].x - q[3].x));
}

/**
 * Clockwise quarter turns (0-3) that bring lines read in `quads` upright: their mean text direction (`tl -> tr`)
 * rounded to the nearest multiple of 90°. A text line of a data page or card runs along the page's reading direction,
 * so this is also the page's (ICAO Doc 9303 Parts 4-6: the MRZ runs parallel to the document's longer edge, read left
 * to right with the portrait upright).
 *
 * @param quads - at least one quad, reading order
 * @returns 0 when the text already runs left to right, 1 when it runs bottom to top (turn 90° clockwise), 2 when
 *   upside down, 3 when it runs top to bottom (turn 270° clockwise); 0 for an empty list
 */
export function uprightQuarterTurns(quads: readonly Quad[]): 0 | 1 | 2 | 3 {
  let dx = 0;
  let dy = 0;
  for (const q of quads) {
    dx += q[1].x - q[0].x + (q[2].x - q[3].x);
    dy += q[1].y - q[0].y + (q[2].y - q[3].y);
  }
  if (dx === 0 && dy === 0) return 0;
  const turns = Math.round(-Math.atan2(dy, dx) / (Math.PI / 2));
  return (((turns % 4) + 4) % 4) as 0 | 1 | 2 | 3;
}

/** Centre of a quad. */
export function quadCentre(q: Quad): Point {
  return { x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 };
}

/**
 * Whether a point lies inside a convex quad or on its edges (the same side of each edge, corners in either winding).
 */
export function quadContains(q: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i] as Point, b = q[(i + 1) % 4] as Point;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The same quad read the other way round (rotated by 180°). */
export function flipQuad(q: Quad): Quad {
  return [q[2], q[3], q[0], q[1]];
}

/** The quad scaled by `sx`, `sy` (from one image resolution to another). */
export function scaleQuad(q: Quad, sx: number, sy: number): Quad {
  return q.map((p) => ({ x: p.x * sx, y: p.y * sy })) as unknown as Quad;
}

/** A quad grown by `dx` pixels along the text direction and `dy` across it, on each side. */
export function growQuad(q: Quad, dx: number, dy: number): Quad {
  const { width, height } = quadSize(q);
  const ux = { x: (q[1].x - q[0].x) / (width || 1), y: (q[1].y - q[0].y) / (width || 1) };
  const uy = { x: (q[3].x - q[0].x) / (height || 1), y: (q[3].y - q[0].y) / (height || 1) };
  const move = (p: Point, sx: number, sy: number): Point => ({ x: p.x + ux.x * dx * sx + uy.x * dy * sy, y: p.y + ux.y * dx * sx + uy.y * dy * sy });
  return [move(q[0], -1, -1), move(q[1], 1, -1), move(q[2], 1, 1), move(q[3], -1, 1)];
}

/**
 * The rectangle, in the text frame of the first quad, that holds every quad, grown by `along` times its length on
 * each end and by `across` line heights (the quads' mean height) above and below: the region of a group of lines.
 *
 * @param quads - at least one quad, reading order
 * @param along - margin on each end, as a share of the region's length (e.g. 0.08)
 * @param across - margin above and below, in line heights (e.g. 2)
 * @throws {RangeError} when `quads` is empty
 */
export function enclosingQuad(quads: readonly Quad[], along: number, across: number): Quad {
  const first = quads[0];
  if (!first) throw new RangeError('enclosingQuad needs at least one quad');
  const a = quadAngle(first);
  const ux = Math.cos(a), uy = Math.sin(a);
  let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity, height = 0;
  for (const q of quads) {
    height += quadSize(q).height / quads.length;
    for (const p of q) {
      const u = p.x * ux + p.y * uy, v = -p.x * uy + p.y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
  }
  const du = along * (maxU - minU), dv = across * height;
  const at = (u: number, v: number): Point => ({ x: u * ux - v * uy, y: u * uy + v * ux });
  return [at(minU - du, minV - dv), at(maxU + du, minV - dv), at(maxU + du, maxV + dv), at(minU - du, maxV + dv)];
}
