/**
 * Turns one list entry (an address or a CIDR block) into an inclusive address range. Used by every list parser.
 */
import ipaddr from 'ipaddr.js';
import type { IpFamily } from '../constants.ts';
import { ipv4OctetsToWords, ipv6PartsToWords } from './words.ts';

/** An inclusive address range of one family. */
export interface AddressRange {
  /** Address family of both bounds. */
  readonly family: IpFamily;
  /** First address, as words (1 for IPv4, 4 for IPv6). */
  readonly start: readonly number[];
  /** Last address, inclusive, as words. */
  readonly end: readonly number[];
}

/**
 * Parses `a.b.c.d`, `a.b.c.d/len`, an IPv6 address or `ipv6/len` into the inclusive range it covers.
 *
 * Host bits below the prefix are ignored (`10.1.2.3/8` covers `10.0.0.0`–`10.255.255.255`), as routers do. A bare
 * address is a /32 or /128. IPv4-mapped IPv6 entries (`::ffff:1.2.3.4`, or `/len` ≥ 96) become IPv4 ranges, so that
 * they match the IPv4 lookups of `parseIpAddress`.
 *
 * @param text - one entry, already trimmed; no comments
 * @returns the range, or `null` when `text` is not an address or CIDR
 */
export function parseCidr(text: string): AddressRange | null {
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const lengthText = slash < 0 ? null : text.slice(slash + 1);
  let family: IpFamily;
  let words: number[];
  let prefixLength: number;
  if (ipaddr.IPv4.isValidFourPartDecimal(addressText)) {
    family = 'ipv4';
    words = ipv4OctetsToWords(ipaddr.IPv4.parse(addressText).octets);
    prefixLength = 32;
  } else if (addressText.includes(':') && ipaddr.IPv6.isValid(addressText)) {
    const v6 = ipaddr.IPv6.parse(addressText);
    family = 'ipv6';
    words = ipv6PartsToWords(v6.parts);
    prefixLength = 128;
  } else {
    return null;
  }
  if (lengthText !== null) {
    if (!/^\d{1,3}$/.test(lengthText)) return null;
    const parsed = Number(lengthText);
    if (parsed > prefixLength) return null;
    prefixLength = parsed;
  }
  if (family === 'ipv6' && words[0] === 0 && words[1] === 0 && words[2] === 0xffff && prefixLength >= 96) {
    family = 'ipv4';
    words = [words[3] as number];
    prefixLength -= 96;
  }
  const start: number[] = [];
  const end: number[] = [];
  for (let w = 0; w < words.length; w += 1) {
    const bitsInWord = Math.max(0, Math.min(32, prefixLength - 32 * w));
    const mask = bitsInWord === 0 ? 0 : (0xffff_ffff << (32 - bitsInWord)) >>> 0;
    start.push(((words[w] as number) & mask) >>> 0);
    end.push(((words[w] as number) | ~mask) >>> 0);
  }
  return { family, start, end };
}
