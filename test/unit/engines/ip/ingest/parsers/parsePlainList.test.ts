import { describe, expect, it } from 'vitest';
import { parsePlainList } from '../../../../../../functions/engines/ip/ingest/parsers/parsePlainList.ts';

describe('parsePlainList', () => {
  it('reads addresses and CIDRs, skips comments, counts bad lines', () => {
    // Prepare
    const text = '# Manually added netblocks\n10.0.0.0/8\n\n2001:db8::/32 ; SBL123\n192.0.2.1 # one host\nnot-an-ip\n1.2.3.4:8080\n';

    // Act
    const parsed = parsePlainList(text, 'fixture.txt');

    // Assess
    expect(parsed.entries.map((e) => e.range)).toEqual([
      { family: 'ipv4', start: [0x0a000000], end: [0x0affffff] },
      { family: 'ipv6', start: [0x20010db8, 0, 0, 0], end: [0x20010db8, 0xffffffff, 0xffffffff, 0xffffffff] },
      { family: 'ipv4', start: [0xc0000201], end: [0xc0000201] },
    ]);
    expect(parsed.skipped).toBe(2);
    expect(parsed.dataDate).toBeNull();
  });
});
