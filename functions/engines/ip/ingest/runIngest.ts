/**
 * One ingestion run: read what can be read, keep from the existing snapshot what cannot, rebuild and write the
 * snapshot. The command-line wrapper is scripts/ip-ingest.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IpEngineError } from '../errors.ts';
import { loadListIndex, type ListIndex } from '../lists/listIndex.ts';
import type { ManifestSource } from '../lists/schemas.ts';
import { buildSnapshot, type SourceContent } from './buildSnapshot.ts';
import { SOURCE_CATALOGUE, type SourceDefinition } from './catalogue.ts';
import { decomposeSnapshot } from './decomposeSnapshot.ts';
import { planInputs } from './planInputs.ts';
import type { InputReader } from './readInput.ts';
import { readSource } from './readSource.ts';
import { readSourceMd, type SourceMdInfo } from './sourceMd.ts';
import { writeSnapshot } from './writeSnapshot.ts';

/** Options of {@link runIngest}. */
export interface IngestOptions {
  /** Snapshot directory to update (read for retained sources, then written). */
  readonly outDir: string;
  /** `--from` values (see planInputs.ts); empty = official URLs. */
  readonly from: readonly string[];
  /** Consider `tier: 'optional'` sources (providers' files without a licence). @default false */
  readonly optional?: boolean;
  /** Source ids to remove from the snapshot. @default [] */
  readonly drop?: readonly string[];
  /** Input reader (files and URLs). */
  readonly read: InputReader;
  /** Clock. @default () => new Date() */
  readonly now?: () => Date;
  /** Progress output, one line per call. @default no output */
  readonly log?: (line: string) => void;
  /** The source catalogue. @default SOURCE_CATALOGUE */
  readonly catalogue?: readonly SourceDefinition[];
}

/** Outcome of one source. */
export interface SourceOutcome {
  /** Source id. */
  readonly id: string;
  /** `fresh` (read now), `retained` (kept from the previous snapshot), `absent` (no data), `dropped`, `unused-fallback`. */
  readonly status: 'fresh' | 'retained' | 'absent' | 'dropped' | 'unused-fallback';
  /** Why, in one line. */
  readonly message: string;
}

/** Outcome of a run. */
export interface IngestReport {
  /** Whether a new snapshot was written (false: nothing was refreshed, the existing snapshot stands). */
  readonly written: boolean;
  /** Per-source outcome, in catalogue order. */
  readonly sources: readonly SourceOutcome[];
  /** File sizes written, bytes. */
  readonly sizes: Readonly<Record<string, number>>;
}

/**
 * Runs the ingestion.
 * @param options - see {@link IngestOptions}
 * @returns the report; it does not throw for unreachable inputs (those sources are kept or absent)
 * @throws {IpIngestError} for unusable `--from` values, and when there is neither fresh nor existing data to write
 */
export async function runIngest(options: IngestOptions): Promise<IngestReport> {
  const log = options.log ?? ((): void => undefined);
  const now = options.now ?? ((): Date => new Date());
  const catalogue = options.catalogue ?? SOURCE_CATALOGUE;
  const drop = new Set(options.drop ?? []);

  let existing: ListIndex | null = null;
  try {
    existing = await loadListIndex(options.outDir);
    log(`Existing snapshot in ${options.outDir}: built ${existing.manifest.builtAt}, ${existing.manifest.sources.length} sources.`);
  } catch (error) {
    log(`No usable existing snapshot in ${options.outDir} (${error instanceof Error ? error.message : String(error)}).`);
  }
  const kept = existing === null ? new Map<string, SourceContent>() : decomposeSnapshot(existing);
  const keptManifest = new Map((existing?.manifest.sources ?? []).map((s) => [s.id, s]));

  log(options.from.length === 0 ? 'Reading from the official URLs (no --from given).' : `Reading from: ${options.from.join(', ')}`);
  const plan = await planInputs(options.from, options.optional ?? false, options.read, catalogue);
  const sourceMdCache = new Map<string, SourceMdInfo | null>();
  const fresh = new Map<string, { content: SourceContent; manifest: ManifestSource }>();
  const notes = new Map<string, string>();
  for (const { source, parts, missing, dir } of plan.sources) {
    if (drop.has(source.id)) continue;
    if (parts.length === 0) {
      notes.set(source.id, options.from.length === 0 ? 'no official URL' : 'not in the --from inputs');
      continue;
    }
    log(`[${source.id}] ${source.name}`);
    if (missing.length > 0) {
      const reason = `missing ${missing.map((p) => p.part).join(', ')}`;
      log(`  not refreshed: ${reason}`);
      notes.set(source.id, reason);
      continue;
    }
    try {
      const sourceMd = dir !== null && source.sourceMd !== undefined ? await readSourceMdOnce(join(dir, source.sourceMd), sourceMdCache) : null;
      const result = await readSource(source, parts, options.read, sourceMd, now(), plan.preRead);
      for (const line of result.log) log(line);
      log(`  fresh: data ${result.manifest.dataDate ?? 'undated'}; ${result.manifest.entries.ipv4} IPv4, ${result.manifest.entries.ipv6} IPv6, ${result.manifest.entries.asns} ASN entries`);
      fresh.set(source.id, result);
    } catch (error) {
      if (!(error instanceof IpEngineError)) throw error;
      log(`  FAILED: ${error.message}`);
      notes.set(source.id, error.message);
    }
  }

  // Resolve each source: fresh, kept from the existing snapshot, or absent; then apply fallbacks.
  const ids = [...new Set([...catalogue.map((s) => s.id), ...keptManifest.keys()])];
  const chosen = new Map<string, { content: SourceContent; manifest: ManifestSource }>();
  const outcomes = new Map<string, SourceOutcome>();
  for (const id of ids) {
    if (drop.has(id)) {
      outcomes.set(id, { id, status: 'dropped', message: 'removed by --drop' });
      continue;
    }
    const refreshed = fresh.get(id);
    if (refreshed !== undefined) {
      chosen.set(id, refreshed);
      outcomes.set(id, { id, status: 'fresh', message: `data ${refreshed.manifest.dataDate ?? 'undated'}` });
      continue;
    }
    const old = keptManifest.get(id);
    const content = kept.get(id);
    if (old !== undefined && content !== undefined) {
      chosen.set(id, { content, manifest: { ...old, status: 'retained' } });
      outcomes.set(id, { id, status: 'retained', message: `${notes.get(id) ?? 'not read'}; kept data ${old.dataDate ?? 'undated'}` });
    } else {
      outcomes.set(id, { id, status: 'absent', message: notes.get(id) ?? 'not selected' });
    }
  }
  for (const source of catalogue) {
    if (source.fallbackFor === undefined || !chosen.has(source.id)) continue;
    const primary = source.fallbackFor.find((id) => chosen.has(id));
    if (primary !== undefined) {
      chosen.delete(source.id);
      outcomes.set(source.id, { id: source.id, status: 'unused-fallback', message: `fallback only; ${primary} has data` });
    }
  }

  log('');
  for (const outcome of outcomes.values()) log(`${outcome.status.padEnd(16)} ${outcome.id}: ${outcome.message}`);
  const changed = fresh.size > 0 || [...drop].some((id) => keptManifest.has(id)) || [...keptManifest.keys()].some((id) => !chosen.has(id));
  if (!changed && existing !== null) {
    log(`Nothing was refreshed; the existing snapshot in ${options.outDir} (built ${existing.manifest.builtAt}) is kept unchanged.`);
    return { written: false, sources: [...outcomes.values()], sizes: {} };
  }
  if (chosen.size === 0) {
    throw new IpEngineError('ip_ingest_failed', `No source could be read and ${options.outDir} has no snapshot to keep; nothing written.`);
  }

  const order = ids.filter((id) => chosen.has(id));
  const built = buildSnapshot(order.map((id) => (chosen.get(id) as { content: SourceContent }).content));
  const { sizes } = await writeSnapshot(
    options.outDir,
    built,
    order.map((id) => (chosen.get(id) as { manifest: ManifestSource }).manifest),
    now(),
  );
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  log(
    `Wrote ${options.outDir}: ${built.v4.count} IPv4 and ${built.v6.count} IPv6 ranges, ${built.meta.labels.length} labels, ` +
      `${built.meta.combos.length} combinations, ${built.meta.asns.length} ASN entries; ${(total / 1_048_576).toFixed(2)} MB ` +
      `(${Object.entries(sizes).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`).join(', ')}).`,
  );
  const unshippable = order.filter((id) => chosen.get(id)?.manifest.redistributable === false);
  if (unshippable.length > 0) log(`WARNING: ${unshippable.join(', ')} may not be redistributed; do not commit this snapshot to a public repository.`);
  return { written: true, sources: [...outcomes.values()], sizes };
}

async function readSourceMdOnce(file: string, cache: Map<string, SourceMdInfo | null>): Promise<SourceMdInfo | null> {
  if (!cache.has(file)) {
    let info: SourceMdInfo | null = null;
    try {
      info = readSourceMd(await readFile(file, 'utf8'));
    } catch {
      info = null;
    }
    cache.set(file, info);
  }
  return cache.get(file) ?? null;
}
