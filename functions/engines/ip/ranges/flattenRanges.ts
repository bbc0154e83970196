/**
 * Turns overlapping, unsorted ranges into sorted, disjoint segments, each with the set of values of every input range
 * that covers it. Adjacent segments with the same set are merged.
 *
 * This is a sweep over range boundaries: O(n log n) in the number of ranges.
 */
import { compareWords, nextAddress, previousAddress, type AddressWords } from '../address/words.ts';

/** One input range of {@link flattenRanges}. */
export interface ValuedRange {
  /** First address (words). */
  readonly start: AddressWords;
  /** Last address, inclusive (words, same width as `start`). */
  readonly end: AddressWords;
  /** The value this range contributes to every segment it covers. */
  readonly value: number;
}

/** One output segment of {@link flattenRanges}. */
export interface FlatSegment {
  /** First address (words). */
  readonly start: AddressWords;
  /** Last address, inclusive (words). */
  readonly end: AddressWords;
  /** Distinct values of the input ranges covering the segment, ascending; never empty. */
  readonly values: readonly number[];
}

interface Boundary {
  readonly at: AddressWords;
  readonly value: number;
  readonly delta: 1 | -1;
}

/**
 * Flattens ranges of one address width.
 * @param ranges - any order, may overlap or repeat; every range must have start ≤ end and one common width
 * @returns disjoint segments sorted by start, covering exactly the union of the inputs
 * @example
 * flattenRanges([{ start: [0], end: [9], value: 1 }, { start: [5], end: [14], value: 2 }])
 * // [{ start: [0], end: [4], values: [1] }, { start: [5], end: [9], values: [1, 2] }, { start: [10], end: [14], values: [2] }]
 */
export function flattenRanges(ranges: readonly ValuedRange[]): FlatSegment[] {
  const boundaries: Boundary[] = [];
  for (const range of ranges) {
    boundaries.push({ at: range.start, value: range.value, delta: 1 });
    const after = nextAddress(range.end);
    if (after !== null) boundaries.push({ at: after, value: range.value, delta: -1 });
  }
  boundaries.sort((a, b) => compareWords(a.at, b.at));

  const active = new Map<number, number>();
  const segments: FlatSegment[] = [];
  let i = 0;
  while (i < boundaries.length) {
    const at = (boundaries[i] as Boundary).at;
    while (i < boundaries.length && compareWords((boundaries[i] as Boundary).at, at) === 0) {
      const { value, delta } = boundaries[i] as Boundary;
      const count = (active.get(value) ?? 0) + delta;
      if (count === 0) active.delete(value);
      else active.set(value, count);
      i += 1;
    }
    if (active.size === 0) continue;
    const next = boundaries[i];
    const end = next === undefined ? at.map(() => 0xffff_ffff) : (previousAddress(next.at) as number[]);
    const values = [...active.keys()].sort((a, b) => a - b);
    const last = segments[segments.length - 1];
    if (last !== undefined && sameValues(last.values, values) && isAdjacent(last.end, at)) {
      segments[segments.length - 1] = { start: last.start, end, values: last.values };
    } else {
      segments.push({ start: at, end, values });
    }
  }
  return segments;
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, k) => v === b[k]);
}

function isAdjacent(end: AddressWords, start: AddressWords): boolean {
  const after = nextAddress(end);
  return after !== null && compareWords(after, start) === 0;
}
