/**
 * Comparison of partial dates (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`), shared by the date-of-birth features.
 */

/** How two partial dates relate. */
export const DOB_RELATION = {
  /** Both full dates, equal. */
  Exact: 'exact',
  /** Equal as far as both are known (e.g. `1962` and `1962-05-01`), but not two equal full dates. */
  Compatible: 'compatible',
  /** Same year but month or day differ, or years one apart (typo, calendar conversion, approximate dates). */
  Near: 'near',
  /** Years two or more apart. */
  Disjoint: 'disjoint',
} as const;
/** One of {@link DOB_RELATION}. */
export type DobRelation = (typeof DOB_RELATION)[keyof typeof DOB_RELATION];

/**
 * Relation of `a` and `b`.
 *
 * @example compareDates('1962', '1962-05-01') // 'compatible'
 */
export function compareDates(a: string, b: string): DobRelation {
  if (a.length === 10 && a === b) return DOB_RELATION.Exact;
  const n = Math.min(a.length, b.length);
  if (a.slice(0, n) === b.slice(0, n)) return DOB_RELATION.Compatible;
  const dy = Math.abs(Number(a.slice(0, 4)) - Number(b.slice(0, 4)));
  return dy <= 1 ? DOB_RELATION.Near : DOB_RELATION.Disjoint;
}

/** The closest relation between `date` and any of `listed` (exact best, disjoint worst), or null if none listed. */
export function bestRelation(date: string, listed: readonly string[]): DobRelation | null {
  const order: DobRelation[] = [DOB_RELATION.Exact, DOB_RELATION.Compatible, DOB_RELATION.Near, DOB_RELATION.Disjoint];
  let best: DobRelation | null = null;
  for (const d of listed) {
    const r = compareDates(date, d);
    if (best === null || order.indexOf(r) < order.indexOf(best)) best = r;
  }
  return best;
}
