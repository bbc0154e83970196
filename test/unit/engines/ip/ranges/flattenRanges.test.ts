import { describe, expect, it } from 'vitest';
import { flattenRanges } from '../../../../../functions/engines/ip/ranges/flattenRanges.ts';

describe('flattenRanges', () => {
  it('splits overlapping ranges into segments with the covering values', () => {
    // Prepare
    const ranges = [
      { start: [0], end: [9], value: 1 },
      { start: [5], end: [14], value: 2 },
    ];

    // Act
    const segments = flattenRanges(ranges);

    // Assess
    expect(segments).toEqual([
      { start: [0], end: [4], values: [1] },
      { start: [5], end: [9], values: [1, 2] },
      { start: [10], end: [14], values: [2] },
    ]);
  });

  it('merges adjacent and duplicate ranges of the same value', () => {
    // Prepare
    const ranges = [
      { start: [10], end: [19], value: 3 },
      { start: [0], end: [9], value: 3 },
      { start: [0], end: [9], value: 3 },
      { start: [30], end: [30], value: 3 },
    ];

    // Act
    const segments = flattenRanges(ranges);

    // Assess
    expect(segments).toEqual([
      { start: [0], end: [19], values: [3] },
      { start: [30], end: [30], values: [3] },
    ]);
  });

  it('handles a nested range and the last address of the space', () => {
    // Prepare
    const all = 0xffffffff;
    const ranges = [
      { start: [0, 0, 0, 0], end: [all, all, all, all], value: 0 },
      { start: [1, 0, 0, 0], end: [1, all, all, all], value: 7 },
    ];

    // Act
    const segments = flattenRanges(ranges);

    // Assess
    expect(segments).toEqual([
      { start: [0, 0, 0, 0], end: [0, all, all, all], values: [0] },
      { start: [1, 0, 0, 0], end: [1, all, all, all], values: [0, 7] },
      { start: [2, 0, 0, 0], end: [all, all, all, all], values: [0] },
    ]);
  });
});
