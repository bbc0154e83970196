import { describe, expect, it } from 'vitest';
import { IpIngestError } from '../../../../../../functions/engines/ip/errors.ts';
import { parseTorDnsel } from '../../../../../../functions/engines/ip/ingest/parsers/parseTorDnsel.ts';

describe('parseTorDnsel', () => {
  it('reads exit addresses and takes the newest timestamp as the data date', () => {
    // Prepare
    const text = [
      'ExitNode 0011BD2485AD45D984EC4159C88FC066E5E3300E',
      'Published 2024-02-26 18:16:39',
      'LastStatus 2024-02-27 05:00:00',
      'ExitAddress 162.247.74.201 2024-02-27 05:03:24',
      'ExitNode 0091174DE56EA5E9F07F2CE2A4B5F1B7A5B7B0C2',
      'Published 2024-02-26 20:00:00',
      'LastStatus 2024-02-27 06:00:00',
      'ExitAddress 185.220.101.1 2024-02-27 06:10:00',
      'ExitAddress 162.247.74.201 2024-02-27 04:00:00',
    ].join('\n');

    // Act
    const parsed = parseTorDnsel(text, 'exit-addresses');

    // Assess
    expect(parsed.entries).toHaveLength(2);
    expect(parsed.dataDate).toBe('2024-02-27T06:10:00Z');
  });

  it('throws IpIngestError for text without ExitNode lines', () => {
    // Act and Assess
    expect(() => parseTorDnsel('1.2.3.4\n', 'x')).toThrow(IpIngestError);
  });
});
