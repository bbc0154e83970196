/**
 * Writes a snapshot directory: `lists.bin`, `index.json`, `manifest.json` and `SOURCES.md`. Each file is written to a
 * temporary name and renamed, and the manifest (which the engine reads first) goes last, so that a crash mid-write
 * leaves either the old snapshot or a detectable mismatch, never a silently mixed one.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeRangeTables } from '../lists/rangeTableCodec.ts';
import { SNAPSHOT_FILES, SNAPSHOT_FORMAT_VERSION, type ListIndexMeta, type Manifest, type ManifestSource } from '../lists/schemas.ts';
import { sha256Hex } from '../provenance/combinedSha256.ts';
import type { BuiltIndex } from './buildSnapshot.ts';
import { renderSourcesMd } from './renderSourcesMd.ts';

/**
 * Serialises index.json with one label, combination or ASN entry per line, so that git diffs of a refresh are
 * readable.
 * @param meta - the index metadata
 */
export function serialiseIndexMeta(meta: ListIndexMeta): string {
  const block = (items: readonly unknown[]): string => (items.length === 0 ? '[]' : `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]`);
  return `{"formatVersion":${meta.formatVersion},\n"labels":${block(meta.labels)},\n"combos":${block(meta.combos)},\n"asns":${block(meta.asns)}}\n`;
}

/**
 * Writes the snapshot.
 * @param outDir - target directory (created if missing)
 * @param built - the built index
 * @param sources - manifest entries, in catalogue order
 * @param builtAt - timestamp to record
 * @returns the manifest written and the size in bytes of each file
 */
export async function writeSnapshot(
  outDir: string,
  built: BuiltIndex,
  sources: readonly ManifestSource[],
  builtAt: Date,
): Promise<{ manifest: Manifest; sizes: Record<string, number> }> {
  await mkdir(outDir, { recursive: true });
  const ranges = encodeRangeTables(built.v4, built.v6);
  const index = Buffer.from(serialiseIndexMeta(built.meta), 'utf8');
  const manifest: Manifest = {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    builtAt: builtAt.toISOString(),
    files: {
      [SNAPSHOT_FILES.ranges]: { sha256: sha256Hex(ranges), bytes: ranges.length },
      [SNAPSHOT_FILES.index]: { sha256: sha256Hex(index), bytes: index.length },
    },
    sources: [...sources],
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  const sourcesDoc = Buffer.from(renderSourcesMd(manifest), 'utf8');
  const files: [string, Buffer][] = [
    [SNAPSHOT_FILES.ranges, ranges],
    [SNAPSHOT_FILES.index, index],
    [SNAPSHOT_FILES.sourcesDoc, sourcesDoc],
    [SNAPSHOT_FILES.manifest, manifestBytes],
  ];
  const sizes: Record<string, number> = {};
  for (const [name, bytes] of files) {
    const target = join(outDir, name);
    await writeFile(`${target}.tmp`, bytes);
    await rename(`${target}.tmp`, target);
    sizes[name] = bytes.length;
  }
  return { manifest, sizes };
}
