/**
 * Makes parsed ASN rows searchable: sorted by start and disjoint.
 *
 * The published CSV is sorted and almost disjoint, but not quite (the 2026-06-17 IPv4 file has one overlap, where
 * `214.95.0.0–215.0.255.255` AS749 runs into `215.0.0.0–215.1.3.255` AS721). Where rows overlap, the row that starts
 * later wins on the shared part, which for nested ranges is the more specific one, as in longest-prefix routing.
 * Rows are copied in one linear pass; only clusters of overlapping rows go through the (slower) sweep, and rows are
 * sorted only when the file is not already in start order.
 */
import { compareSlots, nextAddress } from '../address/words.ts';
import { flattenRanges, type ValuedRange } from '../ranges/flattenRanges.ts';
import type { RangeTable } from '../ranges/rangeTable.ts';
import type { AsnCsvRows } from './parseAsnCsv.ts';

/**
 * Builds a range table (value = AS number) from rows in any order.
 * @param rows - output of `parseAsnCsv`
 * @returns a table satisfying the sorted, disjoint invariant, and how many rows overlapped another (inverted rows,
 *   end before start, are dropped)
 */
export function normaliseAsnRows(rows: AsnCsvRows): { table: RangeTable; overlappingRows: number } {
  const { width, count, starts, ends, asns } = rows;
  const order = startOrder(rows);
  if (order === null && isDisjoint(rows)) {
    return { table: { width, count, starts, ends, values: asns }, overlappingRows: 0 };
  }
  const rowAt = order === null ? (k: number): number => k : (k: number): number => order[k] as number;

  // A flattened cluster of n rows yields at most 2n - 1 segments.
  const capacity = 2 * count;
  const outStarts = new Uint32Array(capacity * width);
  const outEnds = new Uint32Array(capacity * width);
  const outValues = new Uint32Array(capacity);
  let out = 0;
  let overlappingRows = 0;
  const push = (start: ArrayLike<number>, end: ArrayLike<number>, value: number): void => {
    outStarts.set(start, out * width);
    outEnds.set(end, out * width);
    outValues[out] = value;
    out += 1;
  };
  const startOf = (i: number): Uint32Array => starts.subarray(i * width, i * width + width);
  const endOf = (i: number): Uint32Array => ends.subarray(i * width, i * width + width);

  let cluster: number[] = [];
  let clusterEndRow = -1; // the row whose end is the cluster's furthest end
  const flush = (): void => {
    if (cluster.length === 1) {
      const i = cluster[0] as number;
      for (let w = 0; w < width; w += 1) {
        outStarts[out * width + w] = starts[i * width + w] as number;
        outEnds[out * width + w] = ends[i * width + w] as number;
      }
      outValues[out] = asns[i] as number;
      out += 1;
    } else if (cluster.length > 1) {
      overlappingRows += cluster.length;
      // value = position in start order, so "largest value wins" means "latest start wins".
      const ranked: ValuedRange[] = cluster.map((i, rank) => ({ start: Array.from(startOf(i)), end: Array.from(endOf(i)), value: rank }));
      const clusterStart = out;
      for (const segment of flattenRanges(ranked)) {
        const winner = cluster[segment.values[segment.values.length - 1] as number] as number;
        const asn = asns[winner] as number;
        // Segments of one cluster are contiguous or gapped; merge a segment into the previous one of the same AS.
        const previous = out - 1;
        if (previous >= clusterStart && outValues[previous] === asn && isNext(outEnds, previous, segment.start, width)) {
          outEnds.set(segment.end, previous * width);
        } else {
          push(segment.start, segment.end, asn);
        }
      }
    }
    cluster = [];
    clusterEndRow = -1;
  };
  for (let k = 0; k < count; k += 1) {
    const i = rowAt(k);
    if (compareSlots(ends, i, starts, i, width) < 0) continue; // an inverted row covers nothing
    if (clusterEndRow >= 0 && compareSlots(ends, clusterEndRow, starts, i, width) < 0) flush();
    cluster.push(i);
    if (clusterEndRow < 0 || compareSlots(ends, clusterEndRow, ends, i, width) < 0) clusterEndRow = i;
  }
  flush();
  return {
    table: {
      width,
      count: out,
      starts: outStarts.slice(0, out * width),
      ends: outEnds.slice(0, out * width),
      values: outValues.slice(0, out),
    },
    overlappingRows,
  };
}

/** @returns null when rows are already in start order, else the row indices sorted by start (stable). */
function startOrder(rows: AsnCsvRows): number[] | null {
  const { width, count, starts } = rows;
  let sorted = true;
  for (let i = 1; i < count && sorted; i += 1) {
    if (compareSlots(starts, i - 1, starts, i, width) > 0) sorted = false;
  }
  if (sorted) return null;
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => compareSlots(starts, a, starts, b, width) || a - b);
  return order;
}

/** Whether `start` is the address right after slot `index` of `ends`. */
function isNext(ends: Uint32Array, index: number, start: readonly number[], width: number): boolean {
  const after = nextAddress(Array.from(ends.subarray(index * width, index * width + width)));
  return after !== null && after.every((word, w) => word === start[w]);
}

function isDisjoint(rows: AsnCsvRows): boolean {
  const { width, count, starts, ends } = rows;
  for (let i = 0; i < count; i += 1) {
    if (compareSlots(ends, i, starts, i, width) < 0) return false;
    if (i > 0 && compareSlots(ends, i - 1, starts, i, width) >= 0) return false;
  }
  return true;
}
