import { applyHomography, invertHomography, quadToQuad } from '../geometry/homography.ts';
import type { Quad } from '../geometry/quad.ts';
import { sampleBilinear } from './cropQuad.ts';
import type { RgbImage } from './loadImage.ts';

/**
 * Projects a whole image onto a quad of a new `width x height` canvas, as a camera that looks at the document
 * obliquely sees it: the image's corners land on `to` (tl, tr, br, bl), straight lines stay straight, and parallel
 * lines converge (a plane homography, {@link quadToQuad}). Sampling is bilinear by inverse mapping; canvas pixels
 * that no image pixel covers get `background`.
 *
 * @param image - source pixels
 * @param to - where the image's corners go, in canvas pixels (convex, reading order)
 * @param width - canvas width in pixels (>= 1)
 * @param height - canvas height in pixels (>= 1)
 * @param background - RGB of the uncovered canvas, each 0-255
 * @throws {RangeError} when `to` is degenerate
 */
export function warpPerspective(image: RgbImage, to: Quad, width: number, height: number, background: readonly [number, number, number]): RgbImage {
  const from: Quad = [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ];
  const back = invertHomography(quadToQuad(from, to));
  const out = new Uint8Array(width * height * 3);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const p = applyHomography(back, { x: i + 0.5, y: j + 0.5 });
      const o = (j * width + i) * 3;
      // A canvas point outside the projected image, or behind the camera (w < 0 flips it inside), is background.
      if (p.x < 0 || p.y < 0 || p.x > image.width || p.y > image.height || !Number.isFinite(p.x)) {
        out[o] = background[0];
        out[o + 1] = background[1];
        out[o + 2] = background[2];
      } else {
        sampleBilinear(image, p.x - 0.5, p.y - 0.5, out, o);
      }
    }
  }
  return { width, height, data: out };
}

/**
 * The corners of a keystoned view of a `width x height` image on a canvas grown by `margin` (a share of each side)
 * all round: the top edge shortened by `strength` of its length and the right edge by half that, both symmetrically,
 * as a phone held below and to the left of the document sees it. `strength` 0 leaves a rectangle.
 *
 * @param width - image width in pixels
 * @param height - image height in pixels
 * @param strength - share by which the far (top) edge is shorter than the near (bottom) edge, in [0, 0.6]
 * @param margin - share of the image's width and height added on each side of the canvas, >= 0
 * @returns the canvas size and where the image's corners go on it
 * @throws {RangeError} when `strength` is outside [0, 0.6] or `margin` negative
 */
export function keystone(width: number, height: number, strength: number, margin = 0.05): { width: number; height: number; to: Quad } {
  if (!(strength >= 0 && strength <= 0.6)) throw new RangeError(`keystone strength must be in [0, 0.6], got ${strength}`);
  if (!(margin >= 0)) throw new RangeError(`keystone margin must be >= 0, got ${margin}`);
  const mx = width * margin, my = height * margin;
  const k = strength;
  return {
    width: Math.round(width + 2 * mx),
    height: Math.round(height + 2 * my),
    to: [
      { x: mx + (width * k) / 2, y: my },
      { x: mx + width * (1 - k / 2), y: my + (height * k) / 4 },
      { x: mx + width, y: my + height * (1 - k / 4) },
      { x: mx, y: my + height },
    ],
  };
}
