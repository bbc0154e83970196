import type { VerificationError } from './errors.js';

/**
 * Public types of the SDK: launch options (SPEC.md 2.9), event payloads (SPEC.md part 6) and the handle that
 * `launch` returns. Closed sets are `as const` objects, so that both the values and their union types are exported.
 */

/** SDK modes (SPEC.md 2.9 `mode`). */
export const Mode = {
  /** Start a new session with a public key (`pk_…`). */
  Create: 'create',
  /** Resume a session whose session access token (`sat`) the integrator's server minted. */
  Token: 'token',
} as const;
/** `create` or `token`. */
export type Mode = (typeof Mode)[keyof typeof Mode];

/** Decision values of a finished session (SPEC.md 3.2). */
export const Decision = {
  Approved: 'Approved',
  Declined: 'Declined',
  InReview: 'InReview',
} as const;
/** `Approved`, `Declined` or `InReview`. */
export type Decision = (typeof Decision)[keyof typeof Decision];

/** Session states seen by the SDK (SPEC.md 3.3), in the order a session moves through them. */
export const SessionState = {
  Created: 'Created',
  InProgress: 'InProgress',
  Processing: 'Processing',
} as const;
/** `Created`, `InProgress` or `Processing`. */
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

/** Why a launch was cancelled (`onCancelled({reason})`). */
export const CancelReason = {
  /** The user pressed the modal's close button. */
  CloseButton: 'close_button',
  /** The user clicked the modal's backdrop (only with `closeOnBackdropClick: true`). */
  Backdrop: 'backdrop',
  /** The user pressed Escape in a modal. */
  EscapeKey: 'escape_key',
  /** The user pressed "Cancel verification" inside the flow. */
  UserCancelled: 'user_cancelled',
  /** The host page called `handle.close()` before a decision. */
  HostClosed: 'host_closed',
} as const;
/** One cancellation reason. */
export type CancelReason = (typeof CancelReason)[keyof typeof CancelReason];

/** Languages of the hosted flow. */
export const Language = {
  English: 'en',
  Spanish: 'es',
} as const;
/** `en` or `es`. */
export type Language = (typeof Language)[keyof typeof Language];

/**
 * Identity hints the integrator already holds (SPEC.md 2.9 `expectedDetails`). In create mode they are stored on
 * the new session (ID verification compares them with the document); in both modes the flow uses the name and date
 * of birth for AML screening instead of asking the user.
 * @example { "firstName": "Anna", "lastName": "Maria", "dateOfBirth": "1974-08-12", "nationality": "DEU" }
 */
export interface ExpectedDetails {
  firstName?: string;
  lastName?: string;
  fullName?: string;
  /** `yyyy-MM-dd`. */
  dateOfBirth?: string;
  /** ISO 3166-1 alpha-3, e.g. `DEU`. */
  nationality?: string;
  documentNumber?: string;
  personalNumber?: string;
  gender?: string;
}

/** Payload of `onSessionCreated`. */
export interface SessionCreatedEvent {
  /** The session's id (`sessionId` of the API): store it against your user record. */
  externalId: string;
  /** The session's workflow. */
  workflowId: string;
  /** The session's `clientData`, echoed. */
  clientData: string | null;
  /** The session's `metadata`, echoed. */
  metadata: string | null;
}

/** Payload of `onStatusChange`. */
export interface StatusChangeEvent {
  state: SessionState;
  externalId: string;
  clientData: string | null;
  metadata: string | null;
}

/** Payload of `onCompleted` (terminal). */
export interface CompletedEvent {
  /** The session's decision, as `GET /api/v1/sessions/{id}` reports it. Confirm it on your server before acting. */
  decision: Decision;
  externalId: string;
  clientData: string | null;
  metadata: string | null;
}

/** Payload of `onCancelled` (terminal). */
export interface CancelledEvent {
  reason: CancelReason;
  /** The session's id when one had been created, else null. */
  externalId: string | null;
}

/** What `handle.finished` resolves with: the launch's one terminal event. */
export type TerminalEvent =
  | { type: 'completed'; event: CompletedEvent }
  | { type: 'cancelled'; event: CancelledEvent }
  | { type: 'error'; error: VerificationError };

/** The event callbacks of a launch (SPEC.md part 6). Every callback is optional. */
export interface VerificationCallbacks {
  /** The flow has loaded and the handshake is complete. Fires once, and before any other event. */
  onReady?: () => void;
  /** A session exists for this launch (in token mode: the token's session). Store `externalId`. */
  onSessionCreated?: (event: SessionCreatedEvent) => void;
  /** The session moved through Created, InProgress, Processing. */
  onStatusChange?: (event: StatusChangeEvent) => void;
  /** Terminal: the session reached a decision. */
  onCompleted?: (event: CompletedEvent) => void;
  /** Terminal: the user (or the host page) closed the flow before a decision. */
  onCancelled?: (event: CancelledEvent) => void;
  /** Terminal: a non-decision error; `err.code` is one of `ErrorCode`, `message` equals `err.message`. */
  onError?: (err: VerificationError, message: string) => void;
}

/** Options shared by both modes. */
interface CommonOptions extends VerificationCallbacks {
  /**
   * Address of your step verification service: its origin, plus a path prefix if it is served under one (e.g.
   * `https://be.example.com`). The flow is loaded from `<serviceUrl>/flow/`, and only messages from this origin
   * are accepted.
   */
  serviceUrl: string;
  /** Identity hints; see {@link ExpectedDetails}. */
  expectedDetails?: ExpectedDetails;
  /**
   * Render inline in this element (or the element this CSS selector finds) instead of a modal.
   * @default undefined (a modal)
   */
  container?: HTMLElement | string;
  /** Modal only. Set false to hide the modal's close button. @default true */
  showCloseButton?: boolean;
  /** Modal only. When true, a click on the backdrop cancels (`reason: "backdrop"`). @default false */
  closeOnBackdropClick?: boolean;
  /** Language of the flow. @default the first of `navigator.languages` the flow speaks, else `"en"` */
  language?: Language;
  /** How long to wait for the flow's handshake before `onError` with code `network`. @default 20000 */
  handshakeTimeoutMs?: number;
}

/**
 * Create mode: the flow creates the session with your public key. Session fields (`workflowExternalId`,
 * `clientData`, `metadata`, `callbackUrl`) are sent with it.
 * @example
 * { "mode": "create", "serviceUrl": "https://be.example.com", "apiKey": "pk_sandbox_…", "clientData": "user-42" }
 */
export interface CreateModeOptions extends CommonOptions {
  mode: 'create';
  /** Public key (`pk_sandbox_…` or `pk_live_…`). A secret key (`sk_…`) is refused: it must never reach a browser. */
  apiKey: string;
  /** Workflow of the session (`wf_…`). @default the application's default workflow */
  workflowExternalId?: string;
  /** Your end user's identifier (at most 1024 characters); echoed on events and webhooks. */
  clientData?: string;
  /** Free-form string (at most 4096 characters); echoed on events and webhooks. */
  metadata?: string;
  /** Webhook address for this session's terminal notification. */
  callbackUrl?: string;
  sat?: undefined;
}

/**
 * Token mode: your server minted the session and its `sat` with a secret key (`POST /api/v1/sessions/token`).
 * The session's workflow, clientData, metadata and callbackUrl were set then, so they are not options here.
 * @example { "mode": "token", "serviceUrl": "https://be.example.com", "sat": "eyJhbGciOiJIUzI1NiIs…" }
 */
export interface TokenModeOptions extends CommonOptions {
  mode: 'token';
  /** Session access token minted by your server. */
  sat: string;
  apiKey?: undefined;
  workflowExternalId?: undefined;
  clientData?: undefined;
  metadata?: undefined;
  callbackUrl?: undefined;
}

/** Options of `launch` (SPEC.md 2.9). */
export type VerificationOptions = CreateModeOptions | TokenModeOptions;

/** Where a launch is in its life. */
export const LaunchState = {
  /** The flow is loading; no handshake yet. */
  Loading: 'loading',
  /** Handshake done; the user is in the flow. */
  Ready: 'ready',
  /** A terminal event was delivered; the final screen may still be shown. */
  Finished: 'finished',
  /** Every element and listener of the launch is gone. */
  Closed: 'closed',
} as const;
/** One launch state. */
export type LaunchState = (typeof LaunchState)[keyof typeof LaunchState];

/** What `launch` returns. */
export interface VerificationHandle {
  /**
   * Removes the flow. Before a terminal event this cancels the launch (`onCancelled({reason: "host_closed"})`);
   * afterwards it only removes the final screen. Calling it again does nothing.
   */
  close(): void;
  /** The launch's state. */
  readonly state: LaunchState;
  /** Resolves with the launch's one terminal event. Never rejects. */
  readonly finished: Promise<TerminalEvent>;
}

/** The configuration the SDK sends to the flow in the `init` message (protocol payload, not a public option). */
export interface FlowConfig {
  mode: Mode;
  apiKey: string | null;
  sat: string | null;
  workflowId: string | null;
  clientData: string | null;
  metadata: string | null;
  callbackUrl: string | null;
  expectedDetails: ExpectedDetails | null;
  language: Language | null;
  /** Whether the host shows its own close button (a modal with `showCloseButton`); else the flow shows a cancel button. */
  hostCloseButton: boolean;
}
