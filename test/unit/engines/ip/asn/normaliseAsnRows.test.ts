import { describe, expect, it } from 'vitest';
import { normaliseAsnRows } from '../../../../../functions/engines/ip/asn/normaliseAsnRows.ts';
import type { AsnCsvRows } from '../../../../../functions/engines/ip/asn/parseAsnCsv.ts';

const rows = (list: [number, number, number][]): AsnCsvRows => ({
  width: 1,
  count: list.length,
  starts: Uint32Array.from(list.map((r) => r[0])),
  ends: Uint32Array.from(list.map((r) => r[1])),
  asns: Uint32Array.from(list.map((r) => r[2])),
  orgs: new Map(),
});

const asTriples = (t: { starts: Uint32Array; ends: Uint32Array; values: Uint32Array; count: number }): number[][] =>
  Array.from({ length: t.count }, (_, i) => [t.starts[i] as number, t.ends[i] as number, t.values[i] as number]);

describe('normaliseAsnRows', () => {
  it('returns sorted disjoint rows as they are', () => {
    // Prepare
    const input = rows([[0, 9, 1], [10, 19, 2]]);

    // Act
    const { table, overlappingRows } = normaliseAsnRows(input);

    // Assess
    expect(overlappingRows).toBe(0);
    expect(table.values).toBe(input.asns);
  });

  it('lets the later-starting row win where rows overlap (the 214.95/215.0 case of the 2026-06 CSV)', () => {
    // Prepare: like 214.95.0.0-215.0.255.255 AS749 followed by 215.0.0.0-215.1.3.255 AS721
    const input = rows([[100, 200, 749], [150, 250, 721], [300, 310, 1]]);

    // Act
    const { table, overlappingRows } = normaliseAsnRows(input);

    // Assess
    expect(overlappingRows).toBe(2);
    expect(asTriples(table)).toEqual([[100, 149, 749], [150, 250, 721], [300, 310, 1]]);
  });

  it('keeps the outer row around a nested row', () => {
    // Prepare
    const input = rows([[0, 100, 1], [40, 50, 2]]);

    // Act
    const { table } = normaliseAsnRows(input);

    // Assess
    expect(asTriples(table)).toEqual([[0, 39, 1], [40, 50, 2], [51, 100, 1]]);
  });

  it('sorts unsorted rows and drops inverted ones', () => {
    // Prepare
    const input = rows([[20, 29, 2], [0, 9, 1], [50, 40, 9]]);

    // Act
    const { table } = normaliseAsnRows(input);

    // Assess
    expect(asTriples(table)).toEqual([[0, 9, 1], [20, 29, 2]]);
  });
});
