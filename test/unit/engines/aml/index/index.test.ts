/**
 * Index files: build, serialise, load, and every way a file can be unusable; ingestion with a failing source.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmlError, AmlIndexUnavailableError } from '../../../../../functions/engines/aml/errors.ts';
import { buildIndexFile, serializeIndexFile } from '../../../../../functions/engines/aml/index/buildIndexFile.ts';
import { checkIndexFreshness, indexAgeDays } from '../../../../../functions/engines/aml/index/checkIndexFreshness.ts';
import { compileIndex, rarityWeight } from '../../../../../functions/engines/aml/index/compileIndex.ts';
import { ingestSources } from '../../../../../functions/engines/aml/index/ingestSources.ts';
import { loadAmlIndex } from '../../../../../functions/engines/aml/index/loadAmlIndex.ts';
import type { SourceSpec } from '../../../../../functions/engines/aml/index/officialSources.ts';
import { screen } from '../../../../../functions/engines/aml/matching/screen.ts';
import { entity, indexFile, sourceInfo } from '../factory.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aml-index-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildIndexFile', () => {
  it('throws on duplicate entity ids and on an entity of another source', () => {
    const e = entity(['John Doe']);
    expect(() => buildIndexFile([{ info: sourceInfo(), entities: [e, e] }])).toThrow(AmlError);
    expect(() => buildIndexFile([{ info: sourceInfo('other'), entities: [e] }])).toThrow(/sourceId test/);
  });
  it('stores the tokens of every name', () => {
    const file = indexFile(entity(['AL ZAWAHIRI, Dr. Ayman']));
    expect(file.matching?.vocabulary).toEqual(['al', 'zawahiri', 'ayman']);
    expect(file.matching?.names).toEqual([[0, 1, 2]]);
  });
});

describe('compileIndex', () => {
  it('weighs parts by rarity', () => {
    expect(rarityWeight(3, 20000)).toBe(1);
    expect(rarityWeight(2000, 20000)).toBeCloseTo(0.3029, 4);
    expect(rarityWeight(20000, 20000)).toBe(0.3);
  });
  it('recomputes tokens written by another tokenizer version and rejects an inconsistent matching section', () => {
    const file = indexFile(entity(['John Doe']));
    const old = { ...file, matching: { ...file.matching!, tokenizer: 'old', vocabulary: ['x'], phonetic: [''], names: [[0]] } };
    expect(compileIndex(old).vocabulary.text).toEqual(['john', 'doe']);
    const broken = { ...file, matching: { ...file.matching!, names: [[7]] } };
    expect(() => compileIndex(broken)).toThrow(AmlIndexUnavailableError);
  });
});

describe('loadAmlIndex', () => {
  it('loads a file or a directory and screens with it', async () => {
    await writeFile(join(dir, 'index.json.gz'), serializeIndexFile(indexFile(entity(['Ayman al-Zawahiri']))));
    const index = await loadAmlIndex(dir);
    expect(index.entities).toHaveLength(1);
    expect(screen(index, { fullName: 'Ayman Zawahiri' }).result.totalHits).toBe(1);
    expect((await loadAmlIndex(join(dir, 'index.json.gz'))).entities).toHaveLength(1);
  });
  it('throws missing when there is no file', async () => {
    await expect(loadAmlIndex(join(dir, 'nope'))).rejects.toMatchObject({ name: 'AmlIndexUnavailableError', problem: 'missing' });
  });
  it('throws corrupt for bad gzip, bad JSON, a foreign document and a truncated file', async () => {
    const cases: Array<[string, Uint8Array]> = [
      ['garbage.gz', new Uint8Array([0x1f, 0x8b, 1, 2, 3])],
      ['notjson.json', new TextEncoder().encode('{nope')],
      ['foreign.json.gz', gzipSync('{"format":"other","version":1}')],
      ['truncated.json.gz', serializeIndexFile(indexFile(entity(['John Doe']))).slice(0, 40)],
    ];
    for (const [name, bytes] of cases) {
      await writeFile(join(dir, name), bytes);
      await expect(loadAmlIndex(join(dir, name))).rejects.toMatchObject({ problem: 'corrupt' });
    }
  });
  it('throws stale when the oldest source is older than the allowed age', async () => {
    await expect(loadAmlIndex(dir, { maxAgeDays: 30, now: new Date('2026-03-01T00:00:00Z') })).rejects.toMatchObject({ problem: 'stale' });
    await expect(loadAmlIndex(dir, { maxAgeDays: 60, now: new Date('2026-03-01T00:00:00Z') })).resolves.toBeDefined();
  });
  it('measures age from the oldest source', () => {
    const index = compileIndex(
      buildIndexFile([
        { info: sourceInfo('a', '2026-02-27'), entities: [entity(['A B'], { sourceId: 'a' })] },
        { info: sourceInfo('b', '2025-04-14'), entities: [entity(['C D'], { sourceId: 'b' })] },
      ]),
    );
    expect(indexAgeDays(index, new Date('2026-04-14T00:00:00Z'))).toBe(365);
    expect(() => checkIndexFreshness(index, 100, new Date('2026-04-14T00:00:00Z'))).toThrow(/oldest source b published 2025-04-14/);
  });
});

describe('ingestSources', () => {
  const spec = (id: string, files: string[]): SourceSpec => ({
    id, title: id, publisher: 'p', format: 'ofac_legacy_csv', licence: 'l', url: 'u', files, commercialUse: true,
  });
  const sdn = new TextEncoder().encode('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n');
  const read = async (location: string) => {
    if (location.startsWith('http')) throw new Error('fetch failed');
    return { bytes: sdn, modifiedAt: '2026-01-05T10:00:00.000Z', modifiedBasis: 'file_time' as const };
  };

  it('records checksums and dates, and keeps the previous snapshot of a source that fails', async () => {
    const first = await ingestSources([spec('a', ['sdn.csv']), spec('b', ['sdn.csv'])], { read, published: { a: '2026-01-01' } });
    expect(first.file.sources.map((s) => [s.id, s.publishedAt, s.publishedAtBasis, s.entityCount])).toEqual([
      ['a', '2026-01-01', 'operator', 1],
      ['b', '2026-01-05', 'file_time', 1],
    ]);
    expect(first.file.sources[0]?.files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const lines: string[] = [];
    const second = await ingestSources([spec('a', ['https://example.invalid/sdn.csv']), spec('b', ['sdn.csv']), spec('c', ['https://x'])], {
      read,
      previous: first.file,
      log: (l) => lines.push(l),
    });
    expect(second.reports.map((r) => [r.id, r.status])).toEqual([['a', 'kept'], ['b', 'fresh'], ['c', 'missing']]);
    expect(second.file.sources.find((s) => s.id === 'a')?.publishedAt).toBe('2026-01-01');
    expect(second.file.entities.map((e) => e.id)).toEqual(['a:36', 'b:36']);
    expect(lines.join('\n')).toContain('kept the previous snapshot');
  });
  it('throws when nothing can be read and nothing kept', async () => {
    await expect(ingestSources([spec('a', ['https://x'])], { read })).rejects.toMatchObject({ code: 'aml_ingest_empty' });
  });
});
