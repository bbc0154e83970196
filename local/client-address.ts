import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * The client's address as the local service should see it: what API Gateway puts in
 * `requestContext.identity.sourceIp` on AWS. By default that is the socket's peer, and `X-Forwarded-For` is
 * ignored (any client can send it). When the local service sits behind reverse proxies that the operator trusts,
 * `TRUST_PROXY_HOPS` says how many: each trusted proxy appends the peer it saw to `X-Forwarded-For`, so the
 * client is the address `hops` entries from the right (the socket's peer counting as the first hop), as Express's
 * numeric `trust proxy` setting does.
 *
 * @example
 * // TRUST_PROXY_HOPS=1, socket peer 10.0.0.5 (the proxy), X-Forwarded-For: "203.0.113.9, 198.51.100.7"
 * clientAddress(req, 1) // "198.51.100.7": the address the trusted proxy saw
 */

/** Defaults of the local client-address resolution. */
export const CLIENT_ADDRESS_DEFAULTS = {
  /** Trusted reverse proxies in front of the local service: 0 means X-Forwarded-For is ignored. */
  trustProxyHops: 0,
} as const;

/**
 * Reads `TRUST_PROXY_HOPS` (a non-negative integer, default 0).
 * @throws Error naming the variable when it is not a non-negative integer.
 */
export function trustProxyHopsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['TRUST_PROXY_HOPS'];
  if (raw === undefined || raw === '') return CLIENT_ADDRESS_DEFAULTS.trustProxyHops;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY_HOPS must be an integer from 0 to 10 (trusted proxies in front of the service), not "${raw}".`);
  }
  return hops;
}

/** `::ffff:1.2.3.4` (an IPv4 peer of a dual-stack socket) -> `1.2.3.4`; anything else unchanged. */
export function unmapIpv4(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/**
 * The client address of a request (see the file comment).
 * @param req the request (its socket's peer and its `X-Forwarded-For` headers).
 * @param trustProxyHops trusted proxies in front of this server. @default 0
 * @returns an IPv4 or IPv6 address; the socket's peer when X-Forwarded-For is not trusted, absent or malformed.
 */
export function clientAddress(req: IncomingMessage, trustProxyHops: number = CLIENT_ADDRESS_DEFAULTS.trustProxyHops): string {
  const peer = unmapIpv4(req.socket.remoteAddress ?? '127.0.0.1');
  if (trustProxyHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => unmapIpv4(s.trim()))
    .filter((s) => s !== '');
  // Nearest first: the peer, then X-Forwarded-For from the right. Each trusted hop vouches for the next one.
  const chain = [peer, ...forwarded.reverse()];
  for (let i = 1; i <= Math.min(trustProxyHops, chain.length - 1); i++) {
    if (isIP(chain[i]!) === 0) return chain[i - 1]!; // a malformed entry: stop at the last address we can trust
  }
  return chain[Math.min(trustProxyHops, chain.length - 1)]!;
}
