import { createRgbImage, type RgbImage } from './rgbImage.ts';

/**
 * A 2-D affine map as the top two rows of a 3x3 matrix, `[a, b, tx, c, d, ty]`, sending (x, y) to
 * (a·x + b·y + tx, c·x + d·y + ty). Same layout as OpenCV's 2x3 `warpAffine` matrix.
 */
export type Affine2x3 = readonly [number, number, number, number, number, number];

/**
 * Inverts an affine map.
 * @throws {RangeError} when the map is singular (determinant 0)
 */
export function invertAffine(m: Affine2x3): Affine2x3 {
  const [a, b, tx, c, d, ty] = m;
  const det = a * d - b * c;
  if (det === 0 || !Number.isFinite(det)) throw new RangeError('The affine map is singular and cannot be inverted.');
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  return [ia, ib, -(ia * tx + ib * ty), ic, id, -(ic * tx + id * ty)];
}

/**
 * Applies `m` (source -> output coordinates) to `src` and samples an `outWidth` x `outHeight` image with bilinear
 * interpolation; output pixels that map outside the source are black (OpenCV `warpAffine` with
 * `BORDER_CONSTANT`, value 0, which is what insightface's `norm_crop` produces and what ArcFace-family models saw in
 * training).
 *
 * @param src - source image
 * @param m - forward map from source pixel coordinates to output pixel coordinates
 * @param outWidth - output width, pixels
 * @param outHeight - output height, pixels
 */
export function warpAffine(src: RgbImage, m: Affine2x3, outWidth: number, outHeight: number): RgbImage {
  const inv = invertAffine(m);
  const [a, b, tx, c, d, ty] = inv;
  const out = createRgbImage(outWidth, outHeight);
  const o = out.data;
  const { data, width, height } = src;
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      const fx = a * ox + b * oy + tx;
      const fy = c * ox + d * oy + ty;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      if (x0 < -1 || y0 < -1 || x0 >= width || y0 >= height) continue;
      const wx = fx - x0;
      const wy = fy - y0;
      const base = (oy * outWidth + ox) * 3;
      const in00 = x0 >= 0 && y0 >= 0;
      const in10 = x0 + 1 < width && y0 >= 0;
      const in01 = x0 >= 0 && y0 + 1 < height;
      const in11 = x0 + 1 < width && y0 + 1 < height;
      const i00 = (y0 * width + x0) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const p00 = in00 ? data[i00 + ch]! : 0;
        const p10 = in10 ? data[i00 + 3 + ch]! : 0;
        const p01 = in01 ? data[i00 + width * 3 + ch]! : 0;
        const p11 = in11 ? data[i00 + width * 3 + 3 + ch]! : 0;
        const top = p00 + (p10 - p00) * wx;
        const bottom = p01 + (p11 - p01) * wx;
        o[base + ch] = top + (bottom - top) * wy + 0.5;
      }
    }
  }
  return out;
}
