import { describe, expect, it } from 'vitest';
import { openCityDb } from '../../../../../functions/engines/ip/geo/cityDb.ts';
import { IpDataError } from '../../../../../functions/engines/ip/errors.ts';
import { defaultIpEngineOptions } from '../../../../../functions/engines/ip/index.ts';
import { repoRoot } from '../paths.ts';

const options = defaultIpEngineOptions(repoRoot);

describe('openCityDb (real DB-IP City Lite)', () => {
  it('reads the flattened ip-location-db schema from the file of the address family', async () => {
    // Prepare
    const db = await openCityDb(options.cityDbV4, options.cityDbV6);

    // Act
    const v4 = db.lookup('8.8.8.8', 'ipv4');
    const v6 = db.lookup('2a00:1450:4001::1', 'ipv6');

    // Assess
    expect(v4).toMatchObject({ countryCode: 'US', region: 'California', city: 'Mountain View' });
    expect(v6?.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(db.files.ipv4.databaseType).toBe('city ipv4');
    expect(db.files.ipv4.buildEpoch.getUTCFullYear()).toBeGreaterThanOrEqual(2026);
  });

  it('throws IpDataError when a file is not an mmdb', async () => {
    // Act
    const act = openCityDb(options.asnCsvV4, options.cityDbV6);

    // Assess
    await expect(act).rejects.toThrow(IpDataError);
  });
});
