import { describe, expect, it } from 'vitest';
import { findRange, findRangeTableViolation, rangeTableFrom } from '../../../../../functions/engines/ip/ranges/rangeTable.ts';

describe('range table', () => {
  it('finds the range containing an address, or -1 in gaps and outside', () => {
    // Prepare
    const table = rangeTableFrom(1, [
      { start: [10], end: [19], value: 100 },
      { start: [30], end: [30], value: 200 },
    ]);

    // Act
    const found = [9, 10, 15, 19, 20, 30, 31].map((q) => findRange(table, [q]));

    // Assess
    expect(found).toEqual([-1, 0, 0, 0, -1, 1, -1]);
  });

  it('compares all four words of IPv6 bounds', () => {
    // Prepare
    const table = rangeTableFrom(4, [
      { start: [1, 0, 0, 0], end: [1, 0, 0, 0xff], value: 1 },
      { start: [1, 0, 1, 0], end: [1, 0, 1, 0], value: 2 },
    ]);

    // Act and Assess
    expect(findRange(table, [1, 0, 0, 0x80])).toBe(0);
    expect(findRange(table, [1, 0, 0, 0x100])).toBe(-1);
    expect(findRange(table, [1, 0, 1, 0])).toBe(1);
    expect(findRange(table, [0, 0xffffffff, 0, 0])).toBe(-1);
  });

  it('reports the first overlapping or inverted range', () => {
    // Prepare
    const overlapping = rangeTableFrom(1, [
      { start: [0], end: [10], value: 0 },
      { start: [10], end: [20], value: 0 },
    ]);
    const inverted = rangeTableFrom(1, [{ start: [5], end: [4], value: 0 }]);
    const fine = rangeTableFrom(1, [
      { start: [0], end: [9], value: 0 },
      { start: [10], end: [20], value: 0 },
    ]);

    // Act and Assess
    expect(findRangeTableViolation(overlapping)).toBe(1);
    expect(findRangeTableViolation(inverted)).toBe(0);
    expect(findRangeTableViolation(fine)).toBe(-1);
  });
});
