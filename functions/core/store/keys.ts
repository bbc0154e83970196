import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { KeyEnvironment, KeyKind } from '../constants.ts';

/**
 * Identifiers and API keys (DESIGN.md "Identifiers and keys"). Keys are shown once at creation and stored only
 * as their SHA-256; the random part has 32 base62 characters (~190 bits).
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base62, from a cryptographic source (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Shape of every API key: `sk_` (secret) or `pk_` (public), then `sandbox_` or `live_`, then 32 base62 characters. */
export const API_KEY_PATTERN = /^(sk|pk)_(sandbox|live)_[0-9A-Za-z]{32}$/;

/** What the shape of a key says about it. */
export interface ParsedKey {
  kind: KeyKind;
  environment: KeyEnvironment;
}

/** Parses a key's prefix; returns null when the string is not a well-formed key. */
export function parseApiKey(key: string): ParsedKey | null {
  const m = API_KEY_PATTERN.exec(key);
  if (!m) return null;
  return {
    kind: m[1] === 'sk' ? KeyKind.Secret : KeyKind.Public,
    environment: m[2] === 'live' ? KeyEnvironment.Live : KeyEnvironment.Sandbox,
  };
}

/** Creates a new key of a kind and environment, e.g. `sk_sandbox_4f...`. */
export function generateApiKey(kind: KeyKind, environment: KeyEnvironment): string {
  return `${kind === KeyKind.Secret ? 'sk' : 'pk'}_${environment}_${randomBase62(32)}`;
}

/** Hex SHA-256 of a key: the only form in which keys are stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A short, non-secret label of a key for listings and logs: prefix and last four characters. */
export function keyLabel(key: string): string {
  return `${key.slice(0, key.lastIndexOf('_') + 1)}…${key.slice(-4)}`;
}

/** New organisation id `org_<16 base62>`. */
export const newOrgId = (): string => `org_${randomBase62(16)}`;
/** New application id `app_<16 base62>`. */
export const newAppId = (): string => `app_${randomBase62(16)}`;
/** New workflow id `wf_<16 base62>`. */
export const newWorkflowId = (): string => `wf_${randomBase62(16)}`;
/** New session id: a UUID v4. */
export const newSessionId = (): string => randomUUID();
