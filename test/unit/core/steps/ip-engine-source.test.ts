import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client, type GetObjectCommandInput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IP_SNAPSHOT_KEYS, IpDataOrigin, IpEngineSource, type IpSourceWarn } from '../../../../functions/core/steps/ip-engine-source.ts';
import { defaultIpEngineOptions, loadIpEngine, type IpEngine, type IpEngineOptions } from '../../../../functions/engines/ip/index.ts';
import { getIpEngine } from '../../../../functions/core/steps/ip-analysis.ts';
import { ConfigSchema } from '../../../../functions/core/config.ts';

/**
 * The IP step's data on AWS (issue 8, item 5): the data bucket's refreshed list snapshot is downloaded to /tmp,
 * verified and preferred; absent or broken -> the layer's; the ETag is re-checked at most every `recheckMs`.
 * S3 is aws-sdk-client-mock; the "layer" is the repository's data/ip.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const LAYER = defaultIpEngineOptions(ROOT);
const SNAPSHOT = {
  [IP_SNAPSHOT_KEYS.manifest]: readFileSync(path.join(LAYER.listsDir, 'manifest.json')),
  [IP_SNAPSHOT_KEYS.index]: readFileSync(path.join(LAYER.listsDir, 'index.json')),
  [IP_SNAPSHOT_KEYS.ranges]: readFileSync(path.join(LAYER.listsDir, 'lists.bin')),
  [IP_SNAPSHOT_KEYS.sourcesDoc]: readFileSync(path.join(LAYER.listsDir, 'SOURCES.md')),
};
const RECHECK_MS = 15 * 60_000;

const s3Mock = mockClient(S3Client);
const noSuchKey = () => Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
const notFound = () => Object.assign(new Error('UnknownError'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });

/** Serves `objects` from the mocked bucket, each with `etag` (HeadObject and GetObject). */
function serveBucket(objects: Record<string, Buffer>, etag = '"e1"'): void {
  s3Mock.reset();
  s3Mock.on(GetObjectCommand).callsFake(async (input: GetObjectCommandInput) => {
    const bytes = objects[input.Key!];
    if (!bytes) throw noSuchKey();
    return { ETag: etag, ContentLength: bytes.length, Body: { transformToByteArray: async () => new Uint8Array(bytes) } };
  });
  s3Mock.on(HeadObjectCommand).callsFake(async (input: { Key: string }) => {
    if (!objects[input.Key]) throw notFound();
    return { ETag: etag };
  });
}

let tmp: string;
let clock: number;
let warn: ReturnType<typeof vi.fn<IpSourceWarn>>;
/** A stand-in engine per load, recording the list directory it was given (the real one loads 180 MB). */
let load: ReturnType<typeof vi.fn<(opts: IpEngineOptions) => Promise<IpEngine>>>;

const source = (overrides: Partial<ConstructorParameters<typeof IpEngineSource>[0]> = {}) =>
  new IpEngineSource({
    s3: new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
    bucket: 'data-bucket',
    layer: LAYER,
    recheckMs: RECHECK_MS,
    tmpDir: tmp,
    load,
    now: () => clock,
    warn,
    ...overrides,
  });

beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'ip-source-'));
  clock = 1_000_000;
  warn = vi.fn<IpSourceWarn>();
  load = vi.fn(async (opts: IpEngineOptions) => ({ listsDir: opts.listsDir }) as unknown as IpEngine);
});
afterEach(() => {
  s3Mock.reset();
  rmSync(tmp, { recursive: true, force: true });
});
afterAll(() => s3Mock.restore());

describe('IpEngineSource', () => {
  it('uses a fresh bucket copy: downloads it under tmpDir, verifies it and loads the engine from it', async () => {
    // Prepare
    serveBucket(SNAPSHOT);
    // Act
    const loaded = await source().current();
    // Assess
    expect(loaded.origin).toBe(IpDataOrigin.Bucket);
    expect(loaded.etag).toBe('"e1"');
    expect(loaded.listsDir.startsWith(path.join(tmp, 'ip-data'))).toBe(true);
    for (const name of ['manifest.json', 'index.json', 'lists.bin', 'SOURCES.md']) {
      expect(readFileSync(path.join(loaded.listsDir, name)).equals(readFileSync(path.join(LAYER.listsDir, name))), name).toBe(true);
    }
    // Only the lists come from the bucket; the databases stay the layer's.
    expect(load).toHaveBeenCalledExactlyOnceWith({ ...LAYER, listsDir: loaded.listsDir });
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the layer when the bucket has no snapshot, with a warning naming the reason', async () => {
    serveBucket({});
    const loaded = await source().current();
    expect(loaded).toMatchObject({ origin: IpDataOrigin.Layer, etag: null, listsDir: LAYER.listsDir });
    expect(load).toHaveBeenCalledExactlyOnceWith(LAYER);
    expect(warn).toHaveBeenCalledExactlyOnceWith(expect.any(String), { key: IP_SNAPSHOT_KEYS.manifest, reason: expect.stringMatching(/no snapshot/), using: IpDataOrigin.Layer });
  });

  it('falls back to the layer when a data file does not match the manifest (sha256), naming the key', async () => {
    const corrupt = Buffer.from(SNAPSHOT[IP_SNAPSHOT_KEYS.ranges]);
    corrupt[100] = corrupt[100]! ^ 0xff;
    serveBucket({ ...SNAPSHOT, [IP_SNAPSHOT_KEYS.ranges]: corrupt });
    const loaded = await source().current();
    expect(loaded.origin).toBe(IpDataOrigin.Layer);
    expect(load).toHaveBeenCalledExactlyOnceWith(LAYER);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![1]).toMatchObject({ key: IP_SNAPSHOT_KEYS.ranges, reason: expect.stringMatching(/sha256/), using: IpDataOrigin.Layer });
    // Nothing of the refused copy stays in /tmp.
    expect(readdirSync(path.join(tmp, 'ip-data'))).toEqual([]);
  });

  it('falls back to the layer when the manifest is not one, when a listed file is missing, or S3 refuses', async () => {
    const cases: Array<[string, () => void, RegExp]> = [
      ['manifest not JSON', () => serveBucket({ ...SNAPSHOT, [IP_SNAPSHOT_KEYS.manifest]: Buffer.from('<html>') }), /not JSON/],
      ['index.json missing', () => serveBucket({ [IP_SNAPSHOT_KEYS.manifest]: SNAPSHOT[IP_SNAPSHOT_KEYS.manifest], [IP_SNAPSHOT_KEYS.ranges]: SNAPSHOT[IP_SNAPSHOT_KEYS.ranges] }), /missing/],
      ['access denied', () => s3Mock.on(GetObjectCommand).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' })), /AccessDenied/],
    ];
    for (const [name, prepare, reason] of cases) {
      s3Mock.reset();
      warn.mockClear();
      prepare();
      const loaded = await source().current();
      expect(loaded.origin, name).toBe(IpDataOrigin.Layer);
      expect(warn.mock.calls[0]?.[1].reason, name).toMatch(reason);
    }
  });

  it('falls back to the layer when the engine itself refuses the bucket copy', async () => {
    serveBucket(SNAPSHOT);
    load.mockImplementationOnce(async () => {
      throw new Error('mmdb unreadable');
    });
    const loaded = await source().current();
    expect(loaded.origin).toBe(IpDataOrigin.Layer);
    expect(load).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![1].reason).toMatch(/refused/);
    expect(readdirSync(path.join(tmp, 'ip-data'))).toEqual([]);
  });

  it('does not ask S3 again within recheckMs, and does not re-download when the ETag is unchanged', async () => {
    serveBucket(SNAPSHOT);
    const ips = source();
    const first = await ips.current();
    const gets = s3Mock.commandCalls(GetObjectCommand).length;
    // Within the interval: no S3 call at all.
    clock += RECHECK_MS - 1;
    expect(await ips.current()).toMatchObject({ engine: first.engine });
    expect(s3Mock.commandCalls(HeadObjectCommand)).toHaveLength(0);
    // After it: one HeadObject, same ETag -> nothing downloaded, nothing reloaded.
    clock += 1;
    expect((await ips.current()).engine).toBe(first.engine);
    expect(s3Mock.commandCalls(HeadObjectCommand)).toHaveLength(1);
    expect(s3Mock.commandCalls(HeadObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'data-bucket', Key: IP_SNAPSHOT_KEYS.manifest });
    expect(s3Mock.commandCalls(GetObjectCommand)).toHaveLength(gets);
    expect(load).toHaveBeenCalledOnce();
    // The check restarts the interval.
    clock += RECHECK_MS - 1;
    await ips.current();
    expect(s3Mock.commandCalls(HeadObjectCommand)).toHaveLength(1);
  });

  it('swaps in a changed snapshot after recheckMs and removes the previous copy', async () => {
    serveBucket(SNAPSHOT, '"e1"');
    const ips = source();
    const first = await ips.current();
    serveBucket(SNAPSHOT, '"e2"');
    clock += RECHECK_MS;
    const second = await ips.current();
    expect(warn.mock.calls).toEqual([]);
    expect(second).toMatchObject({ origin: IpDataOrigin.Bucket, etag: '"e2"' });
    expect(second.engine).not.toBe(first.engine);
    expect(existsSync(first.listsDir)).toBe(false);
    expect(existsSync(path.join(second.listsDir, 'lists.bin'))).toBe(true);
  });

  it('keeps the engine in use when a re-check finds a broken copy, and tries it again at the next one', async () => {
    serveBucket(SNAPSHOT, '"e1"');
    const ips = source();
    const first = await ips.current();
    serveBucket({ ...SNAPSHOT, [IP_SNAPSHOT_KEYS.index]: Buffer.from('{}') }, '"e2"');
    clock += RECHECK_MS;
    expect((await ips.current()).engine).toBe(first.engine);
    expect(warn.mock.calls[0]![1]).toMatchObject({ key: IP_SNAPSHOT_KEYS.index, using: IpDataOrigin.Bucket });
    serveBucket(SNAPSHOT, '"e2"');
    clock += RECHECK_MS;
    expect(await ips.current()).toMatchObject({ etag: '"e2"', origin: IpDataOrigin.Bucket });
  });

  it('moves from the layer to the bucket once a snapshot appears', async () => {
    serveBucket({});
    const ips = source();
    expect((await ips.current()).origin).toBe(IpDataOrigin.Layer);
    serveBucket(SNAPSHOT);
    clock += RECHECK_MS;
    expect((await ips.current()).origin).toBe(IpDataOrigin.Bucket);
  });

  it('shares one load between concurrent first requests', async () => {
    serveBucket(SNAPSHOT);
    const ips = source();
    const [a, b] = await Promise.all([ips.get(), ips.get()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledOnce();
  });

  it('loads the real engine from the downloaded copy, which answers from the bucket lists', async () => {
    serveBucket(SNAPSHOT);
    const loaded = await source({ load: loadIpEngine }).current();
    expect(loaded.origin).toBe(IpDataOrigin.Bucket);
    expect(loaded.engine.analyse('8.8.8.8').result.asn).toBe('AS15169');
  }, 60_000);
});

describe('getIpEngine with DATA_BUCKET_NAME', () => {
  it('reads the data bucket snapshot through IpEngineSource (the AWS path)', async () => {
    serveBucket(SNAPSHOT);
    const config = ConfigSchema.parse({ TABLE_NAME: 'table', BUCKET_NAME: 'media', DATA_BUCKET_NAME: 'data-bucket' });
    const engine = await getIpEngine(config);
    expect(engine.analyse('1.1.1.1').result.asn).toBe('AS13335');
    expect(s3Mock.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toContainEqual({ Bucket: 'data-bucket', Key: IP_SNAPSHOT_KEYS.ranges });
    // Only the lists are downloaded; the databases stay the layer's (here the npm packages).
    const downloaded = engine.sources.find((s) => s.url.startsWith(path.join(tmpdir(), 'ip-data')));
    expect(downloaded).toBeDefined();
    rmSync(downloaded!.url, { recursive: true, force: true });
  }, 60_000);
});
