/**
 * Error family of the document engine (STYLE.md 5): one base class and a named subclass per failure.
 *
 * Unreadable documents are not errors: `verify` reports them in the reading (`outcome`, `errorCategory`). Only the
 * engine's own failures throw: a model that cannot be loaded ({@link DocumentModelError}) or an invalid template
 * ({@link DocumentTemplateError}). {@link DocumentMediaError} is thrown by the image loader and caught by `verify`,
 * which turns it into an `unprocessable` reading.
 */

/** Base class of every error the document engine throws on purpose. */
export class DocumentEngineError extends Error {
  /** Stable machine-readable code. */
  public readonly code: string;

  /**
   * @param code - stable machine-readable code
   * @param message - what failed, naming the bad value and what is allowed
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DocumentEngineError';
    this.code = code;
  }
}

/** A model or data file is missing, does not match its recorded sha256, or cannot be loaded. */
export class DocumentModelError extends DocumentEngineError {
  /** The file that failed. */
  public readonly file: string;

  /**
   * @param file - path of the file
   * @param reason - what is wrong with it
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(file: string, reason: string, options?: ErrorOptions) {
    super('document_model_unavailable', `Model file ${file}: ${reason}.`, options);
    this.name = 'DocumentModelError';
    this.file = file;
  }
}

/** A document template does not satisfy the template schema; the message lists every invalid field. */
export class DocumentTemplateError extends DocumentEngineError {
  /**
   * @param message - the invalid fields and what is allowed
   * @param options - standard `ErrorOptions` (`cause`: the zod error)
   */
  public constructor(message: string, options?: ErrorOptions) {
    super('document_template_invalid', message, options);
    this.name = 'DocumentTemplateError';
  }
}

/** The image cannot be read: `unsupported_media` (format) or `invalid_image` (undecodable, empty, too large/small). */
export class DocumentMediaError extends DocumentEngineError {
  /** The step result's `errorCategory`. */
  public readonly errorCategory: 'invalid_image' | 'unsupported_media';

  /**
   * @param errorCategory - `invalid_image` or `unsupported_media`
   * @param message - what is wrong with the image
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(errorCategory: 'invalid_image' | 'unsupported_media', message: string, options?: ErrorOptions) {
    super(errorCategory, message, options);
    this.name = 'DocumentMediaError';
    this.errorCategory = errorCategory;
  }
}
