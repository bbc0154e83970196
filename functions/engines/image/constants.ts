/**
 * Closed sets and defaults of the image decoding layer (STYLE.md 4: `as const` objects, no TS enum).
 */

/**
 * The `errorCategory` values the image layer produces. They are the same strings as `ErrorCategory.InvalidImage`
 * and `ErrorCategory.UnsupportedMedia` of functions/core/constants.ts (engines do not import core, DESIGN.md).
 */
export const IMAGE_ERROR_CATEGORY = {
  /** Undecodable, truncated, empty or over-large (decompression bomb) image data. */
  InvalidImage: 'invalid_image',
  /** A format other than the accepted still-image formats. */
  UnsupportedMedia: 'unsupported_media',
} as const;
/** One of {@link IMAGE_ERROR_CATEGORY}. */
export type ImageErrorCategory = (typeof IMAGE_ERROR_CATEGORY)[keyof typeof IMAGE_ERROR_CATEGORY];

/**
 * Still-image formats the engines decode, as sharp's `metadata().format` names them. SPEC.md 4.3 and 8 list
 * `jpg`, `jpeg`, `png` and `webp` as the accepted photo types.
 */
export const STILL_IMAGE_FORMAT = {
  Jpeg: 'jpeg',
  Png: 'png',
  Webp: 'webp',
} as const;
/** One of {@link STILL_IMAGE_FORMAT}. */
export type StillImageFormat = (typeof STILL_IMAGE_FORMAT)[keyof typeof STILL_IMAGE_FORMAT];

/** All accepted still-image formats. */
export const STILL_IMAGE_FORMATS: readonly StillImageFormat[] = Object.values(STILL_IMAGE_FORMAT);

/**
 * Default bounds of {@link decodeImage}.
 *
 * - `maxInputPixels` 40 MP: larger than any phone camera that integrators send in practice (a 12 MP phone photo is
 *   4032x3024, a 48 MP sensor bins to 12 MP by default) while a 40 MP RGB decode stays at 120 MB, which fits the
 *   inference Lambda. sharp refuses to decode anything larger before allocating (its `limitInputPixels`), which is
 *   the guard against decompression bombs (a few KB of PNG/WebP that claims 100k x 100k pixels).
 * - `maxSide` 1600 px: the decoded image is shrunk (aspect kept) so that its longer side is at most this. Face
 *   recognition works on a 112x112 aligned crop and detection on 320x240 or 640x640 inputs, so 1600 px keeps a face
 *   that fills only 10% of the picture's width at 160 px, above the 112 px the embedding needs, while the
 *   decode of a 12 MP JPEG uses libjpeg's DCT-domain shrink-on-load and takes a fraction of the full decode.
 * - `minSide` 16 px: below this there is no face to find; such an input is reported as invalid.
 */
export const DEFAULT_DECODE_LIMITS = {
  maxInputPixels: 40_000_000,
  maxSide: 1600,
  minSide: 16,
} as const;
