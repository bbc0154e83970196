/**
 * Names and data dates of the list sources of a snapshot, for the evidence texts ("… Tor exit relays (Onionoo), data
 * 2026-08-22").
 */
import type { ListCategory } from '../constants.ts';
import type { ListIndexMeta, Manifest } from '../lists/schemas.ts';

/** Lookup of source descriptions. */
export interface SourceDirectory {
  /** "Name, data YYYY-MM-DD" for a source id (the id itself when the manifest does not know it). */
  describe(sourceId: string): string;
  /** Descriptions of every source that has labels of `category`, joined with "; " ("no list loaded" when none). */
  describeCategory(category: ListCategory): string;
}

/**
 * Builds the directory from a snapshot's manifest and index.
 * @param manifest - provenance of the sources
 * @param meta - labels (to know which sources feed which category)
 */
export function createSourceDirectory(manifest: Manifest, meta: ListIndexMeta): SourceDirectory {
  const byId = new Map(manifest.sources.map((s) => [s.id, `${s.name}, data ${s.dataDate?.slice(0, 10) ?? 'undated'}`]));
  const byCategory = new Map<ListCategory, Set<string>>();
  for (const label of meta.labels) {
    const ids = byCategory.get(label.category) ?? new Set<string>();
    ids.add(label.source);
    byCategory.set(label.category, ids);
  }
  const describe = (sourceId: string): string => byId.get(sourceId) ?? sourceId;
  const categoryTexts = new Map([...byCategory].map(([category, ids]) => [category, [...ids].map(describe).join('; ')]));
  return {
    describe,
    describeCategory: (category) => categoryTexts.get(category) ?? 'no list loaded',
  };
}
