/**
 * Combines feature scores into the integer `riskScore` of SPEC.md 2.8 (0 to 100).
 */

/** One weighted feature score. */
export interface WeightedScore {
  /** Weight in [0, 1]. */
  readonly weight: number;
  /** Score in [0, 1]. */
  readonly score: number;
}

/**
 * Noisy-OR: `riskScore = round(100 × (1 − Π (1 − weight_i × score_i)))`.
 *
 * Each feature alone at score 1 gives `100 × weight`; independent signals add up without passing 100 (Tor exit 90 on a
 * datacenter, hosting 45, gives 1 − 0.10 × 0.55 = 94.5 → 95); a feature at score 0 changes nothing. Weights and scores
 * outside [0, 1] are clamped.
 * @param scores - weighted scores of every feature
 * @returns an integer from 0 to 100
 * @example riskScore([{ weight: 0.9, score: 1 }, { weight: 0.45, score: 1 }]) // 95
 */
export function riskScore(scores: readonly WeightedScore[]): number {
  let clean = 1;
  for (const { weight, score } of scores) clean *= 1 - clamp01(weight) * clamp01(score);
  // The epsilon keeps exact halves (94.5 computed as 94.49999…) rounding up, as written in the docs.
  return Math.min(100, Math.max(0, Math.round(100 * (1 - clean) + 1e-9)));
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
