import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';

/**
 * Media of sessions in S3 under `sessions/<sessionId>/<stepCode>/<uuid>.<ext>` (DESIGN.md "Table"): server-side
 * encrypted by the bucket's default, expired by its lifecycle rule, and erased with the session on request.
 */
export class MediaStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  /** Stores one file of a step; returns its key. */
  async put(sessionId: string, stepCode: string, ext: string, bytes: Buffer, contentType: string): Promise<string> {
    const key = `sessions/${sessionId}/${stepCode}/${randomUUID()}.${ext}`;
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
    return key;
  }

  /** Deletes every object of a session (data-subject erasure); returns how many were deleted. */
  async eraseSession(sessionId: string): Promise<number> {
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `sessions/${sessionId}/`, ...(token ? { ContinuationToken: token } : {}) }),
      );
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) {
        await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }
}
