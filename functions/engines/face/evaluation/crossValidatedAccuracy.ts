/** One labelled comparison of the LFW pair protocol. */
export interface ScoredPair {
  /** Fold the pair belongs to (1-based). */
  readonly fold: number;
  /** Same person. */
  readonly same: boolean;
  /** Similarity score; higher means more similar. */
  readonly score: number;
}

/** Result of {@link crossValidatedAccuracy}. */
export interface CrossValidatedAccuracy {
  /** Mean of the per-fold accuracies, 0-1. */
  readonly mean: number;
  /** Standard error of the mean, as LFW results tables report it (sample standard deviation / sqrt(folds)). */
  readonly standardError: number;
  /** Per fold: the threshold learnt on the other folds and the accuracy it reached on this fold. */
  readonly folds: ReadonlyArray<{ fold: number; threshold: number; accuracy: number; pairs: number }>;
}

/**
 * The LFW "View 2" protocol (Huang et al. 2007, section "Training, validation and testing"): for each fold, the
 * decision threshold is chosen to maximise accuracy on the other folds and the accuracy is measured on the held-out
 * fold; the mean and the standard error over folds are reported. With the 7 developer folds this is 7-fold instead
 * of 10-fold, otherwise identical.
 *
 * @param pairs - scored pairs with their folds
 */
export function crossValidatedAccuracy(pairs: readonly ScoredPair[]): CrossValidatedAccuracy {
  const foldIds = [...new Set(pairs.map((p) => p.fold))].sort((a, b) => a - b);
  const folds = foldIds.map((fold) => {
    const train = pairs.filter((p) => p.fold !== fold);
    const test = pairs.filter((p) => p.fold === fold);
    const threshold = bestThreshold(train);
    const correct = test.filter((p) => (p.score >= threshold) === p.same).length;
    return { fold, threshold, accuracy: correct / test.length, pairs: test.length };
  });
  const n = folds.length;
  const mean = folds.reduce((s, f) => s + f.accuracy, 0) / n;
  const variance = n > 1 ? folds.reduce((s, f) => s + (f.accuracy - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, standardError: Math.sqrt(variance / n), folds };
}

/**
 * Threshold that maximises accuracy (`score >= t` means "same"), placed midway between adjacent scores.
 * @param pairs - scored pairs
 */
export function bestThreshold(pairs: readonly ScoredPair[]): number {
  const sorted = [...pairs].sort((a, b) => a.score - b.score);
  // Threshold below everything: all pairs called "same".
  let correct = sorted.filter((p) => p.same).length;
  let best = correct;
  let bestT = sorted.length ? sorted[0]!.score - 1e-9 : 0;
  for (let k = 0; k < sorted.length; k++) {
    // Moving the threshold above sorted[k] calls it "different".
    correct += sorted[k]!.same ? -1 : 1;
    const next = sorted[k + 1];
    if (next && next.score === sorted[k]!.score) continue;
    if (correct > best) {
      best = correct;
      bestT = next ? (sorted[k]!.score + next.score) / 2 : sorted[k]!.score + 1e-9;
    }
  }
  return bestT;
}
