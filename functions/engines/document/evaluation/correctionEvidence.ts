import { RIVAL_BOUNDS, rivalRefutes, type WeighedCorrection } from '../reading/confirmCorrections.ts';

/** Whether a weighed correction restored the characters printed: `unknown` when the labels give no printed lines. */
export type CorrectionTruth = 'right' | 'wrong' | 'unknown';

/** A correction step 12 weighed on one case, judged against the case's printed MRZ. */
export interface JudgedCorrection {
  /** The case, as `set/file`. */
  readonly case: string;
  readonly weighed: WeighedCorrection;
  readonly truth: CorrectionTruth;
  /**
   * The largest share (third character's probability / the correction's character's, 0..∞) over the changes whose
   * third character reaches `RIVAL_BOUNDS.minP`; null when none does (or the correction's character had
   * probability 0).
   */
  readonly share: number | null;
}

/**
 * Judges a correction against the lines printed (the labels' `mrz.normalizedLines`, else `mrz.lines`): right when
 * every character it changed is the one printed there, wrong when one is not.
 *
 * @param printed - the MRZ lines as printed, or null/undefined when the labels give none
 * @param w - the correction as step 12 weighed it (reading/confirmCorrections.ts)
 * @returns `unknown` when there are no printed lines or a change lies outside them
 */
export function judgeCorrection(printed: readonly string[] | null | undefined, w: WeighedCorrection): CorrectionTruth {
  if (!printed) return 'unknown';
  let right = true;
  for (const x of w.changes) {
    const ch = printed[x.line]?.charAt(x.index);
    if (!ch) return 'unknown';
    if (ch !== x.to) right = false;
  }
  return right ? 'right' : 'wrong';
}

/**
 * The share reading/confirmCorrections.ts `refuteByRivals` compares with `RIVAL_BOUNDS.minShare`: over a correction's changes whose third
 * character reaches `RIVAL_BOUNDS.minP`, the largest ratio of its probability to the correction's character's.
 *
 * @returns the share (≥ 0), or null when no change has such a third character
 */
export function rivalShare(w: WeighedCorrection): number | null {
  let best: number | null = null;
  for (const x of w.changes) {
    if (x.p <= 0 || !x.rival || x.rival.p < RIVAL_BOUNDS.minP) continue;
    const share = x.rival.p / x.p;
    if (best === null || share > best) best = share;
  }
  return best;
}

/** Right or wrong corrections of a run, summed up: how many, how many `RIVAL_BOUNDS` refutes, the largest shares. */
export interface CorrectionSpread {
  readonly count: number;
  /** Those a change of which refutes under `RIVAL_BOUNDS` (confirmCorrections.ts `rivalRefutes`). */
  readonly refuted: number;
  /** The corrections with a share, largest first (at most `top`). */
  readonly largest: readonly JudgedCorrection[];
}

/**
 * The spread of {@link rivalShare} over right and over wrong corrections: the evidence `RIVAL_BOUNDS.minShare` must
 * lie between (above every right correction's share, at or below the wrong ones').
 *
 * @param judged - the corrections of a run, judged ({@link judgeCorrection}); `unknown` ones are left out
 * @param top - how many of the largest shares to keep per side
 */
export function correctionSpread(judged: readonly JudgedCorrection[], top = 5): { right: CorrectionSpread; wrong: CorrectionSpread } {
  const side = (truth: CorrectionTruth): CorrectionSpread => {
    const of = judged.filter((j) => j.truth === truth);
    return {
      count: of.length,
      refuted: of.filter((j) => j.weighed.changes.some((x) => rivalRefutes(x))).length,
      largest: of
        .filter((j) => j.share !== null)
        .sort((a, b) => (b.share as number) - (a.share as number))
        .slice(0, top),
    };
  };
  return { right: side('right'), wrong: side('wrong') };
}
