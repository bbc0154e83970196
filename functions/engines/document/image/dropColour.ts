import type { RgbImage } from './loadImage.ts';

/**
 * Grey from the brightest channel, kept as RGB: MRZ ink is black (dark in every channel), while coloured print,
 * security backgrounds and annotation marks (a red frame drawn round the MRZ) are bright in at least one channel and
 * fade to near white, so the recogniser sees only the black characters.
 * @param crop - RGB pixels
 * @returns a new image of the same size whose three channels are equal
 */
export function dropColour(crop: RgbImage): RgbImage {
  const data = new Uint8Array(crop.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const v = Math.max(crop.data[i] as number, crop.data[i + 1] as number, crop.data[i + 2] as number);
    data[i] = data[i + 1] = data[i + 2] = v;
  }
  return { width: crop.width, height: crop.height, data };
}
