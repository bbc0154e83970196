/**
 * Splits a loaded snapshot back into per-source content, so that an ingestion run can keep the sources it could not
 * refresh and rebuild the index with the ones it could.
 */
import type { RangeTable } from '../ranges/rangeTable.ts';
import type { ListIndex } from '../lists/listIndex.ts';
import type { LabelledAsn, LabelledRange, SourceContent } from './buildSnapshot.ts';

/**
 * Recovers each source's labelled ranges and ASNs. Ranges come back as the flattened segments (adjacent segments of
 * one label are not re-merged; `buildSnapshot` merges them again).
 * @param index - a loaded snapshot
 * @returns content per source id
 */
export function decomposeSnapshot(index: ListIndex): Map<string, SourceContent> {
  const ranges = new Map<string, LabelledRange[]>();
  const asns = new Map<string, LabelledAsn[]>();
  const { labels, combos } = index.meta;
  const walk = (table: RangeTable): void => {
    const family = table.width === 1 ? 'ipv4' : 'ipv6';
    for (let i = 0; i < table.count; i += 1) {
      const start = Array.from(table.starts.subarray(i * table.width, (i + 1) * table.width));
      const end = Array.from(table.ends.subarray(i * table.width, (i + 1) * table.width));
      for (const labelId of combos[table.values[i] as number] ?? []) {
        const label = labels[labelId];
        if (label === undefined) continue;
        const list = ranges.get(label.source) ?? [];
        list.push({ range: { family, start, end }, label });
        ranges.set(label.source, list);
      }
    }
  };
  walk(index.v4);
  walk(index.v6);
  for (const [asn, labelId, note] of index.meta.asns) {
    const label = labels[labelId];
    if (label === undefined) continue;
    const list = asns.get(label.source) ?? [];
    list.push({ asn, label, note });
    asns.set(label.source, list);
  }
  const out = new Map<string, SourceContent>();
  for (const id of new Set([...ranges.keys(), ...asns.keys()])) out.set(id, { ranges: ranges.get(id) ?? [], asns: asns.get(id) ?? [] });
  return out;
}
