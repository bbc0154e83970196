import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import { IpEngineError, IpIngestError } from '../../../../../functions/engines/ip/errors.ts';
import type { SourceDefinition } from '../../../../../functions/engines/ip/ingest/catalogue.ts';
import type { InputReader } from '../../../../../functions/engines/ip/ingest/readInput.ts';
import { createInputReader } from '../../../../../functions/engines/ip/ingest/readInput.ts';
import { runIngest } from '../../../../../functions/engines/ip/ingest/runIngest.ts';
import { loadListIndex } from '../../../../../functions/engines/ip/lists/listIndex.ts';
import { repoRoot, sharedIpDir } from '../paths.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ip-ingest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const freshDir = (): string => {
  counter += 1;
  const dir = join(scratch, `case-${counter}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** A tiny catalogue: a Tor list, its fallback, and a two-part hosting list. */
const catalogue: SourceDefinition[] = [
  {
    id: 'tor',
    name: 'Test Tor exits',
    url: 'https://example.test/tor',
    licence: 'MIT',
    attribution: '(c) test',
    redistributable: true,
    tier: 'default',
    sourceMd: 'tor/SOURCE.md',
    parts: [{ part: 'exits', format: 'onionoo-csv', category: 'torExit', provider: 'Tor exit (test)', url: 'https://example.test/tor.csv', path: 'tor/exits.csv' }],
  },
  {
    id: 'tor-old',
    name: 'Old Tor list',
    url: 'https://example.test/tor-old',
    licence: 'MIT',
    attribution: '(c) test',
    redistributable: true,
    tier: 'default',
    fallbackFor: ['tor'],
    parts: [{ part: 'exits', format: 'plain', category: 'torExit', provider: 'Tor exit (old)', url: 'https://example.test/tor-old.txt', path: 'tor-old/exits.lst' }],
  },
  {
    id: 'dc',
    name: 'Test datacenters',
    url: 'https://example.test/dc',
    licence: 'CC0-1.0',
    attribution: 'test',
    redistributable: true,
    tier: 'default',
    parts: [
      { part: 'ipv4', format: 'plain', category: 'datacenter', provider: 'DC list', url: 'https://example.test/dc4.txt', path: 'dc/ipv4.txt' },
      { part: 'asn', format: 'asn-list', category: 'datacenterAsn', provider: 'DC ASN list', url: 'https://example.test/dc-asn.txt', path: 'dc/ASN.txt' },
    ],
  },
];

const TOR_CSV = 'fingerprint, ipaddr, port\nAAAA, 198.51.100.7, 443\nAAAA, 2001:db8::7, 443\n';
const SOURCE_MD = '- Origin: GitHub `test/tor`, commit `' + 'a'.repeat(40) + '` (2026-08-22T21:13:34Z, "sync").\n';

function writeInputs(dir: string): void {
  mkdirSync(join(dir, 'tor'), { recursive: true });
  mkdirSync(join(dir, 'tor-old'), { recursive: true });
  mkdirSync(join(dir, 'dc'), { recursive: true });
  writeFileSync(join(dir, 'tor', 'exits.csv'), TOR_CSV);
  writeFileSync(join(dir, 'tor', 'SOURCE.md'), SOURCE_MD);
  writeFileSync(join(dir, 'tor-old', 'exits.lst'), '203.0.113.9\n');
  writeFileSync(join(dir, 'dc', 'ipv4.txt'), '192.0.2.0/24\n198.51.100.0/24\n');
  writeFileSync(join(dir, 'dc', 'ASN.txt'), 'AS64500 # Example hosting\n');
}

const offline: InputReader = async (location) => {
  if (location.startsWith('https://')) throw new IpIngestError(location, 'cannot fetch (getaddrinfo ENOTFOUND)');
  return createInputReader()(location);
};

describe('runIngest (fixture catalogue)', () => {
  it('builds a snapshot from a directory, recording SOURCE.md origin, data date, sha256 and counts', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);

    // Act
    const report = await runIngest({ outDir: out, from: [inputs], read: offline, catalogue, now: () => new Date('2026-11-22T00:00:00Z') });
    const index = await loadListIndex(out);
    const torAddress = parseIpAddress('198.51.100.7');

    // Assess
    expect(report.written).toBe(true);
    expect(report.sources.map((s) => [s.id, s.status])).toEqual([['tor', 'fresh'], ['tor-old', 'unused-fallback'], ['dc', 'fresh']]);
    const tor = index.manifest.sources.find((s) => s.id === 'tor');
    expect(tor).toMatchObject({ status: 'fresh', origin: 'github:test/tor@' + 'a'.repeat(40), dataDate: '2026-08-22T21:13:34.000Z', entries: { ipv4: 1, ipv6: 1, asns: 0 } });
    expect(tor?.inputs[0]).toMatchObject({ part: 'exits', location: 'tor/exits.csv', bytes: TOR_CSV.length });
    expect(index.lookupAddress(torAddress.family, torAddress.words).map((l) => l.category).sort()).toEqual(['datacenter', 'torExit']);
    expect(index.lookupAsn(64500)).toEqual([{ label: { source: 'dc', category: 'datacenterAsn', provider: 'DC ASN list' }, note: 'Example hosting' }]);
    expect(readFileSync(join(out, 'SOURCES.md'), 'utf8')).toContain('(c) test');
  });

  it('keeps the existing snapshot unchanged when no input can be read', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);
    await runIngest({ outDir: out, from: [inputs], read: offline, catalogue });
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    const lines: string[] = [];

    // Act
    const report = await runIngest({ outDir: out, from: [], read: offline, catalogue, log: (line) => lines.push(line) });

    // Assess
    expect(report.written).toBe(false);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
    expect(lines.join('\n')).toMatch(/FAILED: .*ENOTFOUND/);
    expect(lines.join('\n')).toMatch(/existing snapshot .* is kept unchanged/);
  });

  it('refreshes the sources it can read and keeps the others, marked retained', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);
    await runIngest({ outDir: out, from: [inputs], read: offline, catalogue });
    const partlyOnline: InputReader = async (location) => {
      if (location === 'https://example.test/tor.csv') return { bytes: Buffer.from('fingerprint, ipaddr, port\nBBBB, 198.51.100.8, 443\n'), location, lastModified: '2026-11-21T10:00:00.000Z' };
      return offline(location);
    };

    // Act
    const report = await runIngest({ outDir: out, from: [], read: partlyOnline, catalogue });
    const index = await loadListIndex(out);
    const oldExit = parseIpAddress('198.51.100.7');
    const newExit = parseIpAddress('198.51.100.8');

    // Assess
    expect(report.sources.map((s) => [s.id, s.status])).toEqual([['tor', 'fresh'], ['tor-old', 'absent'], ['dc', 'retained']]);
    expect(index.manifest.sources.map((s) => [s.id, s.status, s.dataDate])).toEqual([
      ['tor', 'fresh', '2026-11-21T10:00:00.000Z'],
      ['dc', 'retained', null],
    ]);
    expect(index.lookupAddress(newExit.family, newExit.words).some((l) => l.category === 'torExit')).toBe(true);
    expect(index.lookupAddress(oldExit.family, oldExit.words).map((l) => l.category)).toEqual(['datacenter']);
  });

  it('uses the fallback source only when its primary has no data', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);
    rmSync(join(inputs, 'tor'), { recursive: true });

    // Act
    const report = await runIngest({ outDir: out, from: [inputs], read: offline, catalogue });
    const index = await loadListIndex(out);

    // Assess
    expect(report.sources.map((s) => [s.id, s.status])).toEqual([['tor', 'absent'], ['tor-old', 'fresh'], ['dc', 'fresh']]);
    expect(index.meta.labels.map((l) => l.provider)).toContain('Tor exit (old)');
  });

  it('drops a source on request', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);
    await runIngest({ outDir: out, from: [inputs], read: offline, catalogue });

    // Act
    const report = await runIngest({ outDir: out, from: [], drop: ['dc'], read: offline, catalogue });
    const index = await loadListIndex(out);

    // Assess
    expect(report.written).toBe(true);
    expect(index.manifest.sources.map((s) => s.id)).toEqual(['tor']);
  });

  it('binds an explicit source=file input and recognises a bare file by its format', async () => {
    // Prepare
    const inputs = freshDir();
    const out = freshDir();
    writeInputs(inputs);
    const bare = join(inputs, 'renamed.csv');
    writeFileSync(bare, TOR_CSV);

    // Act
    const report = await runIngest({ outDir: out, from: [bare, `dc/ipv4=${join(inputs, 'dc', 'ipv4.txt')}`, `dc/asn=${join(inputs, 'dc', 'ASN.txt')}`], read: offline, catalogue });

    // Assess
    expect(report.sources.filter((s) => s.status === 'fresh').map((s) => s.id)).toEqual(['tor', 'dc']);
  });

  it('throws when nothing can be read and there is no snapshot to keep', async () => {
    // Act
    const act = runIngest({ outDir: freshDir(), from: [], read: offline, catalogue });

    // Assess
    await expect(act).rejects.toThrow(IpEngineError);
    await expect(act).rejects.toThrow(/nothing written/);
  });

  it('throws IpIngestError for an unknown source or an unrecognisable bare file', async () => {
    // Prepare
    const inputs = freshDir();
    writeInputs(inputs);

    // Act and Assess
    await expect(runIngest({ outDir: freshDir(), from: ['nope=x.txt'], read: offline, catalogue })).rejects.toThrow(/unknown source nope/);
    await expect(runIngest({ outDir: freshDir(), from: [join(inputs, 'dc', 'ipv4.txt')], read: offline, catalogue })).rejects.toThrow(/cannot tell which source/);
    await expect(runIngest({ outDir: freshDir(), from: [`dc=${join(inputs, 'dc', 'ipv4.txt')}`], read: offline, catalogue })).rejects.toThrow(/several parts/);
  });
});

describe('runIngest (real catalogue and ../shared/data/ip)', () => {
  it('rebuilds the shipped data/ip byte for byte from the shared snapshots it was built from', async () => {
    // Prepare
    const out = freshDir();
    const shipped = await loadListIndex(join(repoRoot, 'data', 'ip'));

    // Act
    const report = await runIngest({ outDir: out, from: [sharedIpDir], read: offline });
    const built = await loadListIndex(out);

    // Assess
    expect(report.sources.filter((s) => s.status === 'fresh').map((s) => s.id)).toEqual(['tor-onionoo', 'x4bnet', 'aws', 'lord-alfred', 'monosans']);
    expect(built.manifest.sources.find((s) => s.id === 'tor-onionoo')?.entries).toEqual({ ipv4: 1363, ipv6: 914, asns: 0 });
    expect(built.manifest.sources.find((s) => s.id === 'aws')?.entries).toEqual({ ipv4: 10668, ipv6: 6160, asns: 0 });
    // After a refresh from the official URLs the shipped inputs differ from the shared ones; the build must then
    // differ too, so byte equality is required exactly when every input digest is the same.
    const digests = (index: typeof built): string => JSON.stringify(index.manifest.sources.map((s) => [s.id, s.inputs.map((i) => i.sha256)]));
    const sameInputs = digests(built) === digests(shipped);
    for (const file of ['lists.bin', 'index.json']) {
      expect(readFileSync(join(out, file)).equals(readFileSync(join(repoRoot, 'data', 'ip', file)))).toBe(sameInputs);
    }
  });

  it('keeps a copy of the shipped snapshot when every official URL fails', async () => {
    // Prepare
    const out = freshDir();
    cpSync(join(repoRoot, 'data', 'ip'), out, { recursive: true });
    const lines: string[] = [];

    // Act
    const report = await runIngest({ outDir: out, from: [], read: offline, log: (line) => lines.push(line) });

    // Assess
    expect(report.written).toBe(false);
    expect(report.sources.filter((s) => s.status === 'retained').map((s) => s.id)).toEqual(['tor-onionoo', 'x4bnet', 'aws', 'lord-alfred', 'monosans']);
    expect(lines.some((line) => line.includes('https://check.torproject.org/exit-addresses'))).toBe(true);
  });
});
