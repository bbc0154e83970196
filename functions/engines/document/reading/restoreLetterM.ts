import { alternativeRatio, type Alternative } from '../mrz/correctMrz.ts';
import type { Span } from './decodeMrzLine.ts';

/** Options of {@link restoreLetterM}. */
export interface RestoreLetterMOptions {
  /**
   * Smallest ratio of the recogniser's probability of `M` to that of the letter read (both at the position's frames,
   * decodeFixedLength's `alternatives`) for an `N` of a name to be taken for an `M`. `npm run eval:glyph-heights`
   * reports the evidence (docs/accuracy.md, "Letters M read as N"). Set first at 0.1 (2026-11-26) from a debugging
   * script (not kept) that read the lines of synthetic seeds 70707, 99 and 60606 whole and in windows: 5 readings of
   * `M`s read `N` (in 3 documents) gave `M` 0.125-0.763, the 1059 genuine `N`s at most 0.047; the script found, on the
   * real specimens, seeds 4242 and 7 and probe seed 3 (lines read whole only), no `M` read `N` and none of the 708
   * genuine `N`s at 0.1 or more (the highest 0.056; with seeds 70707, 99 and 60606 added, none of 1238). Raised to
   * 0.5 the same day: the ICAO specimen of ../shared/data/documents turned by 15° (`npm run eval:document --
   * --rotate 15`) read `ANNA` as `AMNA`, its genuine `N` giving `M` 0.209, while the three documents the rule mends
   * gave 0.51-0.81 in their winning readings (`ONAR` of seeds 70707 and 99, `RANIREZ` of probe seed 11; read off
   * the engine while debugging). A bound fitted on those few cases: the gap between genuine and misread `N`s is
   * narrower on real photos than the synthetic sets showed.
   * @default 0.5
   */
  readonly minRatio?: number;
}

/** The defaults of {@link RestoreLetterMOptions} (also read by scripts/eval-glyph-heights.ts). */
export const LETTER_M_DEFAULTS = { minRatio: 0.5 } as const;

/**
 * Letters of names turned into `M` where the recogniser doubted them (see {@link restoreLetterM}): `N` only. `M`s are
 * also read `R` and `H`, but genuine `R`s and `H`s leave `M` as much: a genuine `R` of `PEREIRA` gave it 0.197-0.311
 * on probe seed 11 `probe-0030` (a debugging run of the engine with `R` included, 2026-11-26, which returned
 * `PEREIMA`), genuine `H`s up to 0.604 (seed 70707, `npm run eval:glyph-heights` with seeds 70707, 99 and 60606
 * added).
 */
export const LETTER_M_LOOK_ALIKES = 'N';

/**
 * Turns back into `M` the `N`s of a line's name fields at which the recogniser gave `M` at least `minRatio` of the
 * probability of the `N`. In small or blurred captures the OCR-B `M` loses its middle strokes and PP-OCRv4, trained on
 * general text, reads it as `N`: `OMAR` read `ONAR` on synthetic seeds 70707 and 99, `RAMIREZ` read `RANIREZ` on probe
 * seed 11. Names carry no check digit; a genuine `N` seldom leaves `M` much (see `minRatio`), so the recogniser's own
 * doubt tells the two apart. `R` and `H` are not turned ({@link LETTER_M_LOOK_ALIKES}), so the real British specimen's
 * `KINGDOM`, read `KINGDOH`, stays wrong.
 *
 * @param text - the line as decoded (MRZ characters, the layout's length)
 * @param alternatives - per position, the allowed characters with their probabilities (decodeFixedLength's
 *   `alternatives`); where absent, nothing is changed
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the line with the restored letters, and their positions (0-based, ascending; empty when nothing changed)
 */
export function restoreLetterM(
  text: string,
  alternatives: ReadonlyArray<readonly Alternative[]>,
  names: readonly Span[],
  opts: RestoreLetterMOptions = {},
): { text: string; restored: number[] } {
  const { minRatio } = { ...LETTER_M_DEFAULTS, ...opts };
  const chars = [...text];
  const restored: number[] = [];
  for (const span of names) {
    for (let i = span.start; i < span.end; i++) {
      const read = chars[i] as string;
      if (!LETTER_M_LOOK_ALIKES.includes(read)) continue;
      if (alternativeRatio(alternatives[i], 'M', read) >= minRatio) {
        chars[i] = 'M';
        restored.push(i);
      }
    }
  }
  return restored.length === 0 ? { text, restored } : { text: chars.join(''), restored };
}
