import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DATA_KEYS } from '../store/data-bucket.ts';
import { ManifestSchema, SNAPSHOT_FILES, type Manifest } from '../../engines/ip/lists/schemas.ts';
import { loadListIndex } from '../../engines/ip/lists/listIndex.ts';
import type { IpEngine, IpEngineOptions } from '../../engines/ip/index.ts';

/**
 * Where the IP engine's list snapshot comes from on AWS (issue 8, item 5): the scheduled refresh
 * (functions/core/data-refresh.ts) writes a fresh snapshot under `ip/` of the data bucket; the function's layer
 * carries the snapshot of its deployment. {@link IpEngineSource} prefers the bucket's copy:
 *
 * 1. At the first request of an execution environment it downloads `ip/manifest.json`, `ip/index.json`,
 *    `ip/lists.bin` (and `ip/SOURCES.md` when present) to a directory under `/tmp`, checks every data file's size
 *    and sha256 against the manifest and the list index's own invariants (`loadListIndex`), and loads the engine
 *    with that list directory; the DB-IP city databases and the ASN tables still come from the layer (the refresh
 *    does not rebuild them: they change with the `@ip-location-db/*` packages, i.e. with a deployment).
 * 2. The loaded engine is cached; at most every `recheckMs` a request first asks S3 for the manifest's ETag
 *    (`HeadObject`) and downloads and swaps in the snapshot only when the ETag changed.
 * 3. When the bucket has no snapshot, or it cannot be read or fails the checks, the layer's snapshot is used (at
 *    cold start) or the engine in use is kept (on a re-check), with one warning log line naming the key and the
 *    reason (never a request's data: an address or a session is not known here). A copy that failed is tried
 *    again at the next re-check, so a read that raced the refresh's upload heals by itself.
 *
 * The refresh uploads `manifest.json` last, so an ETag change means the data files it lists are already in place.
 */

/** Where the engine in use got its list snapshot. */
export const IpDataOrigin = {
  /** The data bucket's `ip/` snapshot, copied to `/tmp`. */
  Bucket: 'bucket',
  /** The snapshot of the layer (or of the repository, locally). */
  Layer: 'layer',
} as const;
export type IpDataOrigin = (typeof IpDataOrigin)[keyof typeof IpDataOrigin];

/** Object keys of the list snapshot in the data bucket: `ip/` + the snapshot's file names. */
export const IP_SNAPSHOT_KEYS = {
  manifest: `${DATA_KEYS.ipPrefix}${SNAPSHOT_FILES.manifest}`,
  index: `${DATA_KEYS.ipPrefix}${SNAPSHOT_FILES.index}`,
  ranges: `${DATA_KEYS.ipPrefix}${SNAPSHOT_FILES.ranges}`,
  sourcesDoc: `${DATA_KEYS.ipPrefix}${SNAPSHOT_FILES.sourcesDoc}`,
} as const;

/** A bucket snapshot that exists but cannot be used (unreadable, malformed, or not matching its manifest). */
export class IpSnapshotError extends Error {
  constructor(
    /** The object key at fault. */
    readonly key: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`${key}: ${reason}`, options);
    this.name = 'IpSnapshotError';
  }
}

/** A warning of {@link IpEngineSource}: a fixed message and fields without personal data. */
export type IpSourceWarn = (message: string, fields: { key: string; reason: string; using: IpDataOrigin }) => void;

/** Settings of {@link IpEngineSource}. */
export interface IpEngineSourceOptions {
  /** S3 client (the service's, `getClients(config).s3`). */
  readonly s3: S3Client;
  /** The data bucket (`DATA_BUCKET_NAME`). */
  readonly bucket: string;
  /** The layer's data locations (`ipEngineOptions(config)`); the bucket copy replaces only `listsDir`. */
  readonly layer: IpEngineOptions;
  /** Least time between two freshness checks, milliseconds (`IP_DATA_RECHECK_MINUTES` × 60 000). */
  readonly recheckMs: number;
  /** Directory the snapshots are written under (Lambda: the 512 MB `/tmp`). */
  readonly tmpDir: string;
  /** Loads an engine; {@link loadIpEngine} of functions/engines/ip in production, a stand-in in tests. */
  readonly load: (opts: IpEngineOptions) => Promise<IpEngine>;
  /** Clock, epoch milliseconds. @default Date.now */
  readonly now?: () => number;
  /** Warning sink. @default one JSON line `{"level":"WARN",…}` on stderr, the format of the service's other logs */
  readonly warn?: IpSourceWarn;
}

/** What {@link IpEngineSource.get} serves, with where it came from. */
export interface LoadedIpEngine {
  readonly engine: IpEngine;
  readonly origin: IpDataOrigin;
  /** ETag of the bucket's `ip/manifest.json` whose snapshot is in use; null for the layer. */
  readonly etag: string | null;
  /** The list directory the engine was loaded from. */
  readonly listsDir: string;
}

interface State extends LoadedIpEngine {
  /** When S3 was last asked (epoch ms). */
  readonly checkedAt: number;
}

/** The message of every warning; the fields say which key and why. */
const FALLBACK_MESSAGE = 'IP data: the data bucket snapshot is not used';

const defaultWarn: IpSourceWarn = (message, fields) => {
  console.warn(JSON.stringify({ level: 'WARN', message, ...fields }));
};

/** True for S3's answer to a key that does not exist (GetObject `NoSuchKey`, HeadObject `NotFound` / 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The IP engine of one execution environment, loaded from the data bucket's refreshed list snapshot when there is a
 * good one, else from the layer (see the module comment). Concurrent callers share one load or re-check.
 */
export class IpEngineSource {
  private state: Promise<State> | undefined;
  private readonly now: () => number;
  private readonly warn: IpSourceWarn;

  constructor(private readonly opts: IpEngineSourceOptions) {
    this.now = opts.now ?? Date.now;
    this.warn = opts.warn ?? defaultWarn;
  }

  /**
   * The engine to use for this request: loaded at the first call, re-checked against the bucket when the last
   * check is `recheckMs` or more ago.
   * @throws Error from `load` when even the layer's data cannot be loaded (the next call tries again).
   */
  async get(): Promise<IpEngine> {
    return (await this.current()).engine;
  }

  /** Like {@link get}, with where the engine's lists came from (for tests, the benchmark and logs). */
  async current(): Promise<LoadedIpEngine> {
    const pending = (this.state ??= this.coldStart());
    let state: State;
    try {
      state = await pending;
    } catch (err) {
      if (this.state === pending) this.state = undefined;
      throw err;
    }
    if (this.now() - state.checkedAt < this.opts.recheckMs) return state;
    if (this.state === pending) this.state = this.recheck(state);
    return this.state;
  }

  /** First load: the bucket's snapshot when usable, else the layer's. */
  private async coldStart(): Promise<State> {
    const checkedAt = this.now();
    try {
      const fetched = await this.download(null);
      if (fetched && fetched !== 'unchanged') return { ...(await this.loadFrom(fetched.dir, IpDataOrigin.Bucket, fetched.etag)), checkedAt };
      // Normal until the first scheduled refresh has run; a warning all the same, as the lists are then the deployment's.
      this.warn(FALLBACK_MESSAGE, { key: IP_SNAPSHOT_KEYS.manifest, reason: 'no snapshot in the bucket yet', using: IpDataOrigin.Layer });
    } catch (err) {
      this.warnFallback(err, IpDataOrigin.Layer);
    }
    return { ...(await this.loadFrom(this.opts.layer.listsDir, IpDataOrigin.Layer, null)), checkedAt };
  }

  /** A later check: HeadObject on the manifest; a new ETag is downloaded, verified and swapped in. */
  private async recheck(previous: State): Promise<State> {
    const checkedAt = this.now();
    try {
      const fetched = await this.download(previous.etag);
      if (fetched === null) {
        // The snapshot was deleted: keep what is loaded (a bucket copy that was good stays good).
        return { ...previous, checkedAt };
      }
      if (fetched === 'unchanged') return { ...previous, checkedAt };
      const next = await this.loadFrom(fetched.dir, IpDataOrigin.Bucket, fetched.etag);
      if (previous.origin === IpDataOrigin.Bucket && previous.listsDir !== next.listsDir) {
        await rm(previous.listsDir, { recursive: true, force: true });
      }
      return { ...next, checkedAt };
    } catch (err) {
      this.warnFallback(err, previous.origin);
      return { ...previous, checkedAt };
    }
  }

  private async loadFrom(listsDir: string, origin: IpDataOrigin, etag: string | null): Promise<LoadedIpEngine> {
    try {
      const engine = await this.opts.load({ ...this.opts.layer, listsDir });
      return { engine, origin, etag, listsDir };
    } catch (err) {
      if (origin === IpDataOrigin.Bucket) {
        await rm(listsDir, { recursive: true, force: true });
        throw new IpSnapshotError(IP_SNAPSHOT_KEYS.manifest, `the engine refused it: ${(err as Error).message}`, { cause: err });
      }
      throw err;
    }
  }

  private warnFallback(err: unknown, using: IpDataOrigin): void {
    const key = err instanceof IpSnapshotError ? err.key : IP_SNAPSHOT_KEYS.manifest;
    const reason = err instanceof IpSnapshotError ? err.message : `S3 could not be read: ${(err as Error).name}: ${(err as Error).message}`;
    this.warn(FALLBACK_MESSAGE, { key, reason: reason.slice(0, 300), using });
  }

  /**
   * Downloads and verifies the bucket's snapshot into its own directory under `tmpDir`.
   * @param knownEtag - ETag of the snapshot in use; when given, a HeadObject decides first whether to download.
   * @returns null when the bucket has no snapshot, 'unchanged' when its ETag is `knownEtag`, else the directory.
   * @throws IpSnapshotError when a file is missing, unreadable or does not match the manifest; S3 errors as thrown.
   */
  private async download(knownEtag: string | null): Promise<{ dir: string; etag: string } | 'unchanged' | null> {
    const { s3, bucket } = this.opts;
    if (knownEtag !== null) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: IP_SNAPSHOT_KEYS.manifest }));
        if (head.ETag === knownEtag) return 'unchanged';
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    }
    const manifestObject = await this.getObject(IP_SNAPSHOT_KEYS.manifest, knownEtag === null);
    if (manifestObject === null) return null;
    const etag = manifestObject.etag;
    if (knownEtag !== null && etag === knownEtag) return 'unchanged';
    const manifest = parseManifest(manifestObject.bytes);
    const dir = path.join(this.opts.tmpDir, 'ip-data', createHash('sha256').update(etag).digest('hex').slice(0, 16));
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      await this.writeVerified(dir, manifest, manifestObject.bytes);
    } catch (err) {
      // Nothing half-written stays in /tmp (512 MB by default, shared with the rest of the function).
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    return { dir, etag };
  }

  /**
   * Downloads the data files the manifest lists into `dir`, each checked for size and sha256, then the manifest and
   * `SOURCES.md`, and runs the list index's own checks on the result.
   * @throws IpSnapshotError naming the first key at fault.
   */
  private async writeVerified(dir: string, manifest: Manifest, manifestBytes: Buffer): Promise<void> {
    for (const [name, key] of [
      [SNAPSHOT_FILES.index, IP_SNAPSHOT_KEYS.index],
      [SNAPSHOT_FILES.ranges, IP_SNAPSHOT_KEYS.ranges],
    ] as const) {
      const expected = manifest.files[name];
      if (!expected) throw new IpSnapshotError(IP_SNAPSHOT_KEYS.manifest, `lists no ${name}`);
      const got = await this.getObject(key, false);
      if (got === null) throw new IpSnapshotError(key, 'is missing while the manifest lists it');
      if (got.bytes.length !== expected.bytes) throw new IpSnapshotError(key, `has ${got.bytes.length} bytes, the manifest says ${expected.bytes}`);
      const sha256 = createHash('sha256').update(got.bytes).digest('hex');
      if (sha256 !== expected.sha256) throw new IpSnapshotError(key, `sha256 ${sha256} differs from the manifest's ${expected.sha256}`);
      await writeFile(path.join(dir, name), got.bytes);
    }
    await writeFile(path.join(dir, SNAPSHOT_FILES.manifest), manifestBytes);
    const sourcesDoc = await this.getObject(IP_SNAPSHOT_KEYS.sourcesDoc, true).catch(() => null);
    if (sourcesDoc) await writeFile(path.join(dir, SNAPSHOT_FILES.sourcesDoc), sourcesDoc.bytes);
    // The engine's own checks (schemas, range order, label references) before the engine is replaced.
    try {
      await loadListIndex(dir);
    } catch (err) {
      throw new IpSnapshotError(IP_SNAPSHOT_KEYS.index, (err as Error).message, { cause: err });
    }
  }

  /** GetObject as bytes and ETag; null for a missing key when `missingIsNull`, else an {@link IpSnapshotError}. */
  private async getObject(key: string, missingIsNull: boolean): Promise<{ bytes: Buffer; etag: string } | null> {
    let out;
    try {
      out = await this.opts.s3.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) {
        if (missingIsNull) return null;
        throw new IpSnapshotError(key, 'is missing', { cause: err });
      }
      throw err;
    }
    if (!out.Body) throw new IpSnapshotError(key, 'has no body');
    return { bytes: Buffer.from(await out.Body.transformToByteArray()), etag: out.ETag ?? '' };
  }
}

/** Parses `ip/manifest.json`. @throws IpSnapshotError when it is not JSON or not a manifest. */
function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new IpSnapshotError(IP_SNAPSHOT_KEYS.manifest, 'is not JSON', { cause: err });
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new IpSnapshotError(IP_SNAPSHOT_KEYS.manifest, `is not a snapshot manifest (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}
