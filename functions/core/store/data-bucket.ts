import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * The data bucket of the scheduled refresh (functions/core/data-refresh.ts): where the refreshed AML index and IP
 * lists live, and how a function reads them at cold start. Kept apart from the refresh so that a step reading the
 * bucket does not load the ingestion code.
 */

/** Object keys of the data bucket. */
export const DATA_KEYS = { amlIndex: 'aml/index.json.gz', amlSources: 'aml/SOURCES.md', ipPrefix: 'ip/' } as const;

/** Reads a bucket object, or null when it does not exist. */
export async function downloadIfPresent(s3: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

