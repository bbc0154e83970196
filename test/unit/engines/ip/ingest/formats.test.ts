import { describe, expect, it } from 'vitest';
import { sniffFormat } from '../../../../../functions/engines/ip/ingest/formats.ts';

describe('sniffFormat', () => {
  it.each([
    ['{"syncToken":"1","createDate":"2026-08-22-15-17-05","prefixes":[]}', 'aws-ip-ranges'],
    ['{"syncToken":"1","creationTime":"2025-07-24T19:16:28","prefixes":[]}', 'gcp-json'],
    ['{"changeNumber":363,"cloud":"Public","values":[]}', 'azure-service-tags'],
    ['{"last_updated_timestamp":"x","regions":[]}', 'oracle-ip-ranges'],
    ['{"addresses":[],"ipv6_addresses":[]}', 'fastly-json'],
    ['[{"protocol":"http","host":"1.2.3.4","exit_ip":"1.2.3.4"}]', 'monosans-json'],
    ['fingerprint, ipaddr, port\nAAAA, 1.2.3.4, 443\n', 'onionoo-csv'],
    ['ExitNode AAAA\nExitAddress 1.2.3.4 2024-02-27 05:03:24\n', 'tordnsel'],
    ['10.0.0.0/8\n', null],
    ['AS3223 # x\n', null],
    ['{"unknown":true}', null],
  ])('recognises %j as %j', (text, format) => {
    // Act and Assess
    expect(sniffFormat(text)).toBe(format);
  });
});
