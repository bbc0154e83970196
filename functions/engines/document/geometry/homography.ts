import type { Point, Quad } from './quad.ts';

/**
 * A plane projective transform (homography) as a row-major 3 x 3 matrix `[a b c; d e f; g h i]`, mapping
 * `(x, y)` to `((a x + b y + c) / w, (d x + e y + f) / w)` with `w = g x + h y + i`.
 */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/**
 * The homography that maps the unit square's corners `(0,0), (1,0), (1,1), (0,1)` onto a quad's `tl, tr, br, bl`,
 * in closed form (P. Heckbert, "Fundamentals of Texture Mapping and Image Warping", UC Berkeley 1989, §2.2.3). The
 * quad must be convex and not degenerate; a parallelogram gives an affine map (`g = h = 0`).
 *
 * @param q - target quad in pixels, reading order
 */
export function squareToQuad(q: Quad): Homography {
  const [p0, p1, p2, p3] = q;
  const sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y;
  if (Math.abs(sx) < 1e-12 && Math.abs(sy) < 1e-12) {
    return [p1.x - p0.x, p3.x - p0.x, p0.x, p1.y - p0.y, p3.y - p0.y, p0.y, 0, 0, 1];
  }
  const dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den, h = (dx1 * sy - sx * dy1) / den;
  return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
}

/** The inverse of a homography (adjugate; the scale of a homography is free). Throws {@link RangeError} when singular. */
export function invertHomography(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h, B = f * g - d * i, C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new RangeError('the homography is singular');
  return [A, c * h - b * i, b * f - c * e, B, a * i - c * g, c * d - a * f, C, b * g - a * h, a * e - b * d];
}

/** `m` after `n`: the homography that applies `n` first, then `m`. */
export function composeHomographies(m: Homography, n: Homography): Homography {
  const r: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      r.push((m[row * 3] as number) * (n[col] as number) + (m[row * 3 + 1] as number) * (n[3 + col] as number) + (m[row * 3 + 2] as number) * (n[6 + col] as number));
    }
  }
  return r as unknown as Homography;
}

/** The homography that maps quad `from` onto quad `to`, corner to corner (both convex, reading order). */
export function quadToQuad(from: Quad, to: Quad): Homography {
  return composeHomographies(squareToQuad(to), invertHomography(squareToQuad(from)));
}

/** Applies a homography to a point. */
export function applyHomography(m: Homography, p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}
