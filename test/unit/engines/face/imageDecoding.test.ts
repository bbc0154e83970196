import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidImageError, UnsupportedMediaError, decodeImage, estimateSimilarity, invertAffine, resizeImage, warpAffine } from '../../../../functions/engines/image/index.ts';
import { corrupt, lfw, spoof } from './fixtures.ts';

/** A PNG whose header declares `width` x `height` but whose data is tiny (a decompression bomb's shape). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
}

describe('decodeImage', () => {
  it('decodes a JPEG to RGB and applies EXIF orientation 6', async () => {
    const img = await decodeImage(await spoof('minivision/live/image_T1.jpg'));
    expect(img).toMatchObject({ format: 'jpeg', width: 480, height: 640, sourceWidth: 640, sourceHeight: 480, exifOrientation: 6, scale: 1 });
    expect(img.data.length).toBe(480 * 640 * 3);
  });

  it('shrinks large images to maxSide and reports the scale', async () => {
    const big = await sharp(await lfw('Abel_Pacheco', 1)).resize(2000, 2000).png().toBuffer();
    const img = await decodeImage(big, { maxSide: 500 });
    expect([img.width, img.height]).toEqual([500, 500]);
    expect(img.scale).toBeCloseTo(4, 5);
  });

  it('throws InvalidImageError (invalid_image) for truncated, corrupted data', async () => {
    const err = await decodeImage(corrupt(await lfw('Abel_Pacheco', 1))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidImageError);
    expect(err).toMatchObject({ errorCategory: 'invalid_image' });
  });

  it('refuses a header that declares more pixels than the limit before decoding', async () => {
    const err = await decodeImage(pngDeclaring(100_000, 100_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidImageError);
    expect(err).toMatchObject({ code: 'image_too_large', errorCategory: 'invalid_image' });
  });

  it('throws UnsupportedMediaError (unsupported_media) for GIF and for non-image bytes', async () => {
    const gif = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } }).gif().toBuffer();
    await expect(decodeImage(gif)).rejects.toMatchObject({ name: 'UnsupportedMediaError', detected: 'gif', errorCategory: 'unsupported_media' });
    await expect(decodeImage(Buffer.from('%PDF-1.7 not an image'))).rejects.toBeInstanceOf(UnsupportedMediaError);
  });

  it('flattens transparency onto white', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const img = await decodeImage(png);
    expect(Array.from(img.data.subarray(0, 3))).toEqual([255, 255, 255]);
  });
});

describe('estimateSimilarity and warpAffine', () => {
  it('recovers a known rotation, scale and shift from five points', () => {
    const from = [[10, 20], [50, 22], [30, 40], [15, 60], [45, 61]] as const;
    const [s, th, tx, ty] = [1.7, 0.3, 12, -5];
    const to = from.map(([x, y]) => [s * (Math.cos(th) * x - Math.sin(th) * y) + tx, s * (Math.sin(th) * x + Math.cos(th) * y) + ty] as [number, number]);
    const m = estimateSimilarity(from, to);
    expect(m[0]).toBeCloseTo(s * Math.cos(th), 9);
    expect(m[3]).toBeCloseTo(s * Math.sin(th), 9);
    expect(m[2]).toBeCloseTo(tx, 9);
    expect(m[5]).toBeCloseTo(ty, 9);
    const back = invertAffine(m);
    expect(back[0] * to[0]![0] + back[1] * to[0]![1] + back[2]).toBeCloseTo(10, 9);
  });

  it('copies pixels unchanged under the identity map and resizes a constant image to the same constant', () => {
    const src = { data: Uint8Array.from({ length: 4 * 4 * 3 }, (_, i) => i * 5), width: 4, height: 4 };
    expect(Array.from(warpAffine(src, [1, 0, 0, 0, 1, 0], 4, 4).data)).toEqual(Array.from(src.data));
    const grey = { data: new Uint8Array(100 * 80 * 3).fill(77), width: 100, height: 80 };
    expect(new Set(resizeImage(grey, 20, 10).data)).toEqual(new Set([77]));
    expect(new Set(resizeImage(grey, 150, 120).data)).toEqual(new Set([77]));
  });
});
