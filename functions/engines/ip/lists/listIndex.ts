/**
 * The list index of a snapshot directory (`data/ip/`): which Tor, VPN, relay, proxy, cloud, datacenter and crawler
 * lists contain an address, and which ASN lists contain an AS number.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IpFamily } from '../constants.ts';
import { IpDataError } from '../errors.ts';
import { findRange, findRangeTableViolation, type RangeTable } from '../ranges/rangeTable.ts';
import { decodeRangeTables } from './rangeTableCodec.ts';
import {
  ListIndexMetaSchema,
  ManifestSchema,
  SNAPSHOT_FILES,
  type ListIndexMeta,
  type ListLabel,
  type Manifest,
} from './schemas.ts';

/** One ASN list entry that matched. */
export interface AsnListHit {
  /** The label of the ASN list. */
  readonly label: ListLabel;
  /** The list's comment for this ASN, e.g. "VOXILITY, RO" ("" when none). */
  readonly note: string;
}

/** A loaded, verified list index. */
export interface ListIndex {
  /** Provenance of the snapshot. */
  readonly manifest: Manifest;
  /** Labels, combinations and ASN entries. */
  readonly meta: ListIndexMeta;
  /** IPv4 ranges (value = combination id). */
  readonly v4: RangeTable;
  /** IPv6 ranges (value = combination id). */
  readonly v6: RangeTable;
  /** Labels of every list whose ranges contain the address; empty when none. */
  lookupAddress(family: IpFamily, words: ArrayLike<number>): readonly ListLabel[];
  /** ASN-list entries for an AS number; empty when none. */
  lookupAsn(asn: number): readonly AsnListHit[];
}

/** Command that rebuilds a snapshot, quoted in error messages. */
const REBUILD_HINT = 'rebuild it with `npm run ip:ingest`';

/**
 * Loads and verifies a snapshot directory: the manifest and index schemas, the sha256 of `lists.bin` and `index.json`
 * against the manifest, the binary layout, the sorted-disjoint invariant and every label reference.
 * @param dir - the snapshot directory, e.g. `<repo>/data/ip`
 * @throws {IpDataError} naming the first file that is missing, malformed or does not match the manifest
 */
export async function loadListIndex(dir: string): Promise<ListIndex> {
  const manifestFile = join(dir, SNAPSHOT_FILES.manifest);
  const manifest = parseJson(manifestFile, await readOrThrow(manifestFile), ManifestSchema.safeParse.bind(ManifestSchema));
  const indexFile = join(dir, SNAPSHOT_FILES.index);
  const indexBytes = await readOrThrow(indexFile);
  checkDigest(indexFile, indexBytes, manifest, SNAPSHOT_FILES.index);
  const meta = parseJson(indexFile, indexBytes, ListIndexMetaSchema.safeParse.bind(ListIndexMetaSchema));
  const rangesFile = join(dir, SNAPSHOT_FILES.ranges);
  const rangeBytes = await readOrThrow(rangesFile);
  checkDigest(rangesFile, rangeBytes, manifest, SNAPSHOT_FILES.ranges);
  const decoded = decodeRangeTables(rangeBytes);
  if (typeof decoded === 'string') throw new IpDataError(rangesFile, `${decoded}; ${REBUILD_HINT}`);
  const { v4, v6 } = decoded;
  for (const [name, table] of [['IPv4', v4], ['IPv6', v6]] as const) {
    const bad = findRangeTableViolation(table);
    if (bad >= 0) throw new IpDataError(rangesFile, `${name} range ${bad} is out of order or overlaps; ${REBUILD_HINT}`);
    for (const value of table.values) {
      if (value >= meta.combos.length) throw new IpDataError(rangesFile, `${name} range refers to missing combination ${value}`);
    }
  }
  const comboLabels: ListLabel[][] = meta.combos.map((combo, c) =>
    combo.map((labelId) => {
      const label = meta.labels[labelId];
      if (label === undefined) throw new IpDataError(indexFile, `combination ${c} refers to missing label ${labelId}`);
      return label;
    }),
  );
  const asnHits = new Map<number, AsnListHit[]>();
  for (const [asn, labelId, note] of meta.asns) {
    const label = meta.labels[labelId];
    if (label === undefined) throw new IpDataError(indexFile, `ASN entry AS${asn} refers to missing label ${labelId}`);
    const hits = asnHits.get(asn) ?? [];
    hits.push({ label, note });
    asnHits.set(asn, hits);
  }

  return {
    manifest,
    meta,
    v4,
    v6,
    lookupAddress(family, words) {
      const table = family === 'ipv4' ? v4 : v6;
      const index = findRange(table, words);
      return index < 0 ? [] : (comboLabels[table.values[index] as number] ?? []);
    },
    lookupAsn(asn) {
      return asnHits.get(asn) ?? [];
    },
  };
}

async function readOrThrow(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new IpDataError(file, `cannot be read; ${REBUILD_HINT}`, { cause: error });
  }
}

function checkDigest(file: string, bytes: Buffer, manifest: Manifest, name: string): void {
  const recorded = manifest.files[name];
  if (recorded === undefined) throw new IpDataError(file, `is not listed in ${SNAPSHOT_FILES.manifest}; ${REBUILD_HINT}`);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== recorded.sha256) {
    throw new IpDataError(file, `sha256 ${actual} does not match ${SNAPSHOT_FILES.manifest} (${recorded.sha256}); ${REBUILD_HINT}`);
  }
}

function parseJson<T>(
  file: string,
  bytes: Buffer,
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { message: string } },
): T {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new IpDataError(file, `is not valid JSON; ${REBUILD_HINT}`, { cause: error });
  }
  const result = safeParse(value);
  if (!result.success) throw new IpDataError(file, `does not match its schema: ${result.error.message}`);
  return result.data;
}
