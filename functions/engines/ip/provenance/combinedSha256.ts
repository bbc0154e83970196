/**
 * One sha256 for a source made of several files.
 */
import { createHash } from 'node:crypto';

/**
 * sha256 of a file list in sha256sum's output format: for each file in order, `<sha256>  <location>\n`. A single file
 * keeps its own digest, so a one-file source's sha256 can be checked with `sha256sum` directly.
 * @param files - digests (hex) and locations, in a stable order
 * @returns hex digest
 */
export function combinedSha256(files: readonly { readonly sha256: string; readonly location: string }[]): string {
  if (files.length === 1) return (files[0] as { sha256: string }).sha256;
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.sha256}  ${file.location}\n`);
  return hash.digest('hex');
}

/**
 * sha256 of bytes, hex.
 * @param bytes - the data
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
