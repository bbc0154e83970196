import type { Affine2x3 } from './warpAffine.ts';

/** A 2-D point `[x, y]` in pixels. */
export type Point = readonly [number, number];

/**
 * Least-squares similarity transform (rotation, uniform scale, translation; no shear, no reflection) that maps the
 * points `from[i]` onto `to[i]`.
 *
 * This is Umeyama's closed form (S. Umeyama, "Least-squares estimation of transformation parameters between two
 * point patterns", IEEE TPAMI 13(4), 1991) in 2-D, the estimator scikit-image's `SimilarityTransform.estimate`
 * implements and that insightface's `face_align.norm_crop` uses to map 5 detected landmarks onto the ArcFace
 * 112x112 template.
 *
 * @param from - source points (at least 2, not all equal)
 * @param to - destination points, same length as `from`
 * @returns the forward map from `from` coordinates to `to` coordinates
 * @throws {RangeError} when the lengths differ, fewer than 2 points are given, or the source points coincide
 */
export function estimateSimilarity(from: readonly Point[], to: readonly Point[]): Affine2x3 {
  const n = from.length;
  if (n !== to.length || n < 2) throw new RangeError(`Need two equally long point lists of at least 2 points, got ${n} and ${to.length}.`);
  let mfx = 0;
  let mfy = 0;
  let mtx = 0;
  let mty = 0;
  for (let i = 0; i < n; i++) {
    mfx += from[i]![0];
    mfy += from[i]![1];
    mtx += to[i]![0];
    mty += to[i]![1];
  }
  mfx /= n;
  mfy /= n;
  mtx /= n;
  mty /= n;
  // With complex numbers f = x + iy the optimal similarity is t = s·e^{iθ}·f + b where
  // s·e^{iθ} = Σ conj(f_c)·t_c / Σ |f_c|² (centred points); this equals Umeyama's SVD solution in 2-D.
  let num_re = 0;
  let num_im = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const fx = from[i]![0] - mfx;
    const fy = from[i]![1] - mfy;
    const tx = to[i]![0] - mtx;
    const ty = to[i]![1] - mty;
    num_re += fx * tx + fy * ty;
    num_im += fx * ty - fy * tx;
    den += fx * fx + fy * fy;
  }
  if (den === 0) throw new RangeError('The source points coincide; no similarity transform is defined.');
  const a = num_re / den;
  const b = num_im / den;
  // [x', y'] = [[a, -b], [b, a]]·[x, y] + t
  return [a, -b, mtx - (a * mfx - b * mfy), b, a, mty - (b * mfx + a * mfy)];
}
