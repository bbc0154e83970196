import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadImage } from '../../../../functions/engines/document/image/loadImage.ts';

/** A `width` x `height` image: its left half black, its right half white, as raw RGB for sharp. */
const halves = (width: number, height: number) => {
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) data.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return sharp(data, { raw: { width, height, channels: 3 } });
};

describe('loadImage (document photos as integrators send them)', () => {
  it('applies EXIF orientation: a JPEG stored on its side with orientation 6 comes out upright', async () => {
    // Stored 80 x 40 with its black half on the left; orientation 6 says "turn 90° clockwise to view".
    const jpeg = await halves(80, 40).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const image = await loadImage(jpeg);
    expect([image.width, image.height]).toEqual([40, 80]);
    // Turned clockwise, the stored left half is on top: the top row is black, the bottom row white.
    expect(image.data[(2 * 40 + 20) * 3]).toBeLessThan(40);
    expect(image.data[(77 * 40 + 20) * 3]).toBeGreaterThan(215);
  });

  it('flattens transparency onto white, as a PNG with a transparent background is seen on paper', async () => {
    const rgba = Buffer.alloc(64 * 32 * 4, 0); // every pixel black and fully transparent
    const png = await sharp(rgba, { raw: { width: 64, height: 32, channels: 4 } }).png().toBuffer();
    const image = await loadImage(png);
    expect([image.width, image.height]).toEqual([64, 32]);
    expect(image.data.every((v) => v === 255)).toBe(true);
  });

  it('reads WebP and greyscale JPEG, and refuses GIF as unsupported_media', async () => {
    const webp = await loadImage(await halves(64, 32).webp({ lossless: true }).toBuffer());
    expect([webp.width, webp.height, webp.data.length]).toEqual([64, 32, 64 * 32 * 3]);
    const grey = await loadImage(await halves(64, 32).greyscale().jpeg().toBuffer());
    expect(grey.data.length).toBe(64 * 32 * 3);
    const gif = await halves(64, 32).gif().toBuffer();
    await expect(loadImage(gif)).rejects.toMatchObject({ errorCategory: 'unsupported_media' });
  });
});
