import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../errors.ts';

/**
 * Webhook target checks against server-side request forgery (OWASP SSRF prevention): in `live` a target must be
 * https and every address its host resolves to must be public unicast, so that a callback URL cannot make the
 * service call its own network (metadata endpoints at 169.254.169.254, loopback, private ranges). In `sandbox`
 * any http(s) URL is allowed, so that an integrator can receive webhooks on a development machine.
 */

/** Why a target is refused, or null when it is allowed. */
export async function callbackRefusal(url: string, environment: 'sandbox' | 'live'): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an http(s) URL';
  if (parsed.username || parsed.password) return 'must not carry credentials';
  if (environment === 'sandbox') return null;
  if (parsed.protocol !== 'https:') return 'must be https in live mode';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `host ${host} does not resolve`;
  }
  for (const address of addresses) {
    const parsedAddress = ipaddr.process(address);
    const range = parsedAddress.range();
    if (range !== 'unicast') return `resolves to a ${range} address (${address}); live webhooks go to public addresses only`;
  }
  return null;
}

/** @throws ValidationError (400) naming `field` when the target is refused. */
export async function assertCallbackAllowed(url: string, environment: 'sandbox' | 'live', field: string): Promise<void> {
  const refusal = await callbackRefusal(url, environment);
  if (refusal) throw new ValidationError(`The ${field} is not allowed.`, { [field]: [refusal] });
}
