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

/** Centre of a quad. */
export function quadCentre(q: Quad): Point {
  return { x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 };
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
