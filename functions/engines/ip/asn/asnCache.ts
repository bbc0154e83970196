/**
 * Optional binary cache of a parsed ASN table, keyed by the sha256 of the CSV it was built from, so that a cold start
 * can skip the CSV parse (≈ 0.3–1 s for both files) when a cache directory is available. The cache is derived data:
 * it is rebuilt from the CSV whenever it is missing, unreadable or for another CSV.
 *
 * Layout, unsigned 32-bit little-endian words:
 * ```
 * "KYCASN01"  magic (8 bytes)
 * width, count, rows, overlappingRows, orgsBytes
 * starts [count*width], ends [count*width], values [count]
 * orgs: UTF-8 JSON array of [asn, name] pairs, orgsBytes long
 * ```
 */
import { readFileSync, writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { endianness } from 'node:os';
import type { WordWidth } from '../address/words.ts';
import { findRangeTableViolation, type RangeTable } from '../ranges/rangeTable.ts';
import type { AsnTable } from './asnTable.ts';

const MAGIC = 'KYCASN01';
const HEADER_BYTES = 8 + 5 * 4;

/**
 * Path of the cache file for a CSV.
 * @param cacheDir - cache directory
 * @param csvSha256 - sha256 (hex) of the CSV bytes
 */
export function asnCachePath(cacheDir: string, csvSha256: string): string {
  return join(cacheDir, `asn-${csvSha256}.bin`);
}

/**
 * Reads a cached table.
 * @param file - cache file path
 * @param width - expected width
 * @returns the table, or null when the file is missing, of another layout or width, or inconsistent
 */
export function readAsnCache(file: string, width: WordWidth): AsnTable | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < HEADER_BYTES || bytes.toString('ascii', 0, 8) !== MAGIC || endianness() !== 'LE') return null;
  const [storedWidth, count, rows, overlappingRows, orgsBytes] = [0, 1, 2, 3, 4].map((i) => bytes.readUInt32LE(8 + 4 * i)) as [number, number, number, number, number];
  const words = 2 * count * width + count;
  if (storedWidth !== width || bytes.length !== HEADER_BYTES + 4 * words + orgsBytes) return null;
  // Copy into an aligned buffer: readFileSync may return a pooled, unaligned slice.
  const aligned = new Uint32Array(words);
  new Uint8Array(aligned.buffer).set(bytes.subarray(HEADER_BYTES, HEADER_BYTES + 4 * words));
  const ranges: RangeTable = {
    width,
    count,
    starts: aligned.subarray(0, count * width),
    ends: aligned.subarray(count * width, 2 * count * width),
    values: aligned.subarray(2 * count * width),
  };
  if (findRangeTableViolation(ranges) >= 0) return null;
  let orgs: Map<number, string>;
  try {
    const pairs = JSON.parse(bytes.toString('utf8', HEADER_BYTES + 4 * words)) as [number, string][];
    orgs = new Map(pairs);
  } catch {
    return null;
  }
  return { ranges, orgs, rows, overlappingRows };
}

/**
 * Writes a cache file (best effort: a read-only or missing directory is not an error, the next load parses the CSV).
 * @param file - cache file path
 * @param table - the table to store
 * @returns true when written
 */
export function writeAsnCache(file: string, table: AsnTable): boolean {
  if (endianness() !== 'LE') return false;
  const { ranges } = table;
  const orgs = Buffer.from(JSON.stringify([...table.orgs]), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'ascii');
  [ranges.width, ranges.count, table.rows, table.overlappingRows, orgs.length].forEach((value, i) => header.writeUInt32LE(value, 8 + 4 * i));
  const body = [ranges.starts, ranges.ends, ranges.values].map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength));
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, Buffer.concat([header, ...body, orgs]));
    renameSync(`${file}.tmp`, file);
    return true;
  } catch {
    return false;
  }
}
