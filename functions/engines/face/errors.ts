/**
 * Error family of the face and liveness engines (STYLE.md 5). Problems with the caller's media are not errors of
 * this family: they are reported in the measurement's `errorCategory` (or, for undecodable bytes, thrown as the
 * image layer's `ImageError`, which also carries an `errorCategory`). These errors mean the engine itself cannot
 * work: a step handler treats them as a provider failure.
 */

/** Base class of every error the face engines throw on purpose. */
export class FaceEngineError extends Error {
  /** Stable machine-readable code. */
  public readonly code: string;

  /**
   * @param code - stable machine-readable code
   * @param message - what failed, naming the file or value
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FaceEngineError';
    this.code = code;
  }
}

/**
 * A model file is missing, unreadable, does not match its recorded sha256, or cannot be loaded by ONNX Runtime.
 * The message names the file and the expected checksum (see models/MODELS.md).
 */
export class FaceModelError extends FaceEngineError {
  /** The model file that failed. */
  public readonly file: string;

  /**
   * @param file - path of the model file
   * @param reason - what is wrong with it
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(file: string, reason: string, options?: ErrorOptions) {
    super('face_model_unavailable', `Model file ${file}: ${reason}.`, options);
    this.name = 'FaceModelError';
    this.file = file;
  }
}

/**
 * The video decoder (ffmpeg) is missing or failed on input that looked like an mp4. Only the liveness engine
 * throws it; a corrupt video is reported as `invalid_image`/`unsupported_media` instead when ffmpeg says so.
 */
export class VideoDecoderError extends FaceEngineError {
  /**
   * @param reason - what failed
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(reason: string, options?: ErrorOptions) {
    super('video_decoder_unavailable', `Video decoder: ${reason}.`, options);
    this.name = 'VideoDecoderError';
  }
}
