import { describe, expect, it } from 'vitest';
import { parseGcpCloudJson } from '../../../../../../functions/engines/ip/ingest/parsers/parseGcpCloudJson.ts';

describe('parseGcpCloudJson', () => {
  it('reads cloud.json prefixes with scope as region', () => {
    // Prepare
    const text = JSON.stringify({
      syncToken: '1753409788780',
      creationTime: '2025-07-24T19:16:28.780563',
      prefixes: [{ ipv4Prefix: '34.1.208.0/20', service: 'Google Cloud', scope: 'africa-south1' }, { ipv6Prefix: '2600:1900:8000::/44', service: 'Google Cloud', scope: 'africa-south1' }, { ipv4Prefix: '8.8.4.0/24' }],
    });

    // Act
    const parsed = parseGcpCloudJson(text, 'cloud.json');

    // Assess
    expect(parsed.entries.map((e) => [e.range.family, e.region, e.service])).toEqual([
      ['ipv4', 'africa-south1', 'Google Cloud'],
      ['ipv6', 'africa-south1', 'Google Cloud'],
      ['ipv4', undefined, undefined],
    ]);
    expect(parsed.dataDate).toBe('2025-07-24T19:16:28.780Z');
  });
});
