/**
 * Loads an index file (gzipped JSON, data/aml/index.json.gz) and compiles it for screening. Every way the file
 * can be unusable becomes one {@link AmlIndexUnavailableError}, so the caller can decline the step
 * (SPEC.md 3.4 rule 4) with a precise `statusReason`.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AML_INDEX_PROBLEM, AmlIndexUnavailableError } from '../errors.ts';
import { compileIndex, type AmlIndex } from './compileIndex.ts';
import { AML_INDEX_FILE_NAME, AmlIndexFileSchema } from './indexFile.ts';
import { checkIndexFreshness } from './checkIndexFreshness.ts';

/** Options of {@link loadAmlIndex}. */
export interface LoadAmlIndexOptions {
  /**
   * Refuse an index whose oldest source publication is more than this many days before `now`
   * (see checkIndexFreshness.ts). @default undefined (no age check)
   */
  readonly maxAgeDays?: number | undefined;
  /** Clock for the age check. @default new Date() */
  readonly now?: Date | undefined;
}

/**
 * The index at `path`: a file, or a directory holding `index.json.gz`.
 *
 * @throws AmlIndexUnavailableError `missing` (no file), `corrupt` (not gzip, not JSON, wrong format/version, or
 *   schema violation), `stale` (older than `maxAgeDays`).
 */
export async function loadAmlIndex(path: string, options: LoadAmlIndexOptions = {}): Promise<AmlIndex> {
  let file = path;
  let bytes: Buffer;
  try {
    if ((await stat(path)).isDirectory()) file = join(path, AML_INDEX_FILE_NAME);
    bytes = await readFile(file);
  } catch (error) {
    throw new AmlIndexUnavailableError(AML_INDEX_PROBLEM.Missing, file, `AML index not found at ${file}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse((bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'));
  } catch (error) {
    throw new AmlIndexUnavailableError(AML_INDEX_PROBLEM.Corrupt, file, `AML index at ${file} is not readable gzipped JSON`, { cause: error });
  }
  const parsed = AmlIndexFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AmlIndexUnavailableError(
      AML_INDEX_PROBLEM.Corrupt,
      file,
      `AML index at ${file} does not match the index format: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      { cause: parsed.error },
    );
  }
  const index = compileIndex(parsed.data);
  if (options.maxAgeDays !== undefined) checkIndexFreshness(index, options.maxAgeDays, options.now ?? new Date(), file);
  return index;
}
