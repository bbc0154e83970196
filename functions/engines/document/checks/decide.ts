import { DOCUMENT_DECISION, type DocumentDecision, type DocumentErrorCategory } from '../constants.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/** The decision of a list of checks. */
export interface Decision {
  readonly decision: DocumentDecision;
  readonly errorCategory: DocumentErrorCategory | null;
  readonly reason: string | null;
}

const SEVERITY: Readonly<Record<DocumentDecision, number>> = { Approved: 0, InReview: 1, Declined: 2 };

/**
 * Combines checks: `Approved` when every check passes; otherwise the most severe decision any failing check implies
 * (Declined over InReview), with the `errorCategory` and reason of the first failing check in evaluation order
 * (the order of `CHECK_ID`: sides, data, type, country, check digits, consistency, expiry, expected details,
 * MRZ resolution, names confident, state codes listed, portrait), so that the most fundamental failure is the one reported.
 *
 * @param checks - evaluated checks, in order
 */
export function decide(checks: readonly CheckOutcome[]): Decision {
  const failed = checks.filter((c) => !c.passed && c.failure);
  const first = failed[0];
  if (!first?.failure) return { decision: DOCUMENT_DECISION.Approved, errorCategory: null, reason: null };
  let decision: DocumentDecision = first.failure.decision;
  for (const c of failed) if (c.failure && SEVERITY[c.failure.decision] > SEVERITY[decision]) decision = c.failure.decision;
  return { decision, errorCategory: first.failure.errorCategory, reason: first.detail };
}
