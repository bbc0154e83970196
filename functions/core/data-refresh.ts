import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DATA_KEYS, downloadIfPresent } from './store/data-bucket.ts';
import {
  AML_DATE_BASIS,
  AmlIndexFileSchema,
  OFFICIAL_SOURCES,
  ingestSources,
  renderSourcesMarkdown,
  serializeIndexFile,
  type AmlIndexFile,
  type ReadResult,
} from '../engines/aml/index.ts';
import { createInputReader } from '../engines/ip/ingest/readInput.ts';
import { runIngest } from '../engines/ip/ingest/runIngest.ts';

/**
 * The scheduled refresh of the engines' data on AWS (issue 8): the AML index and the IP lists are rebuilt from the
 * official URLs with the same ingestion code as `npm run aml:ingest` / `npm run ip:ingest`, and written to the data
 * bucket (`aml/index.json.gz`, `ip/…`). A source that cannot be fetched keeps its previous snapshot; nothing is
 * written when no source could be refreshed. The functions read the bucket's copy at cold start
 * ({@link downloadIfPresent}) and fall back to the copy in their layer.
 */

/** Parses a gzipped index file; undefined when it is not a valid index. */
function parseIndex(bytes: Buffer | null): AmlIndexFile | undefined {
  if (!bytes) return undefined;
  try {
    const parsed = AmlIndexFileSchema.safeParse(JSON.parse(gunzipSync(bytes).toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rebuilds the AML index from the official sources, starting from the bucket's copy (else `fallbackIndexPath`).
 * @returns what was done per source; `written` is false when no source was fresh (the bucket is unchanged).
 */
export async function refreshAmlIndex(opts: {
  s3: S3Client;
  bucket: string;
  fallbackIndexPath: string;
  timeoutMs: number;
  log: (line: string) => void;
}): Promise<{ written: boolean; sources: Array<{ id: string; status: string; publishedAt: string | null }> }> {
  const previous =
    parseIndex(await downloadIfPresent(opts.s3, opts.bucket, DATA_KEYS.amlIndex)) ??
    parseIndex(await readFile(opts.fallbackIndexPath).catch(() => null));
  const reader = createInputReader({ timeoutMs: opts.timeoutMs });
  const read = async (location: string): Promise<ReadResult> => {
    const got = await reader(location);
    return {
      bytes: new Uint8Array(got.bytes),
      ...(got.lastModified ? { modifiedAt: got.lastModified, modifiedBasis: AML_DATE_BASIS.HttpLastModified } : {}),
    };
  };
  const { file, reports } = await ingestSources(OFFICIAL_SOURCES, { read, previous, log: opts.log });
  const sources = reports.map((r) => ({ id: r.id, status: r.status, publishedAt: r.publishedAt }));
  if (!reports.some((r) => r.status === 'fresh')) return { written: false, sources };
  await opts.s3.send(
    new PutObjectCommand({ Bucket: opts.bucket, Key: DATA_KEYS.amlIndex, Body: serializeIndexFile(file), ContentType: 'application/gzip' }),
  );
  await opts.s3.send(
    new PutObjectCommand({ Bucket: opts.bucket, Key: DATA_KEYS.amlSources, Body: renderSourcesMarkdown(file, ''), ContentType: 'text/markdown' }),
  );
  return { written: true, sources };
}

/**
 * Rebuilds the IP lists from their official URLs in a work directory seeded with the current snapshot, and
 * uploads the new snapshot under `ip/` when anything was refreshed.
 */
export async function refreshIpLists(opts: {
  s3: S3Client;
  bucket: string;
  currentDir: string;
  workDir: string;
  timeoutMs: number;
  log: (line: string) => void;
}): Promise<{ written: boolean; sources: Array<{ id: string; status: string }> }> {
  await mkdir(opts.workDir, { recursive: true });
  await cp(opts.currentDir, opts.workDir, { recursive: true });
  const report = await runIngest({ outDir: opts.workDir, from: [], read: createInputReader({ timeoutMs: opts.timeoutMs }), log: opts.log });
  const sources = report.sources.map((s) => ({ id: s.id, status: s.status }));
  if (!report.written) return { written: false, sources };
  // manifest.json last: it lists the sha256 of the others, so a reader that sees the new manifest (its ETag changed,
  // functions/core/steps/ip-engine-source.ts) finds the data files it describes already uploaded.
  const names = (await readdir(opts.workDir)).sort((a, b) => Number(a === 'manifest.json') - Number(b === 'manifest.json'));
  for (const name of names) {
    const body = await readFile(path.join(opts.workDir, name));
    await opts.s3.send(new PutObjectCommand({ Bucket: opts.bucket, Key: `${DATA_KEYS.ipPrefix}${name}`, Body: body }));
  }
  return { written: true, sources };
}
