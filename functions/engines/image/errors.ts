/**
 * Error family of the image decoding layer (STYLE.md 5): one base class and a named subclass per failure. Each
 * carries the `errorCategory` a step result reports (the values match `ErrorCategory` of functions/core, which the
 * engines may not import), so a step handler can map a caught error to a `Completed` step with that category
 * instead of a 500.
 */
import { IMAGE_ERROR_CATEGORY, type ImageErrorCategory } from './constants.ts';

/** Base class of every error the image layer throws on purpose. */
export class ImageError extends Error {
  /** Stable machine-readable code of the failure, e.g. `image_undecodable`. */
  public readonly code: string;
  /** The step result's `errorCategory` for this failure. */
  public readonly errorCategory: ImageErrorCategory;

  /**
   * @param code - stable machine-readable code
   * @param errorCategory - one of {@link IMAGE_ERROR_CATEGORY}
   * @param message - human-readable message naming the bad value and what is allowed
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(code: string, errorCategory: ImageErrorCategory, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ImageError';
    this.code = code;
    this.errorCategory = errorCategory;
  }
}

/**
 * The bytes are in a supported container format (or claim to be) but cannot be decoded: truncated or corrupted
 * data, zero-size images, or a decoded size above the pixel limit (a decompression bomb). `errorCategory` is
 * `invalid_image`.
 */
export class InvalidImageError extends ImageError {
  /**
   * @param code - `image_undecodable`, `image_too_large` or `image_too_small`
   * @param message - what is wrong
   * @param options - standard `ErrorOptions` (`cause`: the decoder's own error)
   */
  public constructor(code: 'image_undecodable' | 'image_too_large' | 'image_too_small', message: string, options?: ErrorOptions) {
    super(code, IMAGE_ERROR_CATEGORY.InvalidImage, message, options);
    this.name = 'InvalidImageError';
  }
}

/**
 * The bytes are a format the engines do not accept (anything but JPEG, PNG and WebP for still images, e.g. GIF,
 * TIFF, HEIC, SVG, or an mp4 handed to the still-image path). `errorCategory` is `unsupported_media`.
 */
export class UnsupportedMediaError extends ImageError {
  /** The format that was detected (`gif`, `heif`, …), or `unknown`. */
  public readonly detected: string;

  /**
   * @param detected - the detected format name, or `unknown`
   * @param allowed - the formats that are accepted, for the message
   * @param options - standard `ErrorOptions`
   */
  public constructor(detected: string, allowed: readonly string[], options?: ErrorOptions) {
    super('media_unsupported', IMAGE_ERROR_CATEGORY.UnsupportedMedia, `Unsupported media format "${detected}"; allowed: ${allowed.join(', ')}.`, options);
    this.name = 'UnsupportedMediaError';
    this.detected = detected;
  }
}
