import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { DEFAULT_DECODE_LIMITS, STILL_IMAGE_FORMATS, type StillImageFormat } from './constants.ts';
import { InvalidImageError, UnsupportedMediaError } from './errors.ts';
import type { RgbImage } from './rgbImage.ts';

/** Options of {@link decodeImage}; every field has a default from {@link DEFAULT_DECODE_LIMITS}. */
export interface DecodeImageOptions {
  /**
   * Largest number of pixels (width x height, as the file's header declares them) that is decoded at all.
   * @default 40_000_000
   */
  readonly maxInputPixels?: number;
  /**
   * The decoded image is shrunk, aspect kept, so that its longer side is at most this many pixels.
   * @default 1600
   */
  readonly maxSide?: number;
  /**
   * Shortest side accepted, in pixels, after orientation.
   * @default 16
   */
  readonly minSide?: number;
}

/** A decoded still image with what was learnt while decoding it. */
export interface DecodedImage extends RgbImage {
  /** Container format as detected from the bytes (not from any file name). */
  readonly format: StillImageFormat;
  /** Width x height of the file before orientation and shrinking, in pixels. */
  readonly sourceWidth: number;
  /** See {@link DecodedImage.sourceWidth}. */
  readonly sourceHeight: number;
  /** Factor by which the decoded pixels were shrunk (1 when not shrunk), so that `decoded = source / scale`. */
  readonly scale: number;
  /** EXIF orientation tag that was applied (1-8), or 1 when absent. */
  readonly exifOrientation: number;
}

/**
 * Decodes a JPEG, PNG or WebP image into 8-bit sRGB pixels, upright and bounded in size.
 *
 * - The format is detected from the bytes by libvips (sharp); other formats (GIF, TIFF, HEIF/AVIF, SVG, …) are
 *   refused with {@link UnsupportedMediaError}.
 * - EXIF orientation (tags 1-8) is applied, so a portrait photo taken with a phone held upright is upright here.
 * - The pixel count declared by the header is checked before any pixel is decoded (sharp's `limitInputPixels`),
 *   which defeats decompression bombs; the image is then shrunk to `maxSide` (JPEG shrink-on-load makes large
 *   photos cheap to decode).
 * - Alpha is flattened onto white (a transparent PNG cut-out looks like a photo on a white background), colour is
 *   converted to sRGB, 16-bit inputs are reduced to 8-bit.
 *
 * @param bytes - the file's bytes
 * @param opts - bounds, see {@link DecodeImageOptions}
 * @returns the decoded image (RGB, 3 channels, row-major, no padding)
 * @throws {UnsupportedMediaError} when the bytes are not JPEG, PNG or WebP (errorCategory `unsupported_media`)
 * @throws {InvalidImageError} when the bytes cannot be decoded, are truncated, or are larger than `maxInputPixels`
 *   or smaller than `minSide` (errorCategory `invalid_image`)
 * @example
 * const img = await decodeImage(await readFile('selfie.jpg'));
 * img.width; img.height; img.data.length === img.width * img.height * 3
 */
export async function decodeImage(bytes: Buffer | Uint8Array, opts: DecodeImageOptions = {}): Promise<DecodedImage> {
  const { maxInputPixels, maxSide, minSide } = { ...DEFAULT_DECODE_LIMITS, ...opts };
  if (bytes.length === 0) throw new InvalidImageError('image_undecodable', 'The image is empty (0 bytes).');
  const input = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new UnsupportedMediaError('unknown', STILL_IMAGE_FORMATS, { cause });
  }
  const format = meta.format as string | undefined;
  if (!format || !(STILL_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new UnsupportedMediaError(format ?? 'unknown', STILL_IMAGE_FORMATS);
  }
  const sourceWidth = meta.width ?? 0;
  const sourceHeight = meta.height ?? 0;
  if (sourceWidth * sourceHeight > maxInputPixels) {
    throw new InvalidImageError(
      'image_too_large',
      `The image declares ${sourceWidth}x${sourceHeight} = ${sourceWidth * sourceHeight} pixels; the limit is ${maxInputPixels}.`,
    );
  }
  const exifOrientation = meta.orientation ?? 1;
  const swapped = exifOrientation >= 5 && exifOrientation <= 8;
  const uprightWidth = swapped ? sourceHeight : sourceWidth;
  const uprightHeight = swapped ? sourceWidth : sourceHeight;
  if (Math.min(uprightWidth, uprightHeight) < minSide) {
    throw new InvalidImageError('image_too_small', `The image is ${uprightWidth}x${uprightHeight} pixels; each side must be at least ${minSide}.`);
  }

  const longer = Math.max(uprightWidth, uprightHeight);
  const pipeline = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'truncated', sequentialRead: true }).autoOrient();
  if (longer > maxSide) pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', kernel: 'linear' });
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await pipeline
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new InvalidImageError('image_undecodable', `The ${format} image cannot be decoded: ${(cause as Error).message}.`, { cause });
  }
  const { width, height, channels } = out.info;
  if (channels !== 3) {
    throw new InvalidImageError('image_undecodable', `The ${format} image decoded to ${channels} channels instead of 3.`);
  }
  return {
    data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength),
    width,
    height,
    format: format as StillImageFormat,
    sourceWidth,
    sourceHeight,
    scale: Math.max(uprightWidth, uprightHeight) / Math.max(width, height),
    exifOrientation,
  };
}
