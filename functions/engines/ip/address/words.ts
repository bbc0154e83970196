/**
 * Addresses as unsigned 32-bit words, most significant word first: one word for IPv4, four for IPv6.
 *
 * Why words and not BigInt: range tables live in `Uint32Array`s (compact, no per-entry objects, cheap to load from a
 * file), and comparing four small integers is faster than BigInt arithmetic in V8.
 */
import type { IpFamily } from '../constants.ts';

/** Words per address: 1 for IPv4, 4 for IPv6. */
export type WordWidth = 1 | 4;

/** An address (or range bound) as 32-bit words, most significant first; length 1 (IPv4) or 4 (IPv6). */
export type AddressWords = readonly number[];

/** 2^32, the base of one word. */
const WORD_BASE = 0x1_0000_0000;

/**
 * Number of 32-bit words of an address of the given family.
 * @param family - `ipv4` or `ipv6`
 * @returns 1 or 4
 */
export function wordWidth(family: IpFamily): WordWidth {
  return family === 'ipv4' ? 1 : 4;
}

/**
 * Compares the address at slot `index` of a flat word table with `query`.
 * @param table - flat table of addresses, `width` words each
 * @param index - slot number (not word offset)
 * @param width - words per address
 * @param query - address words, length `width`
 * @returns negative when the table entry is smaller, 0 when equal, positive when larger
 */
export function compareAt(table: ArrayLike<number>, index: number, width: WordWidth, query: ArrayLike<number>): number {
  const base = index * width;
  for (let w = 0; w < width; w += 1) {
    const a = table[base + w] as number;
    const b = query[w] as number;
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/**
 * Compares slot `i` of flat table `a` with slot `j` of flat table `b` (both `width` words per slot), without
 * allocating.
 * @returns negative, 0 or positive as `a[i]` is smaller, equal or larger than `b[j]`
 */
export function compareSlots(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number, width: WordWidth): number {
  const baseA = i * width;
  const baseB = j * width;
  for (let w = 0; w < width; w += 1) {
    const x = a[baseA + w] as number;
    const y = b[baseB + w] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Compares two addresses of the same width.
 * @returns negative, 0 or positive as `a` is smaller, equal or larger than `b`
 */
export function compareWords(a: AddressWords, b: AddressWords): number {
  for (let w = 0; w < a.length; w += 1) {
    const x = a[w] as number;
    const y = b[w] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Adds one to an address.
 * @returns the next address, or `null` when `words` is the last address of its family (all ones)
 */
export function nextAddress(words: AddressWords): number[] | null {
  const out = [...words];
  for (let w = out.length - 1; w >= 0; w -= 1) {
    if ((out[w] as number) === 0xffff_ffff) {
      out[w] = 0;
    } else {
      out[w] = (out[w] as number) + 1;
      return out;
    }
  }
  return null;
}

/**
 * Subtracts one from an address.
 * @returns the previous address, or `null` when `words` is the first address of its family (all zeros)
 */
export function previousAddress(words: AddressWords): number[] | null {
  const out = [...words];
  for (let w = out.length - 1; w >= 0; w -= 1) {
    if ((out[w] as number) === 0) {
      out[w] = 0xffff_ffff;
    } else {
      out[w] = (out[w] as number) - 1;
      return out;
    }
  }
  return null;
}

/**
 * Converts IPv4 octets to one word.
 * @param octets - four integers 0..255, most significant first
 */
export function ipv4OctetsToWords(octets: readonly number[]): number[] {
  return [(((octets[0] ?? 0) << 24) | ((octets[1] ?? 0) << 16) | ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)) >>> 0];
}

/**
 * Converts the eight 16-bit parts of an IPv6 address to four words.
 * @param parts - eight integers 0..65535, most significant first
 */
export function ipv6PartsToWords(parts: readonly number[]): number[] {
  const words: number[] = [];
  for (let w = 0; w < 4; w += 1) words.push((((parts[2 * w] ?? 0) << 16) | (parts[2 * w + 1] ?? 0)) >>> 0);
  return words;
}

/**
 * Parses an unsigned decimal integer of up to 128 bits (the `-num` CSV format of ip-location-db) into words, without
 * BigInt.
 * @param text - ASCII digits only
 * @param width - 1 (must fit 32 bits) or 4 (must fit 128 bits)
 * @returns the words, or `null` when `text` is empty, has a non-digit or overflows `width` words
 */
export function decimalToWords(text: string, width: WordWidth): number[] | null {
  if (text.length === 0) return null;
  const words = new Array<number>(width).fill(0);
  for (let i = 0; i < text.length; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    let carry = digit;
    for (let w = width - 1; w >= 0; w -= 1) {
      const value = (words[w] as number) * 10 + carry;
      words[w] = value % WORD_BASE;
      carry = Math.floor(value / WORD_BASE);
    }
    if (carry !== 0) return null;
  }
  return words;
}

/**
 * Renders words as an address text: dotted quad for width 1, RFC 5952 compressed lower-case for width 4.
 * @param words - 1 or 4 words
 */
export function wordsToText(words: AddressWords): string {
  if (words.length === 1) {
    const v = words[0] as number;
    return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  }
  const parts: number[] = [];
  for (const w of words) parts.push(w >>> 16, w & 0xffff);
  // RFC 5952 4.2.3: compress the longest run of two or more zero parts (the first one on a tie).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (parts[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && parts[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = parts.map((p) => p.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
