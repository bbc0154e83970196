import sharp from 'sharp';
import { DocumentMediaError } from '../errors.ts';

/** An 8-bit RGB image, row-major, 3 bytes per pixel, no padding. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Options of {@link loadImage}. */
export interface LoadImageOptions {
  /**
   * Largest pixel count (width x height as declared by the file) that is decoded.
   * @default 40_000_000
   */
  readonly maxInputPixels?: number;
  /**
   * The decoded image is shrunk so that its longer side is at most this many pixels (MRZ characters stay above
   * 20 px high on a full passport page at this size).
   * @default 2000
   */
  readonly maxSide?: number;
}

const defaults = { maxInputPixels: 40_000_000, maxSide: 2000 } as const;
const FORMATS = ['jpeg', 'png', 'webp'] as const;

/**
 * Decodes a JPEG, PNG or WebP document photo into upright RGB pixels: EXIF orientation applied (phones store
 * portrait photos rotated), alpha flattened onto white, shrunk to `maxSide`.
 *
 * @param bytes - the file's bytes
 * @param opts - see {@link LoadImageOptions}
 * @throws {DocumentMediaError} `unsupported_media` for other formats, `invalid_image` for undecodable, empty,
 *   oversized (decompression bomb) or tiny images
 */
export async function loadImage(bytes: Buffer, opts: LoadImageOptions = {}): Promise<RgbImage> {
  const { maxInputPixels, maxSide } = { ...defaults, ...opts };
  if (bytes.length === 0) throw new DocumentMediaError('invalid_image', 'The image is empty (0 bytes).');
  let format: string | undefined;
  let declared = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    declared = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (cause) {
    throw new DocumentMediaError('unsupported_media', `The bytes are not an image in a supported format (allowed: ${FORMATS.join(', ')}).`, { cause });
  }
  if (!format || !(FORMATS as readonly string[]).includes(format)) {
    throw new DocumentMediaError('unsupported_media', `The image format is ${format ?? 'unknown'}; allowed: ${FORMATS.join(', ')}.`);
  }
  if (declared > maxInputPixels) {
    throw new DocumentMediaError('invalid_image', `The image declares ${declared} pixels; the limit is ${maxInputPixels}.`);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'truncated' })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width < 32 || info.height < 16) {
      throw new DocumentMediaError('invalid_image', `The image is ${info.width}x${info.height} pixels; at least 32x16 is needed.`);
    }
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (cause) {
    if (cause instanceof DocumentMediaError) throw cause;
    throw new DocumentMediaError('invalid_image', `The image cannot be decoded: ${(cause as Error).message}`, { cause });
  }
}
