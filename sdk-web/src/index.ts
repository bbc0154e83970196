/**
 * Web SDK of the step verification service (SPEC.md 2.9, part 6, part 9): version 0.1.0, no runtime
 * dependencies, framework-agnostic. `launch(options)` opens the hosted capture flow and reports one terminal result.
 * @see ../../docs/sdk.md
 * @packageDocumentation
 */
export { launch } from './launch.js';
export { ErrorCode, VerificationError, isErrorCode } from './errors.js';
export {
  CancelReason,
  Decision,
  Language,
  LaunchState,
  Mode,
  SessionState,
  type CancelledEvent,
  type CompletedEvent,
  type CreateModeOptions,
  type ExpectedDetails,
  type SessionCreatedEvent,
  type StatusChangeEvent,
  type TerminalEvent,
  type TokenModeOptions,
  type VerificationCallbacks,
  type VerificationHandle,
  type VerificationOptions,
} from './types.js';
export { PROTOCOL, PROTOCOL_VERSION } from './protocol.js';
export { DEFAULTS } from './options.js';

/** Version of this SDK (SPEC.md 9). */
export const VERSION = '0.1.0';
