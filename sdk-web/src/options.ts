import { Language, Mode, type ExpectedDetails, type FlowConfig, type VerificationOptions } from './types.js';

/**
 * Strict validation of the launch options (no runtime dependencies, so no zod): an unknown option, a wrong type or
 * a secret key is refused with a message that names the option and what is allowed. The SDK turns a refusal into
 * `onError` with code `configuration_invalid`.
 */

/** Every option `launch` accepts; any other key is refused, so that a typo fails loudly. */
export const OPTION_NAMES = [
  'mode',
  'serviceUrl',
  'apiKey',
  'sat',
  'workflowExternalId',
  'clientData',
  'expectedDetails',
  'callbackUrl',
  'metadata',
  'container',
  'showCloseButton',
  'closeOnBackdropClick',
  'language',
  'handshakeTimeoutMs',
  'onReady',
  'onSessionCreated',
  'onStatusChange',
  'onCompleted',
  'onCancelled',
  'onError',
] as const;

const EXPECTED_DETAIL_NAMES = [
  'firstName',
  'lastName',
  'fullName',
  'dateOfBirth',
  'nationality',
  'documentNumber',
  'personalNumber',
  'gender',
] as const;

const TOKEN_MODE_SERVER_FIELDS = ['workflowExternalId', 'clientData', 'metadata', 'callbackUrl', 'apiKey'] as const;

/** Defaults of the optional presentation options. */
export const DEFAULTS = {
  showCloseButton: true,
  closeOnBackdropClick: false,
  handshakeTimeoutMs: 20_000,
} as const;

/** The options after validation: what the SDK itself needs, plus the configuration for the flow. */
export interface ResolvedOptions {
  /** `serviceUrl` without a trailing slash. */
  serviceUrl: string;
  /** Origin of `serviceUrl`: the only origin whose messages are accepted. */
  serviceOrigin: string;
  /** Inline container, or null for a modal. */
  container: HTMLElement | null;
  showCloseButton: boolean;
  closeOnBackdropClick: boolean;
  handshakeTimeoutMs: number;
  flow: FlowConfig;
}

/** Thrown by {@link resolveOptions}; the message names the option and what is allowed. */
export class OptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OptionsError';
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

function optionalString(opts: Record<string, unknown>, name: string, max: number): string | null {
  const v = opts[name];
  if (v === undefined || v === null) return null;
  if (!isString(v)) throw new OptionsError(`${name} must be a string, not ${typeof v}.`);
  if (v.length > max) throw new OptionsError(`${name} has ${v.length} characters; at most ${max} are allowed.`);
  return v;
}

function optionalBoolean(opts: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const v = opts[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new OptionsError(`${name} must be true or false, not ${JSON.stringify(v)}.`);
  return v;
}

function parseExpectedDetails(v: unknown): ExpectedDetails | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new OptionsError('expectedDetails must be an object.');
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v as Record<string, unknown>)) {
    if (!(EXPECTED_DETAIL_NAMES as readonly string[]).includes(k)) {
      throw new OptionsError(`expectedDetails.${k} is not a field; allowed: ${EXPECTED_DETAIL_NAMES.join(', ')}.`);
    }
    if (value === undefined) continue;
    if (!isString(value)) throw new OptionsError(`expectedDetails.${k} must be a string.`);
    if (k === 'dateOfBirth' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new OptionsError('expectedDetails.dateOfBirth must be a date in the format yyyy-MM-dd.');
    }
    if (k === 'nationality' && !/^[A-Z]{3}$/.test(value)) {
      throw new OptionsError('expectedDetails.nationality must be an ISO 3166-1 alpha-3 code, e.g. DEU.');
    }
    out[k] = value;
  }
  return out;
}

function parseServiceUrl(v: unknown): { serviceUrl: string; serviceOrigin: string } {
  if (!isString(v) || v.length === 0) throw new OptionsError('serviceUrl is required: the address of your step verification service, e.g. https://be.example.com.');
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new OptionsError(`serviceUrl "${v}" is not an absolute URL, e.g. https://be.example.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OptionsError(`serviceUrl must be http(s), not ${url.protocol}`);
  if (url.search || url.hash || url.username || url.password) throw new OptionsError('serviceUrl must not carry a query, fragment or credentials.');
  return { serviceUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, serviceOrigin: url.origin };
}

function resolveContainer(v: unknown, doc: Document): HTMLElement | null {
  if (v === undefined || v === null) return null;
  if (isString(v)) {
    let el: Element | null;
    try {
      el = doc.querySelector(v);
    } catch {
      throw new OptionsError(`container "${v}" is not a valid CSS selector.`);
    }
    if (!el || !(el instanceof (doc.defaultView?.HTMLElement ?? HTMLElement))) throw new OptionsError(`container "${v}" matches no element on the page.`);
    return el as HTMLElement;
  }
  if (typeof v === 'object' && (v as Node).nodeType === 1) return v as HTMLElement;
  throw new OptionsError('container must be an HTMLElement or a CSS selector string.');
}

/**
 * Validates launch options.
 * @throws OptionsError naming the first invalid option.
 */
export function resolveOptions(input: VerificationOptions, doc: Document): ResolvedOptions {
  if (typeof input !== 'object' || input === null) throw new OptionsError('launch needs an options object.');
  const opts = input as unknown as Record<string, unknown>;
  const unknown = Object.keys(opts).filter((k) => !(OPTION_NAMES as readonly string[]).includes(k));
  if (unknown.length > 0) throw new OptionsError(`Unknown option${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  for (const name of OPTION_NAMES) {
    if (name.startsWith('on') && opts[name] !== undefined && typeof opts[name] !== 'function') {
      throw new OptionsError(`${name} must be a function.`);
    }
  }
  const mode = opts['mode'];
  if (mode !== Mode.Create && mode !== Mode.Token) throw new OptionsError(`mode must be "create" or "token", not ${JSON.stringify(mode)}.`);
  const { serviceUrl, serviceOrigin } = parseServiceUrl(opts['serviceUrl']);

  let apiKey: string | null = null;
  let sat: string | null = null;
  if (mode === Mode.Create) {
    const key = opts['apiKey'];
    if (!isString(key) || key.length === 0) throw new OptionsError('apiKey is required in create mode: your public key, pk_sandbox_… or pk_live_….');
    if (/^sk_/.test(key)) throw new OptionsError('apiKey is a secret key (sk_…): it must never reach a browser. Use a public key (pk_…), or mint a sat on your server and use token mode.');
    if (!/^pk_(sandbox|live)_[A-Za-z0-9]{8,128}$/.test(key)) throw new OptionsError('apiKey must be a public key: pk_sandbox_… or pk_live_….');
    if (opts['sat'] !== undefined) throw new OptionsError('sat is used in token mode only; in create mode the flow creates the session.');
    apiKey = key;
  } else {
    const token = opts['sat'];
    if (!isString(token) || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
      throw new OptionsError('sat is required in token mode: the session access token your server minted (a JWT).');
    }
    const set = TOKEN_MODE_SERVER_FIELDS.filter((k) => opts[k] !== undefined);
    if (set.length > 0) {
      throw new OptionsError(`${set.join(', ')} cannot be set in token mode: your server sets them when it mints the token.`);
    }
    sat = token;
  }

  const workflowId = optionalString(opts, 'workflowExternalId', 70);
  if (workflowId !== null && !/^wf_[A-Za-z0-9_-]{1,64}$/.test(workflowId)) throw new OptionsError('workflowExternalId must have the form wf_<id>.');
  const callbackUrl = optionalString(opts, 'callbackUrl', 2048);
  if (callbackUrl !== null && !/^https?:\/\/[^\s]+$/.test(callbackUrl)) throw new OptionsError('callbackUrl must be an http(s) URL.');
  const language = opts['language'];
  if (language !== undefined && !(Object.values(Language) as unknown[]).includes(language)) {
    throw new OptionsError(`language must be one of ${Object.values(Language).join(', ')}.`);
  }
  const timeout = opts['handshakeTimeoutMs'] ?? DEFAULTS.handshakeTimeoutMs;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 1000) throw new OptionsError('handshakeTimeoutMs must be a number of at least 1000.');

  const container = resolveContainer(opts['container'], doc);
  return {
    serviceUrl,
    serviceOrigin,
    container,
    showCloseButton: optionalBoolean(opts, 'showCloseButton', DEFAULTS.showCloseButton),
    closeOnBackdropClick: optionalBoolean(opts, 'closeOnBackdropClick', DEFAULTS.closeOnBackdropClick),
    handshakeTimeoutMs: timeout,
    flow: {
      mode,
      apiKey,
      sat,
      workflowId,
      clientData: optionalString(opts, 'clientData', 1024),
      metadata: optionalString(opts, 'metadata', 4096),
      callbackUrl,
      expectedDetails: parseExpectedDetails(opts['expectedDetails']),
      language: (language as Language | undefined) ?? null,
      hostCloseButton: container === null && optionalBoolean(opts, 'showCloseButton', DEFAULTS.showCloseButton),
    },
  };
}
