/**
 * Paths shared by the IP engine tests: the repository root and the shared real-data snapshots (../shared/data/ip).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** The shared, unmodified list snapshots (read-only; never copied into the repo). */
export const sharedIpDir = resolve(repoRoot, '..', 'shared', 'data', 'ip');

/**
 * A path inside the shared snapshots.
 * @param parts - path segments below shared/data/ip
 */
export function shared(...parts: string[]): string {
  return resolve(sharedIpDir, ...parts);
}
