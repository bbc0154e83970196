/**
 * Parses the ip-location-db ASN CSV (`start,end,asn,org`, one inclusive range per line, no header) into typed arrays.
 *
 * Both layouts of the `@ip-location-db/asn` package are read: `asn-ipv4-num.csv` / `asn-ipv6-num.csv` (bounds as
 * unsigned decimal integers, up to 128 bits) and `asn-ipv4.csv` / `asn-ipv6.csv` (bounds as address text). The parser
 * works on bytes and decodes an organisation name only the first time its ASN appears (the data has one name per
 * ASN), which keeps the 412k-row IPv4 file under ~100 ms.
 *
 * @see https://github.com/sapics/ip-location-db/tree/main/asn (format)
 */
import { TextDecoder } from 'node:util';
import { parseCidr } from '../address/parseCidr.ts';
import type { WordWidth } from '../address/words.ts';
import { IpDataError } from '../errors.ts';

/** Rows of one ASN CSV, in file order. */
export interface AsnCsvRows {
  /** Words per address: 1 (IPv4) or 4 (IPv6). */
  readonly width: WordWidth;
  /** Number of rows. */
  readonly count: number;
  /** Range starts, `count * width` words. */
  readonly starts: Uint32Array;
  /** Range ends (inclusive), `count * width` words. */
  readonly ends: Uint32Array;
  /** AS number of each row. */
  readonly asns: Uint32Array;
  /** Organisation name per AS number (the first name seen for it). */
  readonly orgs: Map<number, string>;
}

const COMMA = 44;
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const QUOTE = 34;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const WORD_BASE = 0x1_0000_0000;
/** Six decimal digits at a time keep `word * 10^6 + chunk` below 2^53, so float arithmetic stays exact. */
const DIGITS_PER_CHUNK = 6;

/**
 * Parses an ASN CSV.
 * @param bytes - the file content (UTF-8)
 * @param width - 1 for the IPv4 file, 4 for the IPv6 file
 * @param file - the file name, for error messages
 * @returns the rows in file order (not yet checked for order or overlap)
 * @throws {IpDataError} on a malformed row (the message gives the line number) or a bound of the wrong family
 */
export function parseAsnCsv(bytes: Uint8Array, width: WordWidth, file: string): AsnCsvRows {
  const capacity = countLines(bytes);
  const starts = new Uint32Array(capacity * width);
  const ends = new Uint32Array(capacity * width);
  const asns = new Uint32Array(capacity);
  const orgs = new Map<number, string>();
  const decoder = new TextDecoder('utf-8');
  let count = 0;
  let line = 0;
  let p = 0;
  const length = bytes.length;

  const fail = (reason: string): never => {
    throw new IpDataError(file, `line ${line}: ${reason}`);
  };

  /** Reads one address field ending at a comma into `target` at slot `count`; returns the position after the comma. */
  const readBound = (from: number, target: Uint32Array): number => {
    let q = from;
    let numeric = true;
    while (q < length) {
      const c = bytes[q] as number;
      if (c === COMMA || c === NEWLINE) break;
      if (c < DIGIT_0 || c > DIGIT_9) numeric = false;
      q += 1;
    }
    if (q >= length || bytes[q] !== COMMA || q === from) fail('expected "start,end,asn,org"');
    if (!numeric) {
      const range = parseCidr(decoder.decode(bytes.subarray(from, q)));
      if (range === null || range.start.length !== width) fail(`not an IPv${width === 1 ? 4 : 6} address`);
      target.set((range as { start: readonly number[] }).start, count * width);
    } else if (width === 1) {
      let value = 0;
      for (let k = from; k < q; k += 1) value = value * 10 + ((bytes[k] as number) - DIGIT_0);
      if (q - from > 10 || value > 0xffff_ffff) fail('number does not fit 32 bits');
      target[count] = value;
    } else if (!decimalBytesToWords(bytes, from, q, target, count * 4)) {
      fail('number does not fit 128 bits');
    }
    return q + 1;
  };

  while (p < length) {
    line += 1;
    let lineEnd = p;
    if (bytes[p] === NEWLINE || bytes[p] === CARRIAGE_RETURN) {
      while (lineEnd < length && bytes[lineEnd] !== NEWLINE) lineEnd += 1;
      p = lineEnd + 1;
      continue;
    }
    if (line === 1 && !isBoundStart(bytes[p] as number)) {
      // A header line (`ip_range_start,...`) is tolerated on line 1 only.
      while (lineEnd < length && bytes[lineEnd] !== NEWLINE) lineEnd += 1;
      p = lineEnd + 1;
      continue;
    }
    p = readBound(p, starts);
    p = readBound(p, ends);
    let asn = 0;
    let digits = 0;
    while (p < length && bytes[p] !== COMMA) {
      const c = bytes[p] as number;
      if (c < DIGIT_0 || c > DIGIT_9) fail('AS number is not an integer');
      asn = asn * 10 + (c - DIGIT_0);
      digits += 1;
      p += 1;
    }
    if (digits === 0 || digits > 10 || asn > 0xffff_ffff || bytes[p] !== COMMA) fail('expected "start,end,asn,org"');
    p += 1;
    asns[count] = asn;
    // Organisation: quoted ("" escapes a quote) or bare, up to the end of the line.
    const orgStart = p;
    let inQuotes = false;
    while (p < length) {
      const c = bytes[p] as number;
      if (c === QUOTE) inQuotes = !inQuotes;
      else if (c === NEWLINE && !inQuotes) break;
      p += 1;
    }
    if (!orgs.has(asn)) orgs.set(asn, decodeField(decoder, bytes.subarray(orgStart, p)));
    p += 1;
    count += 1;
  }

  return {
    width,
    count,
    starts: starts.subarray(0, count * width),
    ends: ends.subarray(0, count * width),
    asns: asns.subarray(0, count),
    orgs,
  };
}

/**
 * Parses decimal digits `bytes[from..to)` as a 128-bit unsigned integer into four words at `target[offset..offset+4)`.
 * @returns false on overflow
 */
function decimalBytesToWords(bytes: Uint8Array, from: number, to: number, target: Uint32Array, offset: number): boolean {
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  let w3 = 0;
  let k = from;
  while (k < to) {
    const stop = Math.min(to, k + DIGITS_PER_CHUNK);
    let chunk = 0;
    let factor = 1;
    for (; k < stop; k += 1) {
      chunk = chunk * 10 + ((bytes[k] as number) - DIGIT_0);
      factor *= 10;
    }
    let value = w3 * factor + chunk;
    w3 = value % WORD_BASE;
    let carry = Math.floor(value / WORD_BASE);
    value = w2 * factor + carry;
    w2 = value % WORD_BASE;
    carry = Math.floor(value / WORD_BASE);
    value = w1 * factor + carry;
    w1 = value % WORD_BASE;
    carry = Math.floor(value / WORD_BASE);
    value = w0 * factor + carry;
    w0 = value % WORD_BASE;
    if (Math.floor(value / WORD_BASE) !== 0) return false;
  }
  target[offset] = w0;
  target[offset + 1] = w1;
  target[offset + 2] = w2;
  target[offset + 3] = w3;
  return true;
}

function isBoundStart(c: number): boolean {
  return (c >= DIGIT_0 && c <= DIGIT_9) || c === 58 /* ':' */ || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function countLines(bytes: Uint8Array): number {
  let lines = 0;
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(NEWLINE, from);
    if (at < 0) break;
    lines += 1;
    from = at + 1;
  }
  return from < bytes.length ? lines + 1 : lines;
}

function decodeField(decoder: TextDecoder, raw: Uint8Array): string {
  let text = decoder.decode(raw);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1).replaceAll('""', '"');
  return text.trim();
}
