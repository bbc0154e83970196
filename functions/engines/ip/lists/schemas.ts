/**
 * Schemas (and, through `z.infer`, the types) of the JSON files of a list snapshot directory (`data/ip/`):
 * `manifest.json` (provenance) and `index.json` (labels of the binary range index `lists.bin`).
 *
 * The ingestion command writes them; the engine validates them at load, so a hand-edited or truncated file fails at
 * cold start with a message that names the file.
 */
import { z } from 'zod';
import { LIST_CATEGORY } from '../constants.ts';

/** Version of the snapshot layout; bumped when `lists.bin`, `index.json` or `manifest.json` change shape. */
export const SNAPSHOT_FORMAT_VERSION = 1;

/** File names inside a snapshot directory. */
export const SNAPSHOT_FILES = {
  manifest: 'manifest.json',
  index: 'index.json',
  ranges: 'lists.bin',
  sourcesDoc: 'SOURCES.md',
} as const;

/**
 * What one list entry says: the category, who publishes the list and, where the list gives them, the provider's
 * region and service names.
 * @example { "source": "aws", "category": "cloud", "provider": "AWS", "region": "us-east-1", "service": "EC2" }
 */
export const ListLabelSchema = z.strictObject({
  /** Id of the source in the ingestion catalogue, e.g. `aws`, `x4bnet-datacenter`. */
  source: z.string().min(1),
  /** What membership means (LIST_CATEGORY). */
  category: z.enum(LIST_CATEGORY),
  /** Operator or list name shown in evidence, e.g. "AWS", "Mullvad VPN", "Tor exit (Onionoo)". */
  provider: z.string().min(1),
  /** Provider region, e.g. "us-east-1", when the list gives one. */
  region: z.string().min(1).optional(),
  /** Provider service, e.g. "EC2", when the list gives one. */
  service: z.string().min(1).optional(),
});
/** One label of the list index. */
export type ListLabel = z.infer<typeof ListLabelSchema>;

/**
 * `index.json`: labels, label combinations referenced by the ranges of `lists.bin`, and ASN entries.
 * @example
 * { "formatVersion": 1,
 *   "labels": [{ "source": "tor-onionoo", "category": "torExit", "provider": "Tor exit (Onionoo)" }],
 *   "combos": [[0]],
 *   "asns": [[3223, 5, "VOXILITY, RO"]] }
 */
export const ListIndexMetaSchema = z.strictObject({
  formatVersion: z.literal(SNAPSHOT_FORMAT_VERSION),
  /** All labels; referenced by position. */
  labels: z.array(ListLabelSchema),
  /** Label combinations; range value `v` in `lists.bin` means the labels `combos[v]`. */
  combos: z.array(z.array(z.number().int().nonnegative())),
  /** ASN list entries: AS number, label position, the list's own comment ("" when none). */
  asns: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.string()])),
});
/** Parsed `index.json`. */
export type ListIndexMeta = z.infer<typeof ListIndexMetaSchema>;

/** Provenance of one input file of a source. */
export const ManifestInputSchema = z.strictObject({
  /** Part name within the source, e.g. `ipv4`, `exits`. */
  part: z.string().min(1),
  /** Where it was read: a URL, or a path relative to the `--from` directory. */
  location: z.string().min(1),
  /** sha256 (hex) of the bytes read. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Size in bytes. */
  bytes: z.number().int().nonnegative(),
});
/** Provenance of one input file. */
export type ManifestInput = z.infer<typeof ManifestInputSchema>;

/**
 * Provenance of one source in `manifest.json`.
 * @example
 * { "id": "tor-onionoo", "name": "Tor exit relays (Onionoo)", "status": "fresh",
 *   "url": "https://raw.githubusercontent.com/alireza-rezaee/tor-nodes/main/latest.exits.csv",
 *   "origin": "github:alireza-rezaee/tor-nodes@47d10e9b…", "dataDate": "2026-08-22T21:13:34Z",
 *   "fetchedAt": "2026-11-22T10:00:00.000Z", "licence": "MIT", "attribution": "© 2024 Alireza-Rezaee; data: The Tor Project",
 *   "redistributable": true, "inputs": [], "entries": { "ipv4": 1363, "ipv6": 914, "asns": 0 } }
 */
export const ManifestSourceSchema = z.strictObject({
  /** Catalogue id. */
  id: z.string().min(1),
  /** Human-readable name. */
  name: z.string().min(1),
  /** `fresh`: read in the last ingestion run; `retained`: kept from the previous snapshot because it could not be read. */
  status: z.enum(['fresh', 'retained']),
  /** Official URL of the data (what a refresh without `--from` fetches). */
  url: z.string().min(1),
  /** Exact origin of the bytes used: repository and commit, or the URL, as recorded when read. */
  origin: z.string().min(1),
  /** Date of the data (ISO 8601): from the file itself, a SOURCE.md beside it, or the HTTP Last-Modified header; null when unknown. */
  dataDate: z.string().nullable(),
  /** When the ingestion read the input (ISO 8601). */
  fetchedAt: z.string().min(1),
  /** Licence of the data, e.g. "MIT", "CC0-1.0". */
  licence: z.string().min(1),
  /** Attribution to show (copyright line, data owner). */
  attribution: z.string(),
  /** Whether the licence lets us ship the data in the repository. */
  redistributable: z.boolean(),
  /** Input files read. */
  inputs: z.array(ManifestInputSchema),
  /** Entries indexed: IPv4 ranges, IPv6 ranges, ASNs (before merging with other sources). */
  entries: z.strictObject({ ipv4: z.number().int().nonnegative(), ipv6: z.number().int().nonnegative(), asns: z.number().int().nonnegative() }),
});
/** Provenance of one source. */
export type ManifestSource = z.infer<typeof ManifestSourceSchema>;

/** `manifest.json`: provenance of a snapshot directory. */
export const ManifestSchema = z.strictObject({
  formatVersion: z.literal(SNAPSHOT_FORMAT_VERSION),
  /** When the snapshot was written (ISO 8601). */
  builtAt: z.string().min(1),
  /** sha256 and size of `lists.bin` and `index.json`, checked by the engine at load. */
  files: z.record(z.string(), z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() })),
  /** One entry per source in the snapshot. */
  sources: z.array(ManifestSourceSchema),
});
/** Parsed `manifest.json`. */
export type Manifest = z.infer<typeof ManifestSchema>;
