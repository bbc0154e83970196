/**
 * The ASN table: address → AS number and organisation name, for one address family.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { WordWidth } from '../address/words.ts';
import { IpDataError } from '../errors.ts';
import { findRange, type RangeTable } from '../ranges/rangeTable.ts';
import { asnCachePath, readAsnCache, writeAsnCache } from './asnCache.ts';
import { normaliseAsnRows } from './normaliseAsnRows.ts';
import { parseAsnCsv } from './parseAsnCsv.ts';

/** ASN data of one address family, ready for lookups. */
export interface AsnTable {
  /** Sorted disjoint ranges; value = AS number. */
  readonly ranges: RangeTable;
  /** Organisation name per AS number. */
  readonly orgs: ReadonlyMap<number, string>;
  /** Rows in the CSV. */
  readonly rows: number;
  /** Rows that overlapped another row and were resolved "later start wins". */
  readonly overlappingRows: number;
}

/** Result of an ASN lookup. */
export interface AsnMatch {
  /** AS number, e.g. 15169. */
  readonly asn: number;
  /** Organisation name as published (DB-IP ASN Lite names), or null when the CSV has none. */
  readonly org: string | null;
}

/**
 * Builds an ASN table from the bytes of an ip-location-db ASN CSV.
 * @param bytes - file content
 * @param width - 1 for the IPv4 file, 4 for the IPv6 file
 * @param file - file name for error messages
 * @throws {IpDataError} when the file is malformed or empty
 */
export function asnTableFromCsv(bytes: Uint8Array, width: WordWidth, file: string): AsnTable {
  const rows = parseAsnCsv(bytes, width, file);
  if (rows.count === 0) throw new IpDataError(file, 'has no rows');
  const { table, overlappingRows } = normaliseAsnRows(rows);
  return { ranges: table, orgs: rows.orgs, rows: rows.count, overlappingRows };
}

/** Result of {@link loadAsnTable}. */
export interface LoadedAsnTable {
  /** The table. */
  readonly table: AsnTable;
  /** sha256 (hex) of the CSV bytes (for provenance and as the cache key). */
  readonly sha256: string;
  /** Whether the table came from the binary cache rather than a CSV parse. */
  readonly fromCache: boolean;
}

/**
 * Reads an ASN CSV and builds its table, through the optional binary cache.
 * @param file - path of `asn-ipv4-num.csv`, `asn-ipv6-num.csv` or their textual variants
 * @param width - 1 for IPv4, 4 for IPv6
 * @param cacheDir - directory for the binary cache (see asnCache.ts); undefined = always parse the CSV
 * @throws {IpDataError} when the CSV cannot be read or is malformed
 */
export async function loadAsnTable(file: string, width: WordWidth, cacheDir?: string): Promise<LoadedAsnTable> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file); // synchronous: faster than fs.promises for a 21 MB file, and load-time only
  } catch (error) {
    throw new IpDataError(file, 'cannot be read (install @ip-location-db/asn or pass asnCsvV4/asnCsvV6)', { cause: error });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const cacheFile = cacheDir === undefined ? null : asnCachePath(cacheDir, sha256);
  const cached = cacheFile === null ? null : readAsnCache(cacheFile, width);
  if (cached !== null) return { table: cached, sha256, fromCache: true };
  const table = asnTableFromCsv(bytes, width, file);
  if (cacheFile !== null) writeAsnCache(cacheFile, table);
  return { table, sha256, fromCache: false };
}

/**
 * Looks up the AS of an address.
 * @param table - the table of the address's family
 * @param words - the address as words of that family
 * @returns the match, or null when the address is in no announced range
 */
export function lookupAsn(table: AsnTable, words: ArrayLike<number>): AsnMatch | null {
  const index = findRange(table.ranges, words);
  if (index < 0) return null;
  const asn = table.ranges.values[index] as number;
  const org = table.orgs.get(asn);
  return { asn, org: org === undefined || org === '' ? null : org };
}
