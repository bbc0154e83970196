/**
 * Validates and normalises one textual IP address: the only entry point for caller-supplied addresses.
 */
import ipaddr from 'ipaddr.js';
import { IP_FAMILY, type IpFamily, type IpScope } from '../constants.ts';
import { IpAddressError } from '../errors.ts';
import { scopeOf } from './scopeOf.ts';
import { ipv4OctetsToWords, ipv6PartsToWords } from './words.ts';

/**
 * Longest accepted input: a full IPv6 address with an embedded IPv4 part is 45 characters; the rest leaves room for
 * an RFC 4007 zone index such as `%eth0`.
 */
export const MAX_IP_TEXT_LENGTH = 64;

/** Four decimal parts of 1 to 3 digits without leading zeros (the range 0..255 is checked separately). */
const FOUR_PART_DECIMAL = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

/**
 * A validated address.
 * @example
 * { "text": "2001:4860:4860::8888", "family": "ipv6", "words": [536938592, 1214251008, 0, 34952], "scope": "public" }
 */
export interface ParsedIpAddress {
  /** Normalised text: dotted quad for IPv4; RFC 5952 (compressed, lower-case, no zone index) for IPv6. */
  readonly text: string;
  /** Address family; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) becomes `ipv4`. */
  readonly family: IpFamily;
  /** The address as 32-bit words, most significant first (1 for IPv4, 4 for IPv6). */
  readonly words: readonly number[];
  /** Routing scope (see IP_SCOPE). */
  readonly scope: IpScope;
}

/**
 * Parses a textual IP address.
 *
 * Accepted: IPv4 as four decimal parts without leading zeros (`192.0.2.1`; ipaddr.js's lenient forms such as
 * `0x7f.1` or `010.0.0.1` are refused, because different stacks read them differently), and IPv6 in any RFC 4291 text
 * form, optionally with a zone index (`fe80::1%eth0`, dropped from the normalised text). An IPv4-mapped IPv6 address
 * is returned as the IPv4 address it carries. Surrounding whitespace is refused, not trimmed.
 *
 * @param input - the caller's value (any type)
 * @returns the validated address
 * @throws {IpAddressError} when `input` is not a string, is longer than {@link MAX_IP_TEXT_LENGTH}, or is not an address
 * @example parseIpAddress('::ffff:8.8.8.8') // { text: '8.8.8.8', family: 'ipv4', words: [134744072], scope: 'public' }
 */
export function parseIpAddress(input: unknown): ParsedIpAddress {
  if (typeof input !== 'string') throw new IpAddressError(input, 'expected a string');
  if (input.length === 0 || input.length > MAX_IP_TEXT_LENGTH) {
    throw new IpAddressError(input, `expected 1 to ${MAX_IP_TEXT_LENGTH} characters`);
  }
  if (FOUR_PART_DECIMAL.test(input)) {
    const octets = input.split('.').map(Number);
    if (octets.every((octet) => octet <= 255)) return fromIpv4(new ipaddr.IPv4(octets));
    throw new IpAddressError(input, 'each IPv4 part must be 0 to 255');
  }
  if (input.includes(':') && ipaddr.IPv6.isValid(input)) {
    const v6 = ipaddr.IPv6.parse(input);
    if (v6.isIPv4MappedAddress()) return fromIpv4(v6.toIPv4Address());
    const text = v6.toRFC5952String().replace(/%.*$/, '');
    return { text, family: IP_FAMILY.ipv6, words: ipv6PartsToWords(v6.parts), scope: scopeOf(v6.range()) };
  }
  throw new IpAddressError(input);
}

function fromIpv4(v4: ipaddr.IPv4): ParsedIpAddress {
  return { text: v4.toString(), family: IP_FAMILY.ipv4, words: ipv4OctetsToWords(v4.octets), scope: scopeOf(v4.range()) };
}
