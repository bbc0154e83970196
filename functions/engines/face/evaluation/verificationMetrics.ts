/**
 * Biometric verification metrics over genuine (same person) and impostor (different people) comparison scores,
 * in the vocabulary of ISO/IEC 19795-1: FAR (false accept rate, share of impostor scores at or above a threshold),
 * TAR (true accept rate, share of genuine scores at or above it), EER (the rate where FAR equals 1 - TAR) and the
 * area under the ROC curve. Higher scores mean "more similar".
 */

/** Summary of one score distribution pair. */
export interface VerificationMetrics {
  /** Number of genuine comparisons. */
  readonly genuine: number;
  /** Number of impostor comparisons. */
  readonly impostor: number;
  /** Area under the ROC curve, 0-1 (probability that a random genuine score exceeds a random impostor score). */
  readonly auc: number;
  /** Equal error rate, 0-1. */
  readonly eer: number;
  /** Threshold at the EER. */
  readonly eerThreshold: number;
  /** TAR and threshold at each requested FAR; `tar` is null when there are too few impostors to resolve that FAR. */
  readonly atFar: ReadonlyArray<{ far: number; tar: number | null; threshold: number | null }>;
}

/**
 * Smallest threshold whose FAR is at most `far`: the score just above the `floor(far · n)`-th highest impostor.
 * Returns null when `far · n < 1`, i.e. the data cannot resolve that rate (a claim at FAR 1e-3 needs at least 1,000
 * impostor comparisons, and is only meaningful with many more).
 *
 * @param impostorDesc - impostor scores sorted in descending order
 * @param far - target false accept rate, 0-1
 */
export function thresholdAtFar(impostorDesc: ArrayLike<number>, far: number): number | null {
  const n = impostorDesc.length;
  const k = Math.floor(far * n);
  if (k < 1) return null;
  // Accept scores strictly above the k-th highest impostor: at most k impostors are accepted.
  const t = impostorDesc[k - 1]!;
  return nextUp(t);
}

/** Share of `scores` that are `>= threshold`. */
export function rateAtOrAbove(sortedAsc: ArrayLike<number>, threshold: number): number {
  return sortedAsc.length === 0 ? 0 : (sortedAsc.length - lowerBound(sortedAsc, threshold)) / sortedAsc.length;
}

/**
 * Computes AUC, EER and TAR at the given FARs.
 * @param genuine - genuine scores (any order; not modified)
 * @param impostor - impostor scores (any order; not modified)
 * @param fars - target false accept rates, e.g. `[1e-2, 1e-3]`
 */
export function verificationMetrics(genuine: ArrayLike<number>, impostor: ArrayLike<number>, fars: readonly number[]): VerificationMetrics {
  const g = Float64Array.from(genuine).sort();
  const i = Float64Array.from(impostor).sort();
  const iDesc = Float64Array.from(i).reverse();
  // AUC by the Mann-Whitney statistic: for each genuine score, impostors below it (+ half the ties).
  let wins = 0;
  for (const s of g) {
    const lo = lowerBound(i, s);
    const hi = upperBound(i, s);
    wins += lo + (hi - lo) / 2;
  }
  const auc = g.length && i.length ? wins / (g.length * i.length) : Number.NaN;
  // EER: sweep thresholds over all scores, find where FAR and FRR cross.
  let eer = 1;
  let eerThreshold = Number.NaN;
  let bestGap = Number.POSITIVE_INFINITY;
  const all = Float64Array.from([...g, ...i]).sort();
  const step = Math.max(1, Math.floor(all.length / 20000));
  for (let k = 0; k < all.length; k += step) {
    const t = all[k]!;
    const far = rateAtOrAbove(i, t);
    const frr = 1 - rateAtOrAbove(g, t);
    const gap = Math.abs(far - frr);
    if (gap < bestGap) {
      bestGap = gap;
      eer = (far + frr) / 2;
      eerThreshold = t;
    }
  }
  const atFar = fars.map((far) => {
    const threshold = thresholdAtFar(iDesc, far);
    return { far, threshold, tar: threshold === null ? null : rateAtOrAbove(g, threshold) };
  });
  return { genuine: g.length, impostor: i.length, auc, eer, eerThreshold, atFar };
}

function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest double greater than `x` (so that "`>= nextUp(t)`" means "`> t`"). */
function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Number.POSITIVE_INFINITY) return x;
  if (x === 0) return Number.MIN_VALUE;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const bits = buf.getBigUint64(0);
  buf.setBigUint64(0, x > 0 ? bits + 1n : bits - 1n);
  return buf.getFloat64(0);
}
