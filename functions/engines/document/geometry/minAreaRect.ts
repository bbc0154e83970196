import type { Point, Quad } from './quad.ts';

/**
 * Convex hull of points (Andrew's monotone chain), counter-clockwise in a y-up frame, without collinear points.
 * @param points - at least one point
 */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i] as Point;
    while (upper.length >= 2 && cross(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** A rotated rectangle: centre, side lengths along and across `angle` (radians). */
export interface RotatedRect {
  readonly cx: number;
  readonly cy: number;
  /** Side along `angle`, always the longer side. */
  readonly width: number;
  readonly height: number;
  readonly angle: number;
}

/**
 * Minimum-area enclosing rectangle of points (rotating calipers over the convex hull edges). The angle is chosen
 * so that `width >= height` and the direction points rightwards (|angle| <= 90°).
 * @param points - at least one point
 */
export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 1) return { cx: (hull[0] as Point).x, cy: (hull[0] as Point).y, width: 0, height: 0, angle: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i] as Point;
    const b = hull[(i + 1) % hull.length] as Point;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, width: maxU - minU, height: maxV - minV, angle: Math.atan2(uy, ux) };
    }
  }
  const rect = best as RotatedRect;
  let { width, height, angle } = rect;
  if (height > width) {
    [width, height] = [height, width];
    angle += Math.PI / 2;
  }
  while (angle > Math.PI / 2) angle -= Math.PI;
  while (angle <= -Math.PI / 2) angle += Math.PI;
  return { cx: rect.cx, cy: rect.cy, width, height, angle };
}

/** Corners of a rotated rectangle as a {@link Quad} (reading order along `angle`). */
export function rectToQuad(r: RotatedRect): Quad {
  const ux = Math.cos(r.angle), uy = Math.sin(r.angle);
  const vx = -uy, vy = ux;
  const hw = r.width / 2, hh = r.height / 2;
  const at = (su: number, sv: number): Point => ({ x: r.cx + ux * hw * su + vx * hh * sv, y: r.cy + uy * hw * su + vy * hh * sv });
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}
