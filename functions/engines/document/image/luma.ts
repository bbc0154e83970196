import type { RgbImage } from './loadImage.ts';

/**
 * The luma of each pixel, ITU-R BT.601 weights (0.299 R + 0.587 G + 0.114 B), row-major.
 *
 * @param image - RGB pixels
 * @returns one value per pixel, 0-255
 */
export function luma(image: RgbImage): Float32Array {
  const { data } = image;
  const out = new Float32Array(image.width * image.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = 0.299 * (data[j] as number) + 0.587 * (data[j + 1] as number) + 0.114 * (data[j + 2] as number);
  return out;
}
