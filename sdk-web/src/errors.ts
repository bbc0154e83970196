/**
 * The closed set of `err.code` values that `onError(err, message)` can carry (SPEC.md part 6 leaves it "not
 * shown"; this is ours, documented in docs/sdk.md "Error codes"). A code is stable across versions of the SDK; the
 * message is for people and may change.
 */
export const ErrorCode = {
  /** The user (or the browser's policy) refused camera access. */
  CameraDenied: 'camera_denied',
  /** No camera was found, or it could not be started (in use by another application, hardware error). */
  NoCamera: 'no_camera',
  /** The browser lacks what the flow needs (camera API, canvas), or the page is not a secure context. */
  UnsupportedBrowser: 'unsupported_browser',
  /** The service could not be reached (after retries), or the flow did not load within the handshake timeout. */
  Network: 'network',
  /** The session access token (`sat`) has expired, or the session itself has. Mint a new token and launch again. */
  SessionExpired: 'session_expired',
  /** The SDK and the hosted flow speak different protocol versions. Update the SDK. */
  ProtocolMismatch: 'protocol_mismatch',
  /**
   * The launch options are invalid (a missing or malformed option, a secret key in the browser), or the service
   * refused them: unknown or revoked key, workflow not found, account suspended or without subscription.
   */
  ConfigurationInvalid: 'configuration_invalid',
  /** A step of the workflow is not available on this service (it answered 501 Not Implemented). */
  StepUnavailable: 'step_unavailable',
  /** The service answered with an unexpected error (5xx, or an answer the flow could not use). */
  ServiceError: 'service_error',
} as const;
/** One `err.code` value. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** True when `code` is one of {@link ErrorCode}. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && CODES.has(code);
}

/**
 * The error given to `onError(err, message)`. `err.code` is one of {@link ErrorCode}; `err.message` equals the
 * `message` argument; `err.status` is the HTTP status when the service's answer caused it.
 * @example
 * onError(err, message) {
 *   if (err.code === 'camera_denied') showHowToEnableTheCamera();
 *   else report(err.code, message);
 * }
 */
export class VerificationError extends Error {
  /** One of {@link ErrorCode}. */
  readonly code: ErrorCode;
  /** HTTP status of the service's answer that caused the error, when there was one. */
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, options: { status?: number | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'VerificationError';
    this.code = code;
    this.status = options.status;
  }
}
