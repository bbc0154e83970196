/**
 * A sorted table of disjoint inclusive address ranges, each carrying one unsigned 32-bit value, searched by binary
 * search. Both the ASN table (value = AS number) and the list index (value = label-combination id) use it.
 */
import { compareAt, type WordWidth } from '../address/words.ts';

/**
 * Flat, typed-array range table. Range `i` spans `starts[i*width .. i*width+width)` to
 * `ends[i*width .. i*width+width)` inclusive and carries `values[i]`.
 *
 * Invariant (checked by {@link findRangeTableViolation}): ranges are sorted by start and do not overlap.
 */
export interface RangeTable {
  /** Words per address: 1 (IPv4) or 4 (IPv6). */
  readonly width: WordWidth;
  /** Number of ranges. */
  readonly count: number;
  /** Range starts, `count * width` words. */
  readonly starts: Uint32Array;
  /** Range ends (inclusive), `count * width` words. */
  readonly ends: Uint32Array;
  /** One value per range. */
  readonly values: Uint32Array;
}

/**
 * Creates an empty table of the given width.
 * @param width - 1 for IPv4, 4 for IPv6
 */
export function emptyRangeTable(width: WordWidth): RangeTable {
  return { width, count: 0, starts: new Uint32Array(0), ends: new Uint32Array(0), values: new Uint32Array(0) };
}

/**
 * Finds the range that contains an address.
 * @param table - a table satisfying the sorted, disjoint invariant
 * @param query - the address as `table.width` words
 * @returns the index of the containing range, or -1 when no range contains `query`
 */
export function findRange(table: RangeTable, query: ArrayLike<number>): number {
  const { width, starts, ends } = table;
  let low = 0;
  let high = table.count - 1;
  let candidate = -1;
  if (width === 1) {
    const q = query[0] as number;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if ((starts[mid] as number) <= q) {
        candidate = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return candidate >= 0 && q <= (ends[candidate] as number) ? candidate : -1;
  }
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (compareAt(starts, mid, width, query) <= 0) {
      candidate = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return candidate >= 0 && compareAt(ends, candidate, width, query) >= 0 ? candidate : -1;
}

/**
 * Checks the invariant of a table: every range has start ≤ end, and each range starts after the previous one ends.
 * @returns the index of the first offending range, or -1 when the table is valid
 */
export function findRangeTableViolation(table: RangeTable): number {
  const { width, starts, ends } = table;
  for (let i = 0; i < table.count; i += 1) {
    const start = starts.subarray(i * width, i * width + width);
    if (compareAt(ends, i, width, start) < 0) return i;
    if (i > 0 && compareAt(ends, i - 1, width, start) >= 0) return i;
  }
  return -1;
}

/**
 * Builds a table from ranges that are already sorted, disjoint and of one width.
 * @param width - words per address
 * @param ranges - `{ start, end, value }` in ascending order
 */
export function rangeTableFrom(
  width: WordWidth,
  ranges: readonly { readonly start: readonly number[]; readonly end: readonly number[]; readonly value: number }[],
): RangeTable {
  const count = ranges.length;
  const starts = new Uint32Array(count * width);
  const ends = new Uint32Array(count * width);
  const values = new Uint32Array(count);
  ranges.forEach((range, i) => {
    starts.set(range.start, i * width);
    ends.set(range.end, i * width);
    values[i] = range.value;
  });
  return { width, count, starts, ends, values };
}
