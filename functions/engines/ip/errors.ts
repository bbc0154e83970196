/**
 * Error family of the IP analysis engine: one base class and a named subclass per failure.
 *
 * The engine is pure of HTTP, so these errors carry no status code; the API layer maps them:
 * {@link IpAddressError} is the caller's fault (a 400 validation error), {@link IpDataError} is a provider failure
 * (SPEC.md 3.4 rule 5: decision `InReview`, no result).
 */

/** Base class of every error the IP engine throws on purpose. `cause` keeps the underlying error, if any. */
export class IpEngineError extends Error {
  /** Stable machine-readable code of the failure. */
  public readonly code: string;

  /**
   * @param code - stable machine-readable code, e.g. `invalid_ip_address`
   * @param message - human-readable message naming the bad value and what is allowed
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IpEngineError';
    this.code = code;
  }
}

/**
 * Thrown by `IpEngine.analyse` when the input is not a textual IPv4 address (four decimal parts, no leading zeros) or
 * IPv6 address (RFC 4291 text form, optionally with an RFC 4007 zone index).
 */
export class IpAddressError extends IpEngineError {
  /** The rejected input, truncated to 64 characters so that logs stay small. */
  public readonly input: string;

  /**
   * @param input - the rejected value (any type; it is stringified and truncated)
   * @param reason - why it was rejected
   */
  public constructor(input: unknown, reason = 'expected an IPv4 address (a.b.c.d) or an IPv6 address') {
    const shown = typeof input === 'string' ? input.slice(0, 64) : String(typeof input);
    super('invalid_ip_address', `Invalid IP address ${JSON.stringify(shown)}: ${reason}.`);
    this.name = 'IpAddressError';
    this.input = shown;
  }
}

/**
 * Thrown while loading when a data file (list index, manifest, city mmdb, ASN CSV) is missing, unreadable, corrupt or
 * does not match its recorded sha256. The message names the file and the command that rebuilds it.
 */
export class IpDataError extends IpEngineError {
  /** The file that failed. */
  public readonly file: string;

  /**
   * @param file - path of the file that failed
   * @param reason - what is wrong with it
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(file: string, reason: string, options?: ErrorOptions) {
    super('ip_data_unavailable', `IP data file ${file}: ${reason}.`, options);
    this.name = 'IpDataError';
    this.file = file;
  }
}

/**
 * Thrown by the list ingestion (`scripts/ip-ingest.ts`) when an input cannot be read or is not in the format its
 * source declares. The message names the input and the expected format.
 */
export class IpIngestError extends IpEngineError {
  /** The input (URL or path) that failed. */
  public readonly location: string;

  /**
   * @param location - URL or path of the input
   * @param reason - what is wrong
   * @param options - standard `ErrorOptions` (`cause`)
   */
  public constructor(location: string, reason: string, options?: ErrorOptions) {
    super('ip_ingest_failed', `${location}: ${reason}`, options);
    this.name = 'IpIngestError';
    this.location = location;
  }
}
