/**
 * Probabilities are clipped to [1e-4, 1 - 1e-4] (log-odds ±9.2) before fusion so that one saturated frame cannot
 * dominate, and so that a confidence of exactly 0 or 100 is never reported.
 */
const P_CLIP = 1e-4;

/** Result of {@link fuseFrameScores}. */
export interface FusedScore {
  /** Fused live probability, 0-1. */
  readonly live: number;
  /** Fused log-odds. */
  readonly logit: number;
  /** Trimmed mean of the per-frame log-odds. */
  readonly meanLogit: number;
  /** Effective number of independent frames, `n / (1 + (n - 1) · ρ)`. */
  readonly effectiveFrames: number;
}

/** `ln(p / (1 - p))` with p clipped to [1e-4, 1 - 1e-4]. */
export function logit(p: number): number {
  const q = Math.min(1 - P_CLIP, Math.max(P_CLIP, p));
  return Math.log(q / (1 - q));
}

/** `1 / (1 + e^-x)`. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Fuses the live probabilities of several frames of one video into one.
 *
 * Each frame's probability is turned into log-odds (evidence). The evidence is averaged with a trimmed mean (the
 * highest and lowest frame dropped when there are 5 or more, so one blurred or occluded frame does not swing the
 * result) and scaled by the square root of the effective number of independent frames: this is Stouffer's method of
 * combining evidence (Stouffer et al. 1949; for correlated tests, Z = Σz / sqrt(Σ_ij ρ_ij), Strube 1985), applied
 * to log-odds, with every pair of frames assumed to have correlation ρ. With ρ = 1 (frames carry no new evidence)
 * the fused score equals the mean frame; with ρ = 0 (independent frames) it is the naive-Bayes-like sqrt(n) gain.
 * The default ρ = 0.5 gives 8 frames the weight of 1.78 independent ones, so a video whose frames agree is more
 * confident than any one of its frames (SPEC.md 4.3), in either direction, while frames that disagree cancel out.
 *
 * @param probabilities - per-frame live probabilities, 0-1 (at least one)
 * @param rho - assumed inter-frame correlation, 0-1
 * @throws {RangeError} when `probabilities` is empty or `rho` is outside [0, 1]
 */
export function fuseFrameScores(probabilities: readonly number[], rho: number): FusedScore {
  const n = probabilities.length;
  if (n === 0) throw new RangeError('At least one frame score is needed.');
  if (!(rho >= 0 && rho <= 1)) throw new RangeError(`Frame correlation must be in [0, 1], got ${rho}.`);
  const logits = probabilities.map(logit).sort((a, b) => a - b);
  const kept = n >= 5 ? logits.slice(1, -1) : logits;
  const meanLogit = kept.reduce((s, v) => s + v, 0) / kept.length;
  const effectiveFrames = n / (1 + (n - 1) * rho);
  const fused = meanLogit * Math.sqrt(effectiveFrames);
  return { live: sigmoid(fused), logit: fused, meanLogit, effectiveFrames };
}
