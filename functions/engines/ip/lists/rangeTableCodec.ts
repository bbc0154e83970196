/**
 * Binary form of the two range tables of a list snapshot (`lists.bin`).
 *
 * Layout, all integers unsigned 32-bit little-endian, every section 4-byte aligned:
 * ```
 * offset 0   "KYCIPL01"                         magic + format version (8 ASCII bytes)
 * offset 8   n = IPv4 range count, m = IPv6 range count
 * offset 16  IPv4 starts [n], ends [n], values [n]
 *            IPv6 starts [4m], ends [4m], values [m]   (4 words per address, most significant first)
 * ```
 * Decoding is a few typed-array views over one buffer (no per-range objects), so loading ~200k ranges takes a few ms.
 */
import { endianness } from 'node:os';
import type { RangeTable } from '../ranges/rangeTable.ts';

/** Magic bytes at the start of `lists.bin`; the last two characters are the format version. */
export const RANGE_TABLE_MAGIC = 'KYCIPL01';
const HEADER_BYTES = 16;

/**
 * Encodes the IPv4 and IPv6 tables.
 * @param v4 - table of width 1
 * @param v6 - table of width 4
 * @returns the file content
 */
export function encodeRangeTables(v4: RangeTable, v6: RangeTable): Buffer {
  const words = 4 + 3 * v4.count + 9 * v6.count;
  const out = Buffer.alloc(words * 4);
  out.write(RANGE_TABLE_MAGIC, 0, 'ascii');
  out.writeUInt32LE(v4.count, 8);
  out.writeUInt32LE(v6.count, 12);
  let offset = HEADER_BYTES;
  for (const array of [v4.starts, v4.ends, v4.values, v6.starts, v6.ends, v6.values]) {
    for (const word of array) {
      out.writeUInt32LE(word, offset);
      offset += 4;
    }
  }
  return out;
}

/**
 * Decodes `lists.bin`.
 * @param bytes - the file content
 * @returns the tables, or a reason string when the content is not a valid encoding
 */
export function decodeRangeTables(bytes: Uint8Array): { v4: RangeTable; v6: RangeTable } | string {
  if (bytes.length < HEADER_BYTES) return 'too short';
  if (Buffer.from(bytes.buffer, bytes.byteOffset, 8).toString('ascii') !== RANGE_TABLE_MAGIC) {
    return `bad magic (expected ${RANGE_TABLE_MAGIC})`;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(8, true);
  const m = view.getUint32(12, true);
  const expected = HEADER_BYTES + 4 * (3 * n + 9 * m);
  if (bytes.length !== expected) return `size ${bytes.length} bytes, expected ${expected} for ${n} IPv4 and ${m} IPv6 ranges`;
  const words = littleEndianWords(bytes, HEADER_BYTES, 3 * n + 9 * m);
  let at = 0;
  const take = (length: number): Uint32Array => {
    const part = words.subarray(at, at + length);
    at += length;
    return part;
  };
  const v4: RangeTable = { width: 1, count: n, starts: take(n), ends: take(n), values: take(n) };
  const v6: RangeTable = { width: 4, count: m, starts: take(4 * m), ends: take(4 * m), values: take(m) };
  return { v4, v6 };
}

/** Views (or, on a big-endian host or a misaligned buffer, copies) `count` little-endian words. */
function littleEndianWords(bytes: Uint8Array, offset: number, count: number): Uint32Array {
  const start = bytes.byteOffset + offset;
  if (endianness() === 'LE' && start % 4 === 0) return new Uint32Array(bytes.buffer, start, count);
  const view = new DataView(bytes.buffer, start, count * 4);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) out[i] = view.getUint32(i * 4, true);
  return out;
}
