import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { combinedSha256, sha256Hex } from '../../../../../functions/engines/ip/provenance/combinedSha256.ts';
import { dataDateOfVersion, packageInfoOf } from '../../../../../functions/engines/ip/provenance/packageInfo.ts';
import { defaultIpEngineOptions } from '../../../../../functions/engines/ip/index.ts';
import { repoRoot } from '../paths.ts';

describe('provenance helpers', () => {
  it('decodes the data date of an ip-location-db version', () => {
    // Act and Assess
    expect(dataDateOfVersion('2.3.2026061719')).toBe('2026-06-17T19:00:00Z');
    expect(dataDateOfVersion('1.0.0')).toBeNull();
  });

  it('reads name and version of the package holding a data file', async () => {
    // Act
    const info = await packageInfoOf(defaultIpEngineOptions(repoRoot).asnCsvV4);

    // Assess
    expect(info).toEqual({ name: '@ip-location-db/asn', version: '2.3.2026061719', dataDate: '2026-06-17T19:00:00Z' });
  });

  it('keeps a single file digest and combines several in sha256sum format', () => {
    // Prepare
    const a = sha256Hex(Buffer.from('a'));
    const b = sha256Hex(Buffer.from('b'));

    // Act and Assess
    expect(combinedSha256([{ sha256: a, location: 'a.txt' }])).toBe(a);
    expect(combinedSha256([{ sha256: a, location: 'a.txt' }, { sha256: b, location: 'b.txt' }])).toBe(
      createHash('sha256').update(`${a}  a.txt\n${b}  b.txt\n`).digest('hex'),
    );
  });
});
