/**
 * The message protocol between the host page (this SDK) and the hosted capture flow (an iframe served by the
 * service at `<serviceUrl>/flow/`). Both sides import this file, so the names cannot drift apart.
 *
 * Every message is a plain object `{ protocol, version, launchId, type, payload }` sent with `postMessage` to one
 * explicit target origin (never `"*"`). A receiver accepts a message only when all of these hold:
 * - `event.origin` is the expected origin (the service's origin on the host side, the host page's origin on the
 *   flow side) and `event.source` is the expected window (the SDK's own iframe, or the flow's parent);
 * - `protocol` is {@link PROTOCOL} and `launchId` is the launch's id;
 * - `version` equals {@link PROTOCOL_VERSION}; any other version is a `protocol_mismatch` error.
 *
 * @see ../../docs/sdk.md "Message protocol"
 */

/** Name carried by every message, so that unrelated `postMessage` traffic on the page is told apart. */
export const PROTOCOL = 'step-verification-flow' as const;

/**
 * Version of the message protocol. Raised on any incompatible change; the SDK and the flow must agree exactly.
 * @example 1
 */
export const PROTOCOL_VERSION = 1 as const;

/** Messages the flow sends to the host page. */
export const FlowMessageType = {
  /** The flow has loaded and asks for its configuration. First message of every launch. */
  Hello: 'hello',
  /** The flow accepted the configuration: the handshake is complete (SDK event `onReady`). */
  Ready: 'ready',
  /** A session exists for this launch (created in create mode, or the token's session). */
  SessionCreated: 'session_created',
  /** The session's state changed (Created, InProgress, Processing). */
  Status: 'status',
  /** Terminal: the session reached a decision. */
  Completed: 'completed',
  /** Terminal: the user cancelled inside the flow. */
  Cancelled: 'cancelled',
  /** Terminal: a non-decision error. */
  Error: 'error',
  /** The user asks to close the flow (Escape key, or the final screen's button). */
  Close: 'close',
} as const;
/** A message type sent by the flow. */
export type FlowMessageType = (typeof FlowMessageType)[keyof typeof FlowMessageType];

/** Messages the host page sends to the flow. */
export const HostMessageType = {
  /** Answer to `hello`: the launch's configuration. */
  Init: 'init',
} as const;
/** A message type sent by the host page. */
export type HostMessageType = (typeof HostMessageType)[keyof typeof HostMessageType];

/** Envelope of every message in both directions. */
export interface ProtocolMessage<T extends string = string, P = unknown> {
  /** Always {@link PROTOCOL}. */
  protocol: typeof PROTOCOL;
  /** The sender's {@link PROTOCOL_VERSION}. */
  version: number;
  /** Random id of one launch, given to the flow in its URL; stale frames of an earlier launch are ignored. */
  launchId: string;
  type: T;
  payload: P;
}

/**
 * Names of the URL fragment parameters the SDK puts on the flow's address (`/flow/#origin=…&launch=…`). The
 * fragment never reaches a server log.
 */
export const FlowUrlParam = {
  /** Origin of the host page: the only origin the flow talks to. */
  Origin: 'origin',
  /** The launch id. */
  Launch: 'launch',
  /** The protocol version of the SDK, so that the flow can refuse an SDK it does not speak. */
  Version: 'v',
} as const;

/**
 * True when `data` has the shape of a protocol message (any version). Version and launch are checked by the
 * receiver, because a version mismatch must be reported rather than ignored.
 */
export function isProtocolMessage(data: unknown): data is ProtocolMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m['protocol'] === PROTOCOL && typeof m['version'] === 'number' && typeof m['launchId'] === 'string' && typeof m['type'] === 'string';
}

/** Builds a message of the current version. */
export function message<T extends string, P>(launchId: string, type: T, payload: P): ProtocolMessage<T, P> {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, launchId, type, payload };
}
