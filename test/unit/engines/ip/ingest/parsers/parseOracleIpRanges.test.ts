import { describe, expect, it } from 'vitest';
import { parseOracleIpRanges } from '../../../../../../functions/engines/ip/ingest/parsers/parseOracleIpRanges.ts';

describe('parseOracleIpRanges', () => {
  it('reads regions, CIDRs and tags', () => {
    // Prepare
    const text = JSON.stringify({
      last_updated_timestamp: '2025-07-21T07:13:25.457838',
      regions: [{ region: 'us-ashburn-1', cidrs: [{ cidr: '129.80.0.0/16', tags: ['OCI'] }, { cidr: '134.70.24.0/21', tags: ['OBJECT_STORAGE', 'OSN'] }] }],
    });

    // Act
    const parsed = parseOracleIpRanges(text, 'public_ip_ranges.json');

    // Assess
    expect(parsed.entries.map((e) => [e.region, e.service])).toEqual([
      ['us-ashburn-1', 'OCI'],
      ['us-ashburn-1', 'OBJECT_STORAGE+OSN'],
    ]);
    expect(parsed.dataDate).toBe('2025-07-21T07:13:25.457Z');
  });
});
