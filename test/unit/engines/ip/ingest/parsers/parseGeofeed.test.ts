import { describe, expect, it } from 'vitest';
import { parseGeofeed } from '../../../../../../functions/engines/ip/ingest/parsers/parseGeofeed.ts';

describe('parseGeofeed', () => {
  it('reads RFC 8805 rows with the region code (or country) and a Last modified comment', () => {
    // Prepare
    const text = [
      '# This file contains a self-published geofeed as defined in https://datatracker.ietf.org/doc/html/rfc8805',
      '# Last modified: 2025-07-24 10:00:06.525037',
      '# ip_prefix, alpha2code, region, city, postal_code',
      '2600:3c00::/32,US,US-TX,Richardson,',
      '5.101.96.0/21,NL,,Amsterdam,1098 XH',
      'garbage,,,,',
    ].join('\n');

    // Act
    const parsed = parseGeofeed(text, 'linode.txt');

    // Assess
    expect(parsed.entries.map((e) => [e.range.family, e.region])).toEqual([
      ['ipv6', 'US-TX'],
      ['ipv4', 'NL'],
    ]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.dataDate).toBe('2025-07-24T10:00:06.000Z');
  });
});
