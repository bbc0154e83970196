/**
 * The named thresholds that turn scores into `matchStatus` (SPEC.md 2.7). Defaults were chosen on the
 * selection split of `npm run eval:aml` and reported on the held-out split (docs/accuracy.md, "AML screening");
 * change them only with a new evaluation. Every screening result echoes the thresholds it applied.
 */

/** Thresholds of one screening; all in [0, 1]. */
export interface AmlThresholds {
  /** A match is reported (and the status is at least `potential_match`) when its score is at or above this. */
  readonly match: number;
  /** `true_match` needs a score at or above this ... */
  readonly trueMatch: number;
  /** ... and a name similarity at or above this, plus an exact date of birth or an identifier match. */
  readonly strongName: number;
}

/**
 * Defaults, from the selection split of scripts/eval-aml.ts (see docs/accuracy.md for the recall and false
 * positive rate they give on the held-out split).
 */
export const AML_DEFAULT_THRESHOLDS: AmlThresholds = {
  match: 0.79,
  trueMatch: 0.95,
  strongName: 0.9,
};
