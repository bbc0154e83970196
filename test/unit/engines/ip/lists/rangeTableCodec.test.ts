import { describe, expect, it } from 'vitest';
import { decodeRangeTables, encodeRangeTables } from '../../../../../functions/engines/ip/lists/rangeTableCodec.ts';
import { rangeTableFrom } from '../../../../../functions/engines/ip/ranges/rangeTable.ts';

describe('range table codec', () => {
  it('round-trips IPv4 and IPv6 tables', () => {
    // Prepare
    const v4 = rangeTableFrom(1, [
      { start: [1], end: [2], value: 0 },
      { start: [0xfffffff0], end: [0xffffffff], value: 3 },
    ]);
    const v6 = rangeTableFrom(4, [{ start: [0x20010db8, 0, 0, 0], end: [0x20010db8, 0xffffffff, 0xffffffff, 0xffffffff], value: 1 }]);

    // Act
    const decoded = decodeRangeTables(encodeRangeTables(v4, v6));

    // Assess
    if (typeof decoded === 'string') throw new Error(decoded);
    expect(Array.from(decoded.v4.starts)).toEqual([1, 0xfffffff0]);
    expect(Array.from(decoded.v4.values)).toEqual([0, 3]);
    expect(Array.from(decoded.v6.ends)).toEqual([0x20010db8, 0xffffffff, 0xffffffff, 0xffffffff]);
    expect(decoded.v6.count).toBe(1);
  });

  it('decodes from an unaligned buffer', () => {
    // Prepare
    const encoded = encodeRangeTables(rangeTableFrom(1, [{ start: [7], end: [9], value: 2 }]), rangeTableFrom(4, []));
    const shifted = new Uint8Array(encoded.length + 1).subarray(1);
    shifted.set(encoded);

    // Act
    const decoded = decodeRangeTables(shifted);

    // Assess
    if (typeof decoded === 'string') throw new Error(decoded);
    expect(Array.from(decoded.v4.ends)).toEqual([9]);
  });

  it('names the problem of a corrupt file', () => {
    // Prepare
    const encoded = encodeRangeTables(rangeTableFrom(1, [{ start: [7], end: [9], value: 2 }]), rangeTableFrom(4, []));

    // Act and Assess
    expect(decodeRangeTables(encoded.subarray(0, 10))).toBe('too short');
    expect(decodeRangeTables(Buffer.concat([Buffer.from('NOTMAGIC'), encoded.subarray(8)]))).toMatch(/bad magic/);
    expect(decodeRangeTables(encoded.subarray(0, encoded.length - 4))).toMatch(/expected/);
  });
});
