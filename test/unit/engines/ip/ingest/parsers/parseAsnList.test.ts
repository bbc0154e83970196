import { describe, expect, it } from 'vitest';
import { parseAsnList } from '../../../../../../functions/engines/ip/ingest/parsers/parseAsnList.ts';

describe('parseAsnList', () => {
  it('reads "ASnnnn # comment" lines', () => {
    // Prepare
    const text = '# header\nAS3223 # VOXILITY, RO\nas9009 #M247, GB (NordVPN)\n64500\nASX1\n';

    // Act
    const parsed = parseAsnList(text, 'ASN.txt');

    // Assess
    expect(parsed.asns).toEqual([
      { asn: 3223, note: 'VOXILITY, RO' },
      { asn: 9009, note: 'M247, GB (NordVPN)' },
      { asn: 64500, note: '' },
    ]);
    expect(parsed.skipped).toBe(1);
  });
});
