import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import { IpDataError } from '../../../../../functions/engines/ip/errors.ts';
import { loadListIndex } from '../../../../../functions/engines/ip/lists/listIndex.ts';
import { repoRoot } from '../paths.ts';

const shippedDir = join(repoRoot, 'data', 'ip');
const scratch = mkdtempSync(join(tmpdir(), 'ip-lists-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('loadListIndex (shipped data/ip)', () => {
  it('loads the shipped snapshot and finds 8.8.8.8 in Google and X4BNet datacenter lists', async () => {
    // Act
    const index = await loadListIndex(shippedDir);
    const address = parseIpAddress('8.8.8.8');
    const labels = index.lookupAddress(address.family, address.words);

    // Assess
    expect(labels.map((l) => l.provider)).toEqual(expect.arrayContaining(['Google', 'X4BNet datacenter networks']));
    expect(index.lookupAsn(15169).map((h) => h.label.category)).toContain('datacenterAsn');
    expect(index.manifest.sources.every((s) => s.redistributable)).toBe(true);
  });

  it('throws IpDataError when lists.bin does not match the manifest sha256', async () => {
    // Prepare
    const dir = join(scratch, 'tampered');
    cpSync(shippedDir, dir, { recursive: true });
    const bin = readFileSync(join(dir, 'lists.bin'));
    bin[bin.length - 1] = (bin[bin.length - 1] as number) ^ 0xff;
    writeFileSync(join(dir, 'lists.bin'), bin);

    // Act
    const act = loadListIndex(dir);

    // Assess
    await expect(act).rejects.toThrow(IpDataError);
    await expect(act).rejects.toThrow(/sha256 .* does not match manifest\.json/);
  });

  it('throws IpDataError naming the file when the snapshot is missing', async () => {
    // Act
    const act = loadListIndex(join(scratch, 'nothing-here'));

    // Assess
    await expect(act).rejects.toThrow(/manifest\.json: cannot be read; rebuild it with `npm run ip:ingest`/);
  });
});
