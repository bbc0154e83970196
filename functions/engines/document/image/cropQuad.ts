import { applyHomography, quadToQuad } from '../geometry/homography.ts';
import type { Quad } from '../geometry/quad.ts';
import type { RgbImage } from './loadImage.ts';

/**
 * Samples the quad of an image into an upright `width x height` RGB image (bilinear). A parallelogram (a rotated
 * rectangle, every box of the text detector) is sampled affinely through its top-left, top-right and bottom-left
 * corners; any other convex quad (a line whose ends lean apart, image/estimateSlant.ts `slantedQuad`) through the
 * homography of its four corners ({@link rectifyQuad}). Pixels outside the image are white.
 *
 * @param image - source pixels
 * @param quad - region in source pixels, reading order
 * @param width - output width in pixels (>= 1)
 * @param height - output height in pixels (>= 1)
 */
export function cropQuad(image: RgbImage, quad: Quad, width: number, height: number): RgbImage {
  const [tl, tr, br, bl] = quad;
  if (Math.abs(tl.x + br.x - tr.x - bl.x) > PARALLELOGRAM_TOLERANCE || Math.abs(tl.y + br.y - tr.y - bl.y) > PARALLELOGRAM_TOLERANCE) {
    return rectifyQuad(image, quad, width, height);
  }
  const out = new Uint8Array(width * height * 3);
  const ax = (tr.x - tl.x) / width, ay = (tr.y - tl.y) / width;
  const bx = (bl.x - tl.x) / height, by = (bl.y - tl.y) / height;
  const { width: W, height: H, data } = image;
  // sampleBilinear written out in place (the same arithmetic, so the same bytes): this loop samples whole straightened
  // photos and every line crop, the largest share of the reader's own time after the recognisers.
  // The column terms of the sample coordinates, summed in the same order as written out per pixel.
  const colX = new Float64Array(width), colY = new Float64Array(width);
  for (let i = 0; i < width; i++) {
    colX[i] = tl.x + ax * (i + 0.5);
    colY[i] = tl.y + ay * (i + 0.5);
  }
  for (let j = 0; j < height; j++) {
    const rowX = bx * (j + 0.5), rowY = by * (j + 0.5);
    for (let i = 0; i < width; i++) {
      const x = (colX[i] as number) + rowX - 0.5;
      const y = (colY[i] as number) + rowY - 0.5;
      const o = (j * width + i) * 3;
      let x0: number, y0: number, x1: number, y1: number, fx: number, fy: number;
      if (x >= 0 && y >= 0 && x < W - 1 && y < H - 1) {
        // Inside, where the clamps below change nothing (`| 0` floors a non-negative coordinate).
        x0 = x | 0;
        y0 = y | 0;
        x1 = x0 + 1;
        y1 = y0 + 1;
        fx = x - x0;
        fy = y - y0;
      } else if (!(x >= -1 && y >= -1 && x <= W && y <= H)) {
        out[o] = out[o + 1] = out[o + 2] = 255;
        continue;
      } else {
        x0 = Math.max(0, Math.min(W - 1, Math.floor(x)));
        y0 = Math.max(0, Math.min(H - 1, Math.floor(y)));
        x1 = Math.min(W - 1, x0 + 1);
        y1 = Math.min(H - 1, y0 + 1);
        fx = Math.max(0, Math.min(1, x - x0));
        fy = Math.max(0, Math.min(1, y - y0));
      }
      const gx = 1 - fx, gy = 1 - fy;
      const p00 = (y0 * W + x0) * 3, p10 = (y0 * W + x1) * 3, p01 = (y1 * W + x0) * 3, p11 = (y1 * W + x1) * 3;
      out[o] = Math.round(((data[p00] as number) * gx + (data[p10] as number) * fx) * gy + ((data[p01] as number) * gx + (data[p11] as number) * fx) * fy);
      out[o + 1] = Math.round(((data[p00 + 1] as number) * gx + (data[p10 + 1] as number) * fx) * gy + ((data[p01 + 1] as number) * gx + (data[p11 + 1] as number) * fx) * fy);
      out[o + 2] = Math.round(((data[p00 + 2] as number) * gx + (data[p10 + 2] as number) * fx) * gy + ((data[p01 + 2] as number) * gx + (data[p11 + 2] as number) * fx) * fy);
    }
  }
  return { width, height, data: out };
}

/**
 * How far, in pixels, a quad's fourth corner may lie from where a parallelogram's would for {@link cropQuad} to sample
 * it affinely: rectangles turned and mapped by affine views (image/straighten.ts) stay parallelograms up to
 * floating-point error, far below this.
 */
const PARALLELOGRAM_TOLERANCE = 0.01;

/**
 * Samples any convex quad of an image into an upright `width x height` RGB image through the homography between
 * them (bilinear): a rectangle seen obliquely comes out as a rectangle again, where {@link cropQuad}, affine, keeps
 * its converging sides. Pixels outside the image are white.
 *
 * @param image - source pixels
 * @param quad - region in source pixels, reading order (convex)
 * @param width - output width in pixels (>= 1)
 * @param height - output height in pixels (>= 1)
 */
export function rectifyQuad(image: RgbImage, quad: Quad, width: number, height: number): RgbImage {
  const toSource = quadToQuad([{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }], quad);
  const out = new Uint8Array(width * height * 3);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const p = applyHomography(toSource, { x: i + 0.5, y: j + 0.5 });
      sampleBilinear(image, p.x - 0.5, p.y - 0.5, out, (j * width + i) * 3);
    }
  }
  return { width, height, data: out };
}

/**
 * Resizes a whole image (bilinear) to `width x height`.
 * @param image - source pixels
 */
export function resizeRgb(image: RgbImage, width: number, height: number): RgbImage {
  const q: Quad = [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ];
  return cropQuad(image, q, width, height);
}

/**
 * Writes the bilinear sample of `image` at `(x, y)` (pixel centres at integer coordinates) into `out[o..o+2]`; a
 * point more than one pixel outside the image is white, like paper.
 *
 * @param image - source pixels
 * @param x - column, in source pixels
 * @param y - row, in source pixels
 * @param out - RGB buffer written
 * @param o - offset of the pixel in `out`
 */
export function sampleBilinear(image: RgbImage, x: number, y: number, out: Uint8Array, o: number): void {
  const { width: W, height: H, data } = image;
  if (!(x >= -1 && y >= -1 && x <= W && y <= H)) {
    out[o] = out[o + 1] = out[o + 2] = 255;
    return;
  }
  const x0 = Math.max(0, Math.min(W - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(H - 1, Math.floor(y)));
  const x1 = Math.min(W - 1, x0 + 1), y1 = Math.min(H - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0)), fy = Math.max(0, Math.min(1, y - y0));
  for (let c = 0; c < 3; c++) {
    const v00 = data[(y0 * W + x0) * 3 + c] as number, v10 = data[(y0 * W + x1) * 3 + c] as number;
    const v01 = data[(y1 * W + x0) * 3 + c] as number, v11 = data[(y1 * W + x1) * 3 + c] as number;
    out[o + c] = Math.round((v00 * (1 - fx) + v10 * fx) * (1 - fy) + (v01 * (1 - fx) + v11 * fx) * fy);
  }
}
