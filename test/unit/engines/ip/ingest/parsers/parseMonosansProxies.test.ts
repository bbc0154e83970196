import { describe, expect, it } from 'vitest';
import { IpIngestError } from '../../../../../../functions/engines/ip/errors.ts';
import { parseMonosansProxies } from '../../../../../../functions/engines/ip/ingest/parsers/parseMonosansProxies.ts';

describe('parseMonosansProxies', () => {
  it('indexes both the listening host and a different exit_ip, per protocol', () => {
    // Prepare
    const text = JSON.stringify([
      { protocol: 'socks4', host: '144.31.222.106', port: 7890, exit_ip: '104.28.230.247' },
      { protocol: 'http', host: '85.8.47.198', port: 7080, exit_ip: '85.8.47.198' },
      { protocol: 'http', host: '85.8.47.198', port: 8080, exit_ip: '85.8.47.198' },
      { protocol: 'http', host: 'example.com', port: 80, exit_ip: null },
    ]);

    // Act
    const parsed = parseMonosansProxies(text, 'proxies.json');

    // Assess
    expect(parsed.entries.map((e) => [e.range.start[0], e.service])).toEqual([
      [0x901fde6a, 'socks4'],
      [0x681ce6f7, 'socks4'],
      [0x55082fc6, 'http'],
    ]);
    expect(parsed.skipped).toBe(1);
  });

  it('throws IpIngestError when the JSON is not an array', () => {
    // Act and Assess
    expect(() => parseMonosansProxies('{}', 'x.json')).toThrow(IpIngestError);
  });
});
