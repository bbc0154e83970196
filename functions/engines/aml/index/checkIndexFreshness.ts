/**
 * Staleness: sanctions lists change weekly, so an operator sets how old the data may be. The age of an index is
 * the age of its *oldest* source publication (a fresh OFAC file does not make a year-old UN file current);
 * sources without a known date count as old as the index build.
 */
import { AML_INDEX_PROBLEM, AmlIndexUnavailableError } from '../errors.ts';
import type { AmlIndex } from './compileIndex.ts';

const DAY_MS = 86_400_000;

/**
 * Age in whole days of the oldest source publication of `index` at `now`.
 *
 * @example indexAgeDays(index, new Date('2026-03-01')) // 3 when the oldest source was published 2026-02-27
 */
export function indexAgeDays(index: AmlIndex, now: Date): number {
  const dates = index.sources.map((s) => Date.parse(s.publishedAt ?? index.builtAt)).filter((t) => Number.isFinite(t));
  const oldest = dates.length > 0 ? Math.min(...dates) : Date.parse(index.builtAt);
  return Math.floor((now.getTime() - oldest) / DAY_MS);
}

/**
 * Throws when the index is older than `maxAgeDays`.
 *
 * @throws AmlIndexUnavailableError `stale`, naming the oldest source.
 */
export function checkIndexFreshness(index: AmlIndex, maxAgeDays: number, now: Date, path = 'index'): void {
  const age = indexAgeDays(index, now);
  if (age > maxAgeDays) {
    const oldest = [...index.sources].sort((a, b) => (a.publishedAt ?? index.builtAt).localeCompare(b.publishedAt ?? index.builtAt))[0];
    throw new AmlIndexUnavailableError(
      AML_INDEX_PROBLEM.Stale,
      path,
      `AML index is ${age} days old (oldest source ${oldest?.id ?? '?'} published ${oldest?.publishedAt ?? 'unknown'}), more than the allowed ${maxAgeDays}`,
    );
  }
}
