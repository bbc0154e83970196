import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import { loadAsnTable, lookupAsn } from '../../../../../functions/engines/ip/asn/asnTable.ts';
import { IpDataError } from '../../../../../functions/engines/ip/errors.ts';
import { defaultIpEngineOptions } from '../../../../../functions/engines/ip/index.ts';
import { findRangeTableViolation } from '../../../../../functions/engines/ip/ranges/rangeTable.ts';
import { repoRoot } from '../paths.ts';

const options = defaultIpEngineOptions(repoRoot);
const cacheDir = mkdtempSync(join(tmpdir(), 'asn-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('ASN table (real @ip-location-db/asn data)', () => {
  it('loads all 411,961 IPv4 rows into a sorted disjoint table and finds AS15169 for 8.8.8.8', async () => {
    // Act
    const { table, sha256 } = await loadAsnTable(options.asnCsvV4, 1);

    // Assess
    expect(table.rows).toBe(411_961);
    expect(findRangeTableViolation(table.ranges)).toBe(-1);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(lookupAsn(table, parseIpAddress('8.8.8.8').words)).toEqual({ asn: 15169, org: 'Google LLC' });
    expect(lookupAsn(table, parseIpAddress('215.0.1.1').words)?.asn).toBe(721);
  });

  it('loads all 103,197 IPv6 rows and finds AS15169 for 2001:4860:4860::8888', async () => {
    // Act
    const { table } = await loadAsnTable(options.asnCsvV6, 4);

    // Assess
    expect(table.rows).toBe(103_197);
    expect(findRangeTableViolation(table.ranges)).toBe(-1);
    expect(lookupAsn(table, parseIpAddress('2001:4860:4860::8888').words)).toEqual({ asn: 15169, org: 'Google LLC' });
  });

  it('writes a binary cache on the first load and reads the same table from it on the next', async () => {
    // Act
    const first = await loadAsnTable(options.asnCsvV6, 4, cacheDir);
    const second = await loadAsnTable(options.asnCsvV6, 4, cacheDir);

    // Assess
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(readdirSync(cacheDir)).toEqual([`asn-${first.sha256}.bin`]);
    expect(Array.from(second.table.ranges.starts)).toEqual(Array.from(first.table.ranges.starts));
    expect(Array.from(second.table.ranges.values)).toEqual(Array.from(first.table.ranges.values));
    expect(second.table.orgs.get(15169)).toBe('Google LLC');
  });

  it('throws IpDataError naming the file when the CSV is missing', async () => {
    // Act
    const act = loadAsnTable(join(cacheDir, 'missing.csv'), 1);

    // Assess
    await expect(act).rejects.toThrow(IpDataError);
    await expect(act).rejects.toThrow(/missing\.csv/);
  });
});
