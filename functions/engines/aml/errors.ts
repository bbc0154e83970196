/**
 * The AML engine's error family (STYLE.md 5): one base error and a named subclass per failure, each carrying
 * what a caller needs. The engine knows nothing of HTTP; the API layer maps them:
 * {@link AmlIndexUnavailableError} -> SPEC.md 3.4 rule 4 (decision `Declined`, no result, `statusReason` set),
 * {@link AmlNameRequiredError} -> 400 validation error on `fullName`.
 */

/** Base of every error the AML engine throws on purpose. `code` is stable and safe to log or show. */
export class AmlError extends Error {
  /** Stable machine-readable code of the failure. */
  readonly code: string;
  constructor(code: string, message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.name = 'AmlError';
    this.code = code;
  }
}

/** Why an index cannot be used. */
export const AML_INDEX_PROBLEM = {
  /** No index file at the given path. */
  Missing: 'missing',
  /** The file is not a readable index (bad gzip, bad JSON, wrong format or version, inconsistent content). */
  Corrupt: 'corrupt',
  /** Older than the configured maximum age. */
  Stale: 'stale',
} as const;
/** One of {@link AML_INDEX_PROBLEM}. */
export type AmlIndexProblem = (typeof AML_INDEX_PROBLEM)[keyof typeof AML_INDEX_PROBLEM];

/**
 * The sanctions index is missing, corrupt or stale, so no screening can be trusted. The caller must decline
 * the step (SPEC.md 3.4 rule 4) and put {@link message} in `statusReason`.
 */
export class AmlIndexUnavailableError extends AmlError {
  /** Which problem. */
  readonly problem: AmlIndexProblem;
  /** The path that was read. */
  readonly path: string;
  constructor(problem: AmlIndexProblem, path: string, message: string, options: ErrorOptions = {}) {
    super(`aml_index_${problem}`, message, options);
    this.name = 'AmlIndexUnavailableError';
    this.problem = problem;
    this.path = path;
  }
}

/**
 * The screening input has no usable name: `fullName`, `firstName` and `lastName` are all empty, or are left
 * empty by normalisation (only punctuation, titles or legal forms). A screen on date of birth or document number
 * alone is not meaningful against name-keyed lists, so the engine refuses rather than return `clear`.
 */
export class AmlNameRequiredError extends AmlError {
  constructor(message = 'fullName, or firstName and/or lastName, must contain at least one letter or digit after normalisation') {
    super('aml_name_required', message);
    this.name = 'AmlNameRequiredError';
  }
}

/** A list file could not be parsed in the format it was declared as. `location` names the file or URL. */
export class AmlSourceParseError extends AmlError {
  /** File name or URL. */
  readonly location: string;
  constructor(location: string, message: string, options: ErrorOptions = {}) {
    super('aml_source_parse', `${location}: ${message}`, options);
    this.name = 'AmlSourceParseError';
    this.location = location;
  }
}
