import { describe, expect, it } from 'vitest';
import { IpIngestError } from '../../../../../../functions/engines/ip/errors.ts';
import { parseOnionooCsv } from '../../../../../../functions/engines/ip/ingest/parsers/parseOnionooCsv.ts';

describe('parseOnionooCsv', () => {
  it('reads IPv4 and IPv6 OR addresses once each', () => {
    // Prepare
    const text = 'fingerprint, ipaddr, port\nAAAA, 204.8.96.141, 444\nAAAA, 2620:7:6003::141, 81\nBBBB, 204.8.96.141, 443\nCCCC, [2001:db8::1], 9001\n';

    // Act
    const parsed = parseOnionooCsv(text, 'latest.exits.csv');

    // Assess
    expect(parsed.entries.map((e) => e.range.start)).toEqual([[0xcc08608d], [0x26200007, 0x60030000, 0, 0x141], [0x20010db8, 0, 0, 1]]);
    expect(parsed.skipped).toBe(0);
  });

  it('throws IpIngestError without the Onionoo header', () => {
    // Act and Assess
    expect(() => parseOnionooCsv('1.2.3.4\n', 'x.csv')).toThrow(IpIngestError);
  });
});
