import type { Point, Quad } from '../geometry/quad.ts';
import { cropQuad } from './cropQuad.ts';
import type { RgbImage } from './loadImage.ts';

/** An image (or a region of one) turned upright, with the map from its pixels back to the source image's. */
export interface StraightenedImage {
  readonly image: RgbImage;
  /** A point of the straightened image in source pixels. */
  readonly toSource: (p: Point) => Point;
}

/**
 * Turns an image by `-angle` about its centre, so that text running at `angle` (radians, positive = clockwise in
 * image coordinates, as {@link quadAngle} measures it) runs left to right. The canvas grows to hold the whole turned
 * image; the corners it adds are white (as {@link cropQuad} pads). Sampling is bilinear at `scale` times the source
 * resolution, scaled down so that the longer side is at most `maxSide` pixels.
 *
 * @param image - source pixels
 * @param angle - text direction in radians, in (-π/4, π/4] in practice (larger turns are the orientations the reader
 *   handles itself)
 * @param maxSide - longest side of the result, in pixels
 * @param scale - output pixels per source pixel before `maxSide` applies, > 0 (2: turned and enlarged twice in one
 *   resampling, for the barcode reader's fine modules)
 */
export function straighten(image: RgbImage, angle: number, maxSide = 3000, scale = 1): StraightenedImage {
  const cos = Math.cos(angle), sin = Math.sin(angle);
  const { width: W, height: H } = image;
  // Size of the turned image's bounding box, in source pixels.
  const bw = Math.abs(W * cos) + Math.abs(H * sin);
  const bh = Math.abs(W * sin) + Math.abs(H * cos);
  const k = Math.min(scale, maxSide / Math.max(bw, bh));
  const width = Math.max(1, Math.round(bw * k)), height = Math.max(1, Math.round(bh * k));
  // A point (u, v) of the output, centred and in source units, lies at centre + u·(cos, sin) + v·(-sin, cos).
  const corner = (x: number, y: number): Point => {
    const u = x / k - bw / 2, v = y / k - bh / 2;
    return { x: W / 2 + u * cos - v * sin, y: H / 2 + u * sin + v * cos };
  };
  return sampleUpright(image, [corner(0, 0), corner(width, 0), corner(width, height), corner(0, height)], width, height);
}

/**
 * Cuts a rotated rectangle out of an image, upright: the quad's top edge (`tl -> tr`) becomes the result's top row,
 * at the source resolution (the quad's side lengths in pixels), scaled down so that the longer side is at most
 * `maxSide`. Pixels outside the image are white (as {@link cropQuad} pads).
 *
 * @param image - source pixels
 * @param quad - the region in source pixels, reading order (a rotated rectangle; see `geometry/quad.ts`)
 * @param maxSide - longest side of the result, in pixels
 */
export function cropUpright(image: RgbImage, quad: Quad, maxSide = 3000): StraightenedImage {
  const [tl, tr, , bl] = quad;
  const qw = Math.hypot(tr.x - tl.x, tr.y - tl.y), qh = Math.hypot(bl.x - tl.x, bl.y - tl.y);
  const scale = Math.min(1, maxSide / Math.max(qw, qh, 1));
  return sampleUpright(image, quad, Math.max(1, Math.round(qw * scale)), Math.max(1, Math.round(qh * scale)));
}

/** The quad sampled into `width x height` pixels ({@link cropQuad}), with the affine map back through its corners. */
function sampleUpright(image: RgbImage, quad: Quad, width: number, height: number): StraightenedImage {
  const [tl, tr, , bl] = quad;
  const toSource = (p: Point): Point => ({
    x: tl.x + (p.x / width) * (tr.x - tl.x) + (p.y / height) * (bl.x - tl.x),
    y: tl.y + (p.x / width) * (tr.y - tl.y) + (p.y / height) * (bl.y - tl.y),
  });
  return { image: cropQuad(image, quad, width, height), toSource };
}
