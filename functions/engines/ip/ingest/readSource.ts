/**
 * Reads and parses every input file of one source into labelled content and its manifest entry.
 */
import { ASN_LIST_CATEGORIES } from '../constants.ts';
import { IpIngestError } from '../errors.ts';
import type { ManifestInput, ManifestSource, ListLabel } from '../lists/schemas.ts';
import { sha256Hex } from '../provenance/combinedSha256.ts';
import type { LabelledAsn, LabelledRange, SourceContent } from './buildSnapshot.ts';
import type { PartDefinition, SourceDefinition } from './catalogue.ts';
import { LIST_FORMATS } from './formats.ts';
import { isUrl, type InputRead, type InputReader } from './readInput.ts';
import type { SourceMdInfo } from './sourceMd.ts';

/** Where to read one part from. */
export interface PartLocation {
  /** The part. */
  readonly part: PartDefinition;
  /** URL or file path to read. */
  readonly location: string;
  /** Location to record in the manifest: the URL, or the path relative to the `--from` directory. */
  readonly recordAs: string;
}

/** Result of reading one source. */
export interface SourceReadResult {
  /** Labelled ranges and ASNs. */
  readonly content: SourceContent;
  /** The manifest entry (status `fresh`). */
  readonly manifest: ManifestSource;
  /** One progress line per part. */
  readonly log: readonly string[];
}

/**
 * Reads the parts of a source.
 * @param source - the source
 * @param parts - where to read each part (parts without a location are skipped; the caller checks required ones)
 * @param read - input reader
 * @param sourceMd - origin and date from a SOURCE.md beside the inputs, if any
 * @param now - the read time to record
 * @param preRead - inputs already read (bare `--from` files sniffed earlier), by location
 * @throws {IpIngestError} when a part cannot be read or parsed, or the source yields no entry at all
 */
export async function readSource(
  source: SourceDefinition,
  parts: readonly PartLocation[],
  read: InputReader,
  sourceMd: SourceMdInfo | null,
  now: Date,
  preRead: ReadonlyMap<string, InputRead> = new Map(),
): Promise<SourceReadResult> {
  const ranges: LabelledRange[] = [];
  const asns: LabelledAsn[] = [];
  const inputs: ManifestInput[] = [];
  const log: string[] = [];
  const dates: string[] = [];
  const lastModified: string[] = [];
  const versions: string[] = [];
  const counts = { ipv4: 0, ipv6: 0, asns: 0 };
  for (const { part, location, recordAs } of parts) {
    const input = preRead.get(location) ?? (await read(location));
    const parsed = LIST_FORMATS[part.format].parse(input.bytes.toString('utf8'), location);
    const sha256 = sha256Hex(input.bytes);
    inputs.push({ part: part.part, location: recordAs, sha256, bytes: input.bytes.length });
    if (parsed.dataDate !== null) dates.push(parsed.dataDate);
    if (input.lastModified !== null) lastModified.push(input.lastModified);
    if (parsed.version !== null) versions.push(parsed.version);
    const base: ListLabel = { source: source.id, category: part.category, provider: part.provider };
    if (ASN_LIST_CATEGORIES.has(part.category)) {
      for (const { asn, note } of parsed.asns) asns.push({ asn, note, label: base });
      counts.asns += parsed.asns.length;
    } else {
      for (const entry of parsed.entries) {
        const label: ListLabel = {
          ...base,
          ...(entry.region === undefined ? {} : { region: entry.region }),
          ...(entry.service === undefined ? {} : { service: entry.service }),
        };
        ranges.push({ range: entry.range, label });
        counts[entry.range.family] += 1;
      }
    }
    const found = ASN_LIST_CATEGORIES.has(part.category) ? `${parsed.asns.length} ASNs` : `${parsed.entries.length} ranges`;
    log.push(
      `  ${part.part.padEnd(18)} ${formatBytes(input.bytes.length).padStart(8)}  sha256 ${sha256.slice(0, 12)}…  ${found}` +
        `${parsed.skipped > 0 ? `, ${parsed.skipped} lines skipped` : ''}  ← ${recordAs}`,
    );
  }
  if (ranges.length === 0 && asns.length === 0) throw new IpIngestError(source.id, 'no entries in any input');

  const fromUrls = parts.every(({ location }) => isUrl(location));
  const dataDate = latest(dates) ?? sourceMd?.date ?? latest(lastModified);
  const origin = [sourceMd?.origin ?? (fromUrls ? `fetched from ${[...new Set(parts.map((p) => new URL(p.location).host))].join(', ')}` : `local files`), ...new Set(versions)].join('; ');
  return {
    content: { ranges, asns },
    log,
    manifest: {
      id: source.id,
      name: source.name,
      status: 'fresh',
      url: source.url,
      origin,
      dataDate: dataDate ?? null,
      fetchedAt: now.toISOString(),
      licence: source.licence,
      attribution: source.attribution,
      redistributable: source.redistributable,
      inputs,
      entries: counts,
    },
  };
}

function latest(dates: readonly string[]): string | undefined {
  return [...dates].sort().pop();
}

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
