/**
 * Builds the list index (labels, label combinations, the two range tables, ASN entries) from labelled ranges of any
 * number of sources.
 */
import type { AddressRange } from '../address/parseCidr.ts';
import { flattenRanges, type ValuedRange } from '../ranges/flattenRanges.ts';
import { rangeTableFrom, type RangeTable } from '../ranges/rangeTable.ts';
import { SNAPSHOT_FORMAT_VERSION, type ListIndexMeta, type ListLabel } from '../lists/schemas.ts';

/** One labelled range. */
export interface LabelledRange {
  /** The range. */
  readonly range: AddressRange;
  /** What membership means. */
  readonly label: ListLabel;
}

/** One labelled ASN. */
export interface LabelledAsn {
  /** AS number. */
  readonly asn: number;
  /** The ASN list's label. */
  readonly label: ListLabel;
  /** The list's comment ("" when none). */
  readonly note: string;
}

/** The data of one source that goes into a snapshot. */
export interface SourceContent {
  /** Labelled ranges. */
  readonly ranges: readonly LabelledRange[];
  /** Labelled ASNs. */
  readonly asns: readonly LabelledAsn[];
}

/** A built index, ready to encode. */
export interface BuiltIndex {
  /** `index.json` content. */
  readonly meta: ListIndexMeta;
  /** IPv4 table (value = combination id). */
  readonly v4: RangeTable;
  /** IPv6 table (value = combination id). */
  readonly v6: RangeTable;
}

/**
 * Builds the index. Labels are numbered in first-seen order (so the source order decides it), combinations in address
 * order; the output is deterministic for the same input.
 * @param contents - sources' data, in catalogue order
 */
export function buildSnapshot(contents: readonly SourceContent[]): BuiltIndex {
  const labels: ListLabel[] = [];
  const labelIds = new Map<string, number>();
  const labelId = (label: ListLabel): number => {
    const key = JSON.stringify([label.source, label.category, label.provider, label.region ?? null, label.service ?? null]);
    let id = labelIds.get(key);
    if (id === undefined) {
      id = labels.length;
      labels.push(label);
      labelIds.set(key, id);
    }
    return id;
  };

  const v4Ranges: ValuedRange[] = [];
  const v6Ranges: ValuedRange[] = [];
  const asnEntries = new Map<string, [number, number, string]>();
  for (const content of contents) {
    for (const { range, label } of content.ranges) {
      (range.family === 'ipv4' ? v4Ranges : v6Ranges).push({ start: range.start, end: range.end, value: labelId(label) });
    }
    for (const { asn, label, note } of content.asns) {
      const id = labelId(label);
      const key = `${asn}/${id}`;
      if (!asnEntries.has(key)) asnEntries.set(key, [asn, id, note]);
    }
  }

  const combos: number[][] = [];
  const comboIds = new Map<string, number>();
  const toTable = (width: 1 | 4, ranges: readonly ValuedRange[]): RangeTable =>
    rangeTableFrom(
      width,
      flattenRanges(ranges).map((segment) => {
        const key = segment.values.join(',');
        let id = comboIds.get(key);
        if (id === undefined) {
          id = combos.length;
          combos.push([...segment.values]);
          comboIds.set(key, id);
        }
        return { start: segment.start, end: segment.end, value: id };
      }),
    );
  const v4 = toTable(1, v4Ranges);
  const v6 = toTable(4, v6Ranges);
  const asns = [...asnEntries.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { meta: { formatVersion: SNAPSHOT_FORMAT_VERSION, labels, combos, asns }, v4, v6 };
}
