/**
 * The service's error family (STYLE.md 5): one base error carrying the HTTP status it maps to, and a named
 * subclass per failure. The problem-details middleware turns an exposed error into an RFC 9457 body; anything
 * else becomes a generic 500 whose details go to the logs only.
 */

/** Field name -> list of messages, as in the `errors` member of SPEC.md part 7. */
export type FieldErrors = Record<string, string[]>;

/**
 * Appends messages to a field of a {@link FieldErrors} map. Field names come from the request (unknown keys
 * such as `constructor` or `__proto__`), so the map is checked with `Object.hasOwn`, never through the prototype.
 */
export function addFieldErrors(errors: FieldErrors, field: string, ...messages: string[]): void {
  if (Object.hasOwn(errors, field)) errors[field]!.push(...messages);
  else Object.defineProperty(errors, field, { value: [...messages], enumerable: true, writable: true, configurable: true });
}

/** Options shared by every {@link ServiceError}. */
export interface ServiceErrorOptions extends ErrorOptions {
  /** Field-level messages for the `errors` member of the problem details. */
  errors?: FieldErrors;
}

/** Base error: `status` is the HTTP status; `expose` is true for 4xx and for 503, whose message is safe to show. */
export class ServiceError extends Error {
  readonly status: number;
  readonly title: string;
  readonly errors: FieldErrors | undefined;
  readonly expose: boolean;
  constructor(status: number, title: string, message: string, options: ServiceErrorOptions = {}) {
    super(message, options);
    this.name = 'ServiceError';
    this.status = status;
    this.title = title;
    this.errors = options.errors;
    this.expose = status < 500 || status === 503;
  }
}

/** 400: the body, a field or the media is invalid. `errors` names each field. */
export class ValidationError extends ServiceError {
  constructor(message: string, errors: FieldErrors, options: ErrorOptions = {}) {
    super(400, 'One or more validation errors occurred.', message, { ...options, errors });
    this.name = 'ValidationError';
  }
}

/** 401: the `X-API-KEY` header is missing, malformed, unknown or revoked (SPEC.md 5 rule 3). */
export class UnauthorizedError extends ServiceError {
  constructor(message: string) {
    super(401, 'Unauthorized', message);
    this.name = 'UnauthorizedError';
  }
}

/** 402: the organisation has no active subscription (SPEC.md 5 rule 5). */
export class PaymentRequiredError extends ServiceError {
  constructor(message: string) {
    super(402, 'Payment Required', message);
    this.name = 'PaymentRequiredError';
  }
}

/** 403: organisation or application suspended, feature not on the plan, or key kind not allowed (SPEC.md 5 rules 4, 6). */
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super(403, 'Forbidden', message);
    this.name = 'ForbiddenError';
  }
}

/** 404: session or workflow absent or owned by another application (SPEC.md 5 rule 7), or an unknown route. */
export class NotFoundError extends ServiceError {
  constructor(message: string, errors?: FieldErrors) {
    super(404, 'Not Found', message, errors ? { errors } : {});
    this.name = 'NotFoundError';
  }
}

/** 409: the step is already in progress for this session (SPEC.md 3.4 rule 2). */
export class StepInProgressError extends ServiceError {
  constructor(readonly sessionId: string, readonly stepCode: string) {
    super(409, 'Conflict', `Step ${stepCode} is already in progress for session ${sessionId}.`);
    this.name = 'StepInProgressError';
  }
}

/** 415: the request is not `application/json`. */
export class UnsupportedMediaTypeError extends ServiceError {
  constructor(message: string) {
    super(415, 'Unsupported Media Type', message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

/** 503: a dependency of the service (store, data) is not ready. Retryable. */
export class ServiceUnavailableError extends ServiceError {
  constructor(message: string, options: ErrorOptions = {}) {
    super(503, 'Service Unavailable', message, options);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * Raised by a step's provider (the engine or its data) when it fails. SPEC.md 3.4 rules 4-5 turn it into a
 * decision (AML -> Declined, IP -> InReview) instead of an HTTP error.
 */
export class ProviderError extends Error {
  constructor(message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
