import { describe, expect, it } from 'vitest';
import { parseAzureServiceTags } from '../../../../../../functions/engines/ip/ingest/parsers/parseAzureServiceTags.ts';

const tag = (name: string, region: string, prefixes: string[]): unknown => ({ name, id: name, properties: { region, platform: 'Azure', systemService: '', addressPrefixes: prefixes } });

describe('parseAzureServiceTags', () => {
  it('reads only the regional AzureCloud tags, with their region', () => {
    // Prepare
    const text = JSON.stringify({
      changeNumber: 363,
      cloud: 'Public',
      values: [tag('ActionGroup', '', ['4.145.74.52/30']), tag('AzureCloud.westeurope', 'westeurope', ['13.69.0.0/17', '2603:1020:200::/46']), tag('AzureCloud', '', ['13.0.0.0/8'])],
    });

    // Act
    const parsed = parseAzureServiceTags(text, 'ServiceTags_Public.json');

    // Assess
    expect(parsed.entries.map((e) => [e.range.family, e.region])).toEqual([
      ['ipv4', 'westeurope'],
      ['ipv6', 'westeurope'],
    ]);
    expect(parsed.version).toBe('changeNumber 363 (Public)');
    expect(parsed.dataDate).toBeNull();
  });

  it('falls back to the global AzureCloud tag when there are no regional tags', () => {
    // Prepare
    const text = JSON.stringify({ changeNumber: 1, cloud: 'Public', values: [tag('AzureCloud', '', ['13.0.0.0/8'])] });

    // Act and Assess
    expect(parseAzureServiceTags(text, 'x.json').entries).toHaveLength(1);
  });
});
