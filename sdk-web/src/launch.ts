import { ErrorCode, VerificationError, isErrorCode } from './errors.js';
import { OptionsError, resolveOptions, type ResolvedOptions } from './options.js';
import { FlowMessageType, FlowUrlParam, HostMessageType, PROTOCOL_VERSION, isProtocolMessage, message, type ProtocolMessage } from './protocol.js';
import {
  CancelReason,
  Decision,
  LaunchState,
  SessionState,
  type CancelledEvent,
  type CompletedEvent,
  type TerminalEvent,
  type VerificationCallbacks,
  type VerificationHandle,
  type VerificationOptions,
} from './types.js';

/**
 * `launch`: opens the hosted capture flow in a modal or inline iframe, runs the handshake, relays the flow's events
 * to the callbacks and guarantees exactly one terminal event per launch (SPEC.md part 6). Everything it adds to the
 * page (elements, listeners, timers, a body scroll lock) is removed by its teardown.
 */

const HOST_TEXT = {
  en: { title: 'Identity verification', close: 'Close identity verification' },
  es: { title: 'Verificación de identidad', close: 'Cerrar la verificación de identidad' },
} as const;

const DECISIONS: readonly string[] = Object.values(Decision);
const STATES: readonly string[] = Object.values(SessionState);
const CANCEL_REASONS: readonly string[] = Object.values(CancelReason);

/** Calls an integrator callback; an exception in it is reported without breaking the launch. */
function safeCall<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  if (!fn) return;
  try {
    fn(...args);
  } catch (err) {
    setTimeout(() => {
      throw err;
    });
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Launches the verification flow.
 *
 * Errors never throw: an invalid option, a missing browser feature or anything that fails later is delivered to
 * `onError` (after `launch` has returned), so that every launch ends in exactly one of `onCompleted`, `onCancelled`
 * or `onError`.
 * @example
 * import { launch } from '@step-verification/sdk-web';
 * const flow = launch({
 *   serviceUrl: 'https://be.example.com',
 *   mode: 'create',
 *   apiKey: 'pk_sandbox_…',
 *   clientData: 'user-42',
 *   onSessionCreated: ({ externalId }) => saveSessionId(externalId),
 *   onCompleted: ({ decision, externalId }) => confirmOnServer(externalId, decision),
 *   onCancelled: ({ reason }) => console.log('cancelled', reason),
 *   onError: (err, message) => console.error(err.code, message),
 * });
 * // later, e.g. when the user navigates away: flow.close();
 */
export function launch(options: VerificationOptions): VerificationHandle {
  let resolveFinished!: (t: TerminalEvent) => void;
  const finished = new Promise<TerminalEvent>((r) => (resolveFinished = r));
  const callbacks: VerificationCallbacks = typeof options === 'object' && options !== null ? options : {};
  let state: LaunchState = LaunchState.Loading;
  let settled = false;
  const cleanups: Array<() => void> = [];

  const teardown = (): void => {
    if (state === LaunchState.Closed) return;
    state = LaunchState.Closed;
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        fn();
      } catch {
        // an element the host page removed itself: nothing left to undo
      }
    }
  };
  const settle = (terminal: TerminalEvent, thenTeardown: boolean): void => {
    if (settled) return;
    settled = true;
    if (state !== LaunchState.Closed) state = LaunchState.Finished;
    if (terminal.type === 'completed') safeCall(callbacks.onCompleted, terminal.event);
    else if (terminal.type === 'cancelled') safeCall(callbacks.onCancelled, terminal.event);
    else safeCall(callbacks.onError, terminal.error, terminal.error.message);
    resolveFinished(terminal);
    if (thenTeardown) teardown();
  };
  const fail = (code: ErrorCode, text: string, thenTeardown: boolean, status?: number): void =>
    settle({ type: 'error', error: new VerificationError(code, text, { status }) }, thenTeardown);

  const handle: VerificationHandle = {
    close: () => {
      if (state === LaunchState.Closed) return;
      settle({ type: 'cancelled', event: { reason: CancelReason.HostClosed, externalId } }, false);
      teardown();
    },
    get state() {
      return state;
    },
    finished,
  };

  let externalId: string | null = null;
  // Errors found before anything is shown are delivered after launch() returns, never thrown.
  const failLater = (code: ErrorCode, text: string): VerificationHandle => {
    state = LaunchState.Closed;
    queueMicrotask(() => fail(code, text, false));
    return handle;
  };

  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return failLater(ErrorCode.UnsupportedBrowser, 'launch() needs a browser window; it cannot run on a server.');
  }
  let opts: ResolvedOptions;
  try {
    opts = resolveOptions(options, document);
  } catch (err) {
    if (err instanceof OptionsError) return failLater(ErrorCode.ConfigurationInvalid, err.message);
    throw err;
  }
  const hostOrigin = window.location.origin;
  if (!hostOrigin || hostOrigin === 'null') {
    return failLater(ErrorCode.ConfigurationInvalid, 'The host page must be served over http(s): the flow only talks to a real origin.');
  }

  const launchId = randomId();
  const lang = opts.flow.language ?? (/^es\b/i.test(navigator.language ?? '') ? 'es' : 'en');
  const text = HOST_TEXT[lang];

  // --- elements -------------------------------------------------------------------------------------------------
  const iframe = document.createElement('iframe');
  const fragment = new URLSearchParams({
    [FlowUrlParam.Origin]: hostOrigin,
    [FlowUrlParam.Launch]: launchId,
    [FlowUrlParam.Version]: String(PROTOCOL_VERSION),
  });
  iframe.src = `${opts.serviceUrl}/flow/#${fragment.toString()}`;
  iframe.title = text.title;
  iframe.allow = 'camera';
  iframe.setAttribute('data-step-verification', 'flow');
  Object.assign(iframe.style, { border: '0', width: '100%', height: '100%', display: 'block', background: '#ffffff' });

  const previousFocus = document.activeElement as HTMLElement | null;
  let root: HTMLElement;
  if (opts.container) {
    root = iframe;
    iframe.style.minHeight = '640px';
    opts.container.appendChild(iframe);
    cleanups.push(() => iframe.remove());
  } else {
    root = document.createElement('div');
    root.setAttribute('data-step-verification', 'modal');
    Object.assign(root.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483000',
      background: 'rgba(17, 24, 39, 0.66)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    });
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', text.title);
    Object.assign(dialog.style, {
      position: 'relative',
      width: '100%',
      maxWidth: '480px',
      height: '100%',
      maxHeight: '780px',
      background: '#ffffff',
      borderRadius: '12px',
      overflow: 'hidden',
      boxShadow: '0 20px 50px rgba(0, 0, 0, 0.35)',
    });
    // Focus stays in the dialog: a sentinel on each side sends Tab back into it.
    const sentinel = (): HTMLElement => {
      const s = document.createElement('div');
      s.tabIndex = 0;
      Object.assign(s.style, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', opacity: '0' });
      return s;
    };
    const before = sentinel();
    const after = sentinel();
    let closeButton: HTMLButtonElement | null = null;
    if (opts.showCloseButton) {
      closeButton = document.createElement('button');
      closeButton.type = 'button';
      closeButton.setAttribute('aria-label', text.close);
      closeButton.setAttribute('data-step-verification', 'close');
      closeButton.textContent = '\u00d7';
      Object.assign(closeButton.style, {
        position: 'absolute',
        top: '6px',
        right: '6px',
        width: '44px',
        height: '44px',
        border: '0',
        borderRadius: '22px',
        background: '#ffffff',
        color: '#111827',
        font: '28px/44px system-ui, sans-serif',
        cursor: 'pointer',
        zIndex: '1',
      });
      const btn = closeButton;
      btn.addEventListener('click', () => dismiss(CancelReason.CloseButton));
    }
    before.addEventListener('focus', () => iframe.focus());
    after.addEventListener('focus', () => (closeButton ?? iframe).focus());
    dialog.append(before, iframe, ...(closeButton ? [closeButton] : []), after);
    root.appendChild(dialog);
    root.addEventListener('click', (e) => {
      if (e.target === root && opts.closeOnBackdropClick) dismiss(CancelReason.Backdrop);
    });
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') dismiss(CancelReason.EscapeKey);
    };
    document.addEventListener('keydown', onKey);
    cleanups.push(() => document.removeEventListener('keydown', onKey));
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    cleanups.push(() => {
      html.style.overflow = overflow;
    });
    document.body.appendChild(root);
    cleanups.push(() => root.remove());
  }
  cleanups.push(() => {
    if (previousFocus && typeof previousFocus.focus === 'function' && previousFocus.isConnected) previousFocus.focus();
  });

  /** The user closes a modal (button, backdrop, Escape): a cancellation before a decision, else just removal. */
  function dismiss(reason: CancelReason): void {
    if (state === LaunchState.Closed || opts.container) return;
    settle({ type: 'cancelled', event: { reason, externalId } }, false);
    teardown();
  }

  // --- handshake and events -------------------------------------------------------------------------------------
  const timer = setTimeout(() => {
    if (state === LaunchState.Loading) {
      fail(ErrorCode.Network, `The verification flow did not load from ${opts.serviceOrigin} within ${opts.handshakeTimeoutMs} ms.`, true);
    }
  }, opts.handshakeTimeoutMs);
  cleanups.push(() => clearTimeout(timer));

  const post = (type: string, payload: unknown): void => {
    iframe.contentWindow?.postMessage(message(launchId, type, payload), opts.serviceOrigin);
  };

  const onMessage = (e: MessageEvent): void => {
    // Only the service's origin, only our own iframe, only this launch.
    if (e.origin !== opts.serviceOrigin || e.source !== iframe.contentWindow || e.source === null) return;
    if (!isProtocolMessage(e.data) || e.data.launchId !== launchId) return;
    if (e.data.version !== PROTOCOL_VERSION) {
      fail(ErrorCode.ProtocolMismatch, `The flow speaks protocol version ${e.data.version}; this SDK speaks ${PROTOCOL_VERSION}. Update the SDK.`, true);
      return;
    }
    handleFlowMessage(e.data);
  };
  window.addEventListener('message', onMessage);
  cleanups.push(() => window.removeEventListener('message', onMessage));

  function handleFlowMessage(m: ProtocolMessage): void {
    const p = (typeof m.payload === 'object' && m.payload !== null ? m.payload : {}) as Record<string, unknown>;
    if (state === LaunchState.Loading) {
      if (m.type === FlowMessageType.Hello) post(HostMessageType.Init, opts.flow);
      else if (m.type === FlowMessageType.Ready) {
        state = LaunchState.Ready;
        clearTimeout(timer);
        // Keyboard and screen-reader users continue inside the flow, on its first heading.
        iframe.focus();
        safeCall(callbacks.onReady);
      } else if (m.type === FlowMessageType.Error) flowError(p);
      return; // nothing else may come before the handshake
    }
    const echo = { clientData: str(p['clientData']), metadata: str(p['metadata']) };
    switch (m.type) {
      case FlowMessageType.SessionCreated: {
        const id = str(p['externalId']);
        if (settled || !id) return;
        externalId = id;
        safeCall(callbacks.onSessionCreated, { externalId: id, workflowId: str(p['workflowId']) ?? '', ...echo });
        return;
      }
      case FlowMessageType.Status: {
        const s = str(p['state']);
        if (settled || !externalId || !s || !STATES.includes(s)) return;
        safeCall(callbacks.onStatusChange, { state: s as SessionState, externalId, ...echo });
        return;
      }
      case FlowMessageType.Completed: {
        const decision = str(p['decision']);
        const id = str(p['externalId']) ?? externalId;
        if (!decision || !DECISIONS.includes(decision) || !id) {
          fail(ErrorCode.ServiceError, 'The flow reported a completion without a valid decision.', false);
          return;
        }
        const event: CompletedEvent = { decision: decision as Decision, externalId: id, ...echo };
        settle({ type: 'completed', event }, false);
        return;
      }
      case FlowMessageType.Cancelled: {
        const reason = str(p['reason']);
        const event: CancelledEvent = {
          reason: reason && CANCEL_REASONS.includes(reason) ? (reason as CancelReason) : CancelReason.UserCancelled,
          externalId,
        };
        settle({ type: 'cancelled', event }, false);
        return;
      }
      case FlowMessageType.Error:
        flowError(p);
        return;
      case FlowMessageType.Close: {
        if (settled) teardown();
        else if (!opts.container) dismiss(p['reason'] === CancelReason.EscapeKey ? CancelReason.EscapeKey : CancelReason.UserCancelled);
        return;
      }
      default:
        return; // an unknown type of the same version: ignored
    }
  }

  function flowError(p: Record<string, unknown>): void {
    const code = isErrorCode(p['code']) ? p['code'] : ErrorCode.ServiceError;
    const text = str(p['message']) ?? 'The verification flow failed.';
    const status = typeof p['status'] === 'number' ? p['status'] : undefined;
    // A protocol mismatch means the flow cannot be trusted to show anything useful: remove it at once.
    fail(code, text, code === ErrorCode.ProtocolMismatch || state === LaunchState.Loading, status);
  }

  return handle;
}
