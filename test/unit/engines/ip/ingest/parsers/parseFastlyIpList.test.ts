import { describe, expect, it } from 'vitest';
import { parseFastlyIpList } from '../../../../../../functions/engines/ip/ingest/parsers/parseFastlyIpList.ts';

describe('parseFastlyIpList', () => {
  it('reads IPv4 and IPv6 addresses', () => {
    // Act
    const parsed = parseFastlyIpList(JSON.stringify({ addresses: ['23.235.32.0/20'], ipv6_addresses: ['2a04:4e40::/32'] }), 'fastly.json');

    // Assess
    expect(parsed.entries.map((e) => e.range.family)).toEqual(['ipv4', 'ipv6']);
  });
});
