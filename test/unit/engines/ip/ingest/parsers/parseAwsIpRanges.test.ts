import { describe, expect, it } from 'vitest';
import { IpIngestError } from '../../../../../../functions/engines/ip/errors.ts';
import { parseAwsIpRanges } from '../../../../../../functions/engines/ip/ingest/parsers/parseAwsIpRanges.ts';

describe('parseAwsIpRanges', () => {
  it('reads IPv4 and IPv6 prefixes with region and service, createDate and syncToken', () => {
    // Prepare
    const text = JSON.stringify({
      syncToken: '1787411825',
      createDate: '2026-08-22-15-17-05',
      prefixes: [{ ip_prefix: '3.4.12.4/32', region: 'eu-west-1', service: 'AMAZON', network_border_group: 'eu-west-1' }, { ip_prefix: 'bad' }],
      ipv6_prefixes: [{ ipv6_prefix: '2406:daba:f000::/40', region: 'ap-southeast-4', service: 'EC2', network_border_group: 'ap-southeast-4' }],
    });

    // Act
    const parsed = parseAwsIpRanges(text, 'ip-ranges.json');

    // Assess
    expect(parsed.entries.map((e) => [e.range.family, e.region, e.service])).toEqual([
      ['ipv4', 'eu-west-1', 'AMAZON'],
      ['ipv6', 'ap-southeast-4', 'EC2'],
    ]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.dataDate).toBe('2026-08-22T15:17:05.000Z');
    expect(parsed.version).toBe('syncToken 1787411825');
  });

  it('throws IpIngestError for JSON of another shape or non-JSON', () => {
    // Act and Assess
    expect(() => parseAwsIpRanges('{"values":[]}', 'x.json')).toThrow(IpIngestError);
    expect(() => parseAwsIpRanges('not json', 'x.json')).toThrow(/not JSON/);
  });
});
