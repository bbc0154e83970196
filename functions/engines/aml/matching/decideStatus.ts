/**
 * The rules from match scores to `matchStatus` and `riskLevel` (SPEC.md 2.7), documented in
 * docs/aml-screening.md. Whitelisted matches never take part.
 *
 * matchStatus:
 * - `true_match`: some match has score >= `trueMatch`, name similarity >= `strongName`, and an exact date of
 *   birth or an identifier match (corroboration);
 * - `potential_match`: otherwise, some match has score >= `match`;
 * - `clear`: no match.
 *
 * riskLevel:
 * - `high`: a true match that is on a sanctions or warning list;
 * - `medium`: a true match on PEP lists only, or any potential match;
 * - `low`: clear, after a screen with at least two informative name parts;
 * - `unknown`: clear, but the screen had a single informative name part (e.g. only `lastName`), so a clear
 *   result says little.
 */
import { AML_LIST_TYPE, AML_MATCH_STATUS, AML_RISK_LEVEL, type AmlListType, type AmlMatchStatus, type AmlRiskLevel } from '../constants.ts';
import type { AmlThresholds } from './thresholds.ts';

/** What the decision needs from each reported match. */
export interface DecisionInput {
  readonly score: number;
  readonly nameScore: number;
  readonly corroborated: boolean;
  readonly types: readonly AmlListType[];
  readonly isWhitelisted: boolean;
}

/** A match that qualifies as a true match under `t`. */
export function isTrueMatch(m: DecisionInput, t: AmlThresholds): boolean {
  return m.score >= t.trueMatch && m.nameScore >= t.strongName && m.corroborated;
}

/**
 * Status and risk of a screening.
 *
 * @param informativeParts - Informative name parts of the screened name (not particles or initials).
 */
export function decideStatus(
  matches: readonly DecisionInput[],
  t: AmlThresholds,
  informativeParts: number,
): { matchStatus: AmlMatchStatus; riskLevel: AmlRiskLevel } {
  const driving = matches.filter((m) => !m.isWhitelisted && m.score >= t.match);
  const trueMatches = driving.filter((m) => isTrueMatch(m, t));
  if (trueMatches.length > 0) {
    const severe = trueMatches.some((m) => m.types.includes(AML_LIST_TYPE.Sanction) || m.types.includes(AML_LIST_TYPE.Warning));
    return { matchStatus: AML_MATCH_STATUS.TrueMatch, riskLevel: severe ? AML_RISK_LEVEL.High : AML_RISK_LEVEL.Medium };
  }
  if (driving.length > 0) return { matchStatus: AML_MATCH_STATUS.PotentialMatch, riskLevel: AML_RISK_LEVEL.Medium };
  return { matchStatus: AML_MATCH_STATUS.Clear, riskLevel: informativeParts >= 2 ? AML_RISK_LEVEL.Low : AML_RISK_LEVEL.Unknown };
}
