/**
 * Reads origin and date from a SOURCE.md written beside a list snapshot (the layout of shared/data/ip), so that a
 * snapshot built with `--from <dir>` records the upstream commit and the date of the data, not the copy's file times.
 */

/** Origin and data date stated in a SOURCE.md. */
export interface SourceMdInfo {
  /** `github:<owner>/<repo>@<commit>`. */
  readonly origin: string;
  /** The commit time, ISO 8601 UTC. */
  readonly date: string;
}

const ORIGIN = /GitHub `([^`\s]+\/[^`\s]+)`, commit `([0-9a-f]{40})` \((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2}))/;

/**
 * Finds the first "GitHub `owner/repo`, commit `<sha>` (<ISO date>" statement.
 * @param text - SOURCE.md content
 * @returns origin and date, or null when the file has no such statement
 * @example readSourceMd('- Origin: GitHub `a/b`, commit `' + 'f'.repeat(40) + '` (2026-08-22T21:13:34Z, "sync")')
 * // { origin: 'github:a/b@ffff…', date: '2026-08-22T21:13:34.000Z' }
 */
export function readSourceMd(text: string): SourceMdInfo | null {
  const match = ORIGIN.exec(text.replace(/\s+/g, ' '));
  if (match === null) return null;
  const [, repo, commit, when = ''] = match;
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return null;
  return { origin: `github:${repo}@${commit}`, date: date.toISOString() };
}
