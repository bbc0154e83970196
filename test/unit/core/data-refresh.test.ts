import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { refreshAmlIndex, refreshIpLists } from '../../../functions/core/data-refresh.ts';
import { DATA_KEYS } from '../../../functions/core/store/data-bucket.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const UN_XML = path.resolve(ROOT, '..', 'shared', 'data', 'sanctions', 'un_sc_consolidated', 'consolidated.xml');
const s3Mock = mockClient(S3Client);
// The IP ingestion itself is tested in test/unit/engines/ip; here it only has to report a written snapshot.
vi.mock('../../../functions/engines/ip/ingest/runIngest.ts', () => ({
  runIngest: vi.fn(async () => ({ written: true, sources: [{ id: 'tor-onionoo', status: 'fresh' }] })),
}));
const noSuchKey = Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });

afterEach(() => {
  s3Mock.reset();
  vi.unstubAllGlobals();
});

describe('refreshAmlIndex (scheduled refresh into the data bucket)', () => {
  const opts = () => ({ s3: new S3Client({ region: 'us-east-1' }), bucket: 'data', fallbackIndexPath: path.join(ROOT, 'data', 'aml', 'index.json.gz'), timeoutMs: 1000, log: () => undefined });

  it('writes nothing when no official source can be reached', async () => {
    s3Mock.on(GetObjectCommand).rejects(noSuchKey);
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('fetch failed'); }));
    const out = await refreshAmlIndex(opts());
    expect(out.written).toBe(false);
    expect(out.sources.every((s) => s.status !== 'fresh')).toBe(true);
    expect(s3Mock.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it('rebuilds from the reachable source, keeps the others from the shipped index, and uploads the index', async () => {
    s3Mock.on(GetObjectCommand).rejects(noSuchKey);
    s3Mock.on(PutObjectCommand).resolves({});
    const un = readFileSync(UN_XML);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (String(url).includes('scsanctions.un.org')) return new Response(un, { status: 200 });
      throw new TypeError('fetch failed');
    }));
    const out = await refreshAmlIndex(opts());
    expect(out.written).toBe(true);
    expect(out.sources.find((s) => s.id === 'un_sc')?.status).toBe('fresh');
    expect(out.sources.find((s) => s.id === 'us_ofac_sdn')?.status).toBe('kept');
    const keys = s3Mock.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key);
    expect(keys).toEqual([DATA_KEYS.amlIndex, DATA_KEYS.amlSources]);
  });
});

describe('refreshIpLists (scheduled refresh of the IP lists)', () => {
  it('uploads the snapshot under ip/ with manifest.json last, so that a reader seeing the new manifest finds its files', async () => {
    s3Mock.on(PutObjectCommand).resolves({});
    const workDir = mkdtempSync(path.join(tmpdir(), 'ip-refresh-'));
    try {
      const out = await refreshIpLists({
        s3: new S3Client({ region: 'us-east-1' }),
        bucket: 'data',
        currentDir: path.join(ROOT, 'data', 'ip'),
        workDir,
        timeoutMs: 1000,
        log: () => undefined,
      });
      expect(out.written).toBe(true);
      const keys = s3Mock.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key);
      expect([...keys].sort()).toEqual(['ip/SOURCES.md', 'ip/index.json', 'ip/lists.bin', 'ip/manifest.json']);
      expect(keys.at(-1)).toBe('ip/manifest.json');
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
