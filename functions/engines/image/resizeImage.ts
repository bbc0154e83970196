import { createRgbImage, type RgbImage } from './rgbImage.ts';

/** A source rectangle in pixel coordinates; may extend past the image (outside pixels read as the border value). */
export interface Rect {
  /** Left edge, pixels. */
  readonly x: number;
  /** Top edge, pixels. */
  readonly y: number;
  /** Width, pixels, > 0. */
  readonly width: number;
  /** Height, pixels, > 0. */
  readonly height: number;
}

/**
 * Resamples a rectangle of `src` to `outWidth` x `outHeight` pixels (non-uniform scaling allowed).
 *
 * Downscaling by more than 1.5x averages the source pixels under each output pixel (area interpolation, as OpenCV's
 * `INTER_AREA`), so that a 1600 px photo shrunk to a 320 px detector input does not alias; otherwise bilinear
 * interpolation is used (OpenCV's `INTER_LINEAR` with pixel centres at +0.5, edge pixels replicated). Output pixels
 * whose sample point lies outside `src` (letterbox padding) get `fill`.
 *
 * @param src - the image
 * @param rect - the source rectangle, default the whole image
 * @param outWidth - output width, pixels
 * @param outHeight - output height, pixels
 * @param fill - value of pixels outside the image, 0-255 (default 0, black)
 */
export function resizeImage(src: RgbImage, outWidth: number, outHeight: number, rect?: Rect, fill = 0): RgbImage {
  const r = rect ?? { x: 0, y: 0, width: src.width, height: src.height };
  const sx = r.width / outWidth;
  const sy = r.height / outHeight;
  return sx > 1.5 || sy > 1.5 ? resizeArea(src, r, outWidth, outHeight, sx, sy, fill) : resizeBilinear(src, r, outWidth, outHeight, sx, sy, fill);
}

function resizeBilinear(src: RgbImage, r: Rect, ow: number, oh: number, sx: number, sy: number, fill: number): RgbImage {
  const out = createRgbImage(ow, oh);
  const { data, width, height } = src;
  const o = out.data;
  for (let oy = 0; oy < oh; oy++) {
    const fy = r.y + (oy + 0.5) * sy - 0.5;
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    for (let ox = 0; ox < ow; ox++) {
      const fx = r.x + (ox + 0.5) * sx - 0.5;
      const x0 = Math.floor(fx);
      const wx = fx - x0;
      const base = (oy * ow + ox) * 3;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
        const i00 = (y0 * width + x0) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + width * 3;
        const i11 = i01 + 3;
        for (let c = 0; c < 3; c++) {
          const top = data[i00 + c]! + (data[i10 + c]! - data[i00 + c]!) * wx;
          const bottom = data[i01 + c]! + (data[i11 + c]! - data[i01 + c]!) * wx;
          o[base + c] = top + (bottom - top) * wy + 0.5;
        }
      } else if (fx < -0.5 || fy < -0.5 || fx > width - 0.5 || fy > height - 0.5) {
        // The sample point lies outside the image: padding.
        o[base] = fill;
        o[base + 1] = fill;
        o[base + 2] = fill;
      } else {
        // Inside the image but next to its edge: replicate the edge pixels (OpenCV's BORDER_REPLICATE for resize).
        const xa = Math.min(width - 1, Math.max(0, x0));
        const xb = Math.min(width - 1, Math.max(0, x0 + 1));
        const ya = Math.min(height - 1, Math.max(0, y0));
        const yb = Math.min(height - 1, Math.max(0, y0 + 1));
        for (let c = 0; c < 3; c++) {
          const p00 = data[(ya * width + xa) * 3 + c]!;
          const p10 = data[(ya * width + xb) * 3 + c]!;
          const p01 = data[(yb * width + xa) * 3 + c]!;
          const p11 = data[(yb * width + xb) * 3 + c]!;
          const top = p00 + (p10 - p00) * wx;
          const bottom = p01 + (p11 - p01) * wx;
          o[base + c] = top + (bottom - top) * wy + 0.5;
        }
      }
    }
  }
  return out;
}

function resizeArea(src: RgbImage, r: Rect, ow: number, oh: number, sx: number, sy: number, fill: number): RgbImage {
  const out = createRgbImage(ow, oh);
  const { data, width, height } = src;
  const o = out.data;
  // Integer source spans per output pixel; exact for integer ratios, a close approximation otherwise.
  for (let oy = 0; oy < oh; oy++) {
    const ya = Math.round(r.y + oy * sy);
    const yb = Math.max(ya + 1, Math.round(r.y + (oy + 1) * sy));
    for (let ox = 0; ox < ow; ox++) {
      const xa = Math.round(r.x + ox * sx);
      const xb = Math.max(xa + 1, Math.round(r.x + (ox + 1) * sx));
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let n = 0;
      for (let y = ya; y < yb; y++) {
        if (y < 0 || y >= height) {
          const k = xb - xa;
          s0 += fill * k;
          s1 += fill * k;
          s2 += fill * k;
          n += k;
          continue;
        }
        const row = y * width;
        for (let x = xa; x < xb; x++) {
          if (x < 0 || x >= width) {
            s0 += fill;
            s1 += fill;
            s2 += fill;
          } else {
            const i = (row + x) * 3;
            s0 += data[i]!;
            s1 += data[i + 1]!;
            s2 += data[i + 2]!;
          }
          n++;
        }
      }
      const base = (oy * ow + ox) * 3;
      o[base] = s0 / n + 0.5;
      o[base + 1] = s1 / n + 0.5;
      o[base + 2] = s2 / n + 0.5;
    }
  }
  return out;
}
