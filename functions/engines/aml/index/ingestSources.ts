/**
 * Ingestion: reads each source (through an injected reader, so the same code runs in the CLI and in a scheduled
 * Lambda), parses it, records its checksum and publication date, and assembles an index file. A source that
 * cannot be read or parsed keeps its entities and provenance from the previous index, and the report says so;
 * the run fails only when no source at all is available.
 */
import { createHash } from 'node:crypto';
import { AML_DATE_BASIS, type AmlDateBasis } from '../constants.ts';
import { AmlError } from '../errors.ts';
import { parseSourceFiles } from '../parsers/parseSourceFiles.ts';
import type { AmlEntity, AmlSourceFile, AmlSourceInfo } from '../types.ts';
import { buildIndexFile, type IndexSourceInput } from './buildIndexFile.ts';
import type { AmlIndexFile } from './indexFile.ts';
import type { SourceSpec } from './officialSources.ts';

/** What a reader returns for one location. */
export interface ReadResult {
  readonly bytes: Uint8Array;
  /** HTTP Last-Modified (URLs) or the file's modification time (files), ISO; used when the data has no date. */
  readonly modifiedAt?: string | undefined;
  /** Which of the two {@link modifiedAt} is. */
  readonly modifiedBasis?: AmlDateBasis | undefined;
}

/** Reads a URL or file path; throws on failure. */
export type SourceReader = (location: string) => Promise<ReadResult>;

/** Outcome of one source. */
export interface SourceReport {
  readonly id: string;
  /** `fresh`: read and parsed now; `kept`: previous snapshot kept; `missing`: neither. */
  readonly status: 'fresh' | 'kept' | 'missing';
  readonly entityCount: number;
  readonly publishedAt: string | null;
  /** Why a source is kept or missing. */
  readonly error?: string;
}

/** Options of {@link ingestSources}. */
export interface IngestOptions {
  readonly read: SourceReader;
  /** The index being replaced, whose sources are kept when a refresh fails. */
  readonly previous?: AmlIndexFile | undefined;
  /** Publication dates given by the operator, by source id (`YYYY-MM-DD`); they win over file times. */
  readonly published?: Readonly<Record<string, string>> | undefined;
  /** Progress lines. @default no output */
  readonly log?: ((line: string) => void) | undefined;
  /** Clock. @default new Date() */
  readonly now?: Date | undefined;
}

/** SHA-256 hex of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Builds an index file from `specs`.
 *
 * @throws AmlError (`aml_ingest_empty`) when no source could be read and none could be kept.
 */
export async function ingestSources(specs: readonly SourceSpec[], options: IngestOptions): Promise<{ file: AmlIndexFile; reports: SourceReport[] }> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const inputs: IndexSourceInput[] = [];
  const reports: SourceReport[] = [];
  for (const spec of specs) {
    const started = Date.now();
    const previousInfo = options.previous?.sources.find((s) => s.id === spec.id);
    const previousEntities = (options.previous?.entities.filter((e) => e.sourceId === spec.id) ?? []) as AmlEntity[];
    try {
      const files: Array<{ location: string; bytes: Uint8Array }> = [];
      const provenance: AmlSourceFile[] = [];
      let modifiedAt: string | undefined;
      let modifiedBasis: AmlDateBasis | undefined;
      for (const location of spec.files) {
        log(`  ${spec.id}: reading ${location}`);
        const r = await options.read(location);
        files.push({ location, bytes: r.bytes });
        provenance.push({ location, sha256: sha256Hex(r.bytes), bytes: r.bytes.byteLength });
        if (r.modifiedAt !== undefined && (modifiedAt === undefined || r.modifiedAt > modifiedAt)) {
          modifiedAt = r.modifiedAt;
          modifiedBasis = r.modifiedBasis;
        }
      }
      const parsed = await parseSourceFiles(spec.format, files, spec.id, { listType: spec.listType, base: previousEntities });
      const given = options.published?.[spec.id];
      const [publishedAt, publishedAtBasis] =
        given !== undefined ? [given, AML_DATE_BASIS.Operator]
        : parsed.publishedAt !== null ? [parsed.publishedAt, parsed.publishedAtBasis]
        : modifiedAt !== undefined ? [modifiedAt.slice(0, 10), modifiedBasis ?? AML_DATE_BASIS.FileTime]
        : [null, null];
      const info: Omit<AmlSourceInfo, 'entityCount'> = {
        id: spec.id,
        title: spec.title,
        publisher: spec.publisher,
        format: spec.format,
        licence: spec.licence,
        url: spec.url,
        publishedAt,
        publishedAtBasis,
        retrievedAt: now.toISOString(),
        files: provenance,
        skipped: parsed.skipped,
      };
      inputs.push({ info, entities: parsed.entities });
      reports.push({ id: spec.id, status: 'fresh', entityCount: parsed.entities.length, publishedAt });
      log(`  ${spec.id}: ${parsed.entities.length} entities (${parsed.skipped} skipped), published ${publishedAt ?? 'unknown'}, ${Date.now() - started} ms`);
    } catch (error) {
      const message = (error as Error).message;
      if (previousInfo !== undefined) {
        const { entityCount: _count, ...info } = previousInfo;
        inputs.push({ info, entities: previousEntities });
        reports.push({ id: spec.id, status: 'kept', entityCount: previousEntities.length, publishedAt: previousInfo.publishedAt, error: message });
        log(`  ${spec.id}: FAILED (${message}); kept the previous snapshot (${previousEntities.length} entities, published ${previousInfo.publishedAt ?? 'unknown'})`);
      } else {
        reports.push({ id: spec.id, status: 'missing', entityCount: 0, publishedAt: null, error: message });
        log(`  ${spec.id}: FAILED (${message}); no previous snapshot, source left out`);
      }
    }
  }
  if (inputs.length === 0) throw new AmlError('aml_ingest_empty', 'no source could be read and no previous snapshot exists');
  return { file: buildIndexFile(inputs, now), reports };
}
