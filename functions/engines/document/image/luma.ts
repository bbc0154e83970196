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

/**
 * The grey level (the R channel of a grey image, as image/dropColour.ts leaves it) below or at which at least `share`
 * of the pixels lie: 0.5 the median, 0.9 the level of the paper under sparse ink.
 *
 * @param image - grey pixels as RGB (three equal channels)
 * @param share - share of the pixels, 0-1
 * @returns a level 0-255
 */
export function greyPercentile(image: RgbImage, share: number): number {
  const histogram = new Uint32Array(256);
  const n = image.width * image.height;
  for (let i = 0; i < n; i++) {
    const v = image.data[i * 3] as number;
    histogram[v] = (histogram[v] as number) + 1;
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v] as number;
    if (seen >= share * n) return v;
  }
  return 255;
}
