import type { Span } from './decodeMrzLine.ts';

/** Options of {@link restoreFillers}. */
export interface RestoreFillersOptions {
  /**
   * A `C` is taken for a filler when its height lies below this share of the way from the line's filler height to
   * its letter height (0: as low as the fillers, 1: as tall as the letters). Chosen on the name fields of the
   * synthetic sets of seeds 4242 and 7 (`npm run gen:documents`, hard captures) and the shared real specimens,
   * measured with the shipped recogniser on 2026-11-22 (see docs/document-verification.md): the 70 fillers read as
   * `C` lay at 0.44 or below but one (0.60); the 86 genuine `C`s at 0.52 or above (the real specimens' at 0.94 or
   * above). At 0.35, 64 of the 70 are restored and no `C` is lost.
   * @default 0.35
   */
  readonly maxShare?: number;
  /** Fewest fillers and fewest letters other than `C` read in the line for the heights to be trusted. @default 3 */
  readonly minReference?: number;
  /**
   * Smallest gap between the letter and filler heights, as a share of the letter height, for the line to be judged:
   * below it, the two cannot be told apart in this image.
   * @default 0.08
   */
  readonly minGap?: number;
}

const defaults = { maxShare: 0.35, minReference: 3, minGap: 0.08 } as const;

/**
 * Turns back into fillers the `C`s of a line's name fields whose glyphs are filler-sized. The MRZ filler `<` of
 * OCR-B (ICAO Doc 9303 Part 3 §4.1, ISO 1073-2) is a chevron about four fifths as high as a capital letter (0.81 at
 * the median, measured on the same sets), open to the right like a `C`; on blurred, low-resolution captures the
 * recogniser (trained on general text, where `<` is rare) reads it as `C` with near certainty (the `<` had less
 * than 0.02 of the probability at such frames), so names came out as `CHENCCLUCASCAHMED<CC<CE<CCCC`. Names carry no
 * check digit, and the recogniser's probabilities cannot tell the two apart; the glyph's height can.
 *
 * The line's filler height is the median height of the characters read as `<`; its letter height, the median height
 * of the letters read other than `C` (either anywhere in the line). A `C` in a name field whose height `h` satisfies
 * `(h - filler) / (letter - filler) < maxShare` becomes `<`. Lines with fewer than `minReference` of either, or
 * whose two heights differ by less than `minGap`, are left as read.
 *
 * @param text - the line as decoded (MRZ characters, the layout's length)
 * @param heights - per position, the glyph's ink height in pixels, or null where unmeasured (image/glyphHeights.ts)
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the line with the restored fillers, and their positions (0-based, ascending; empty when nothing changed)
 */
export function restoreFillers(
  text: string,
  heights: ReadonlyArray<number | null>,
  names: readonly Span[],
  opts: RestoreFillersOptions = {},
): { text: string; restored: number[] } {
  const { maxShare, minReference, minGap } = { ...defaults, ...opts };
  const unchanged = { text, restored: [] };
  if (names.length === 0) return unchanged;
  const fillers: number[] = [];
  const letters: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const h = heights[i];
    if (h === null || h === undefined) continue;
    const ch = text[i] as string;
    if (ch === '<') fillers.push(h);
    else if (ch >= 'A' && ch <= 'Z' && ch !== 'C') letters.push(h);
  }
  if (fillers.length < minReference || letters.length < minReference) return unchanged;
  const filler = median(fillers);
  const letter = median(letters);
  if (letter - filler < minGap * letter) return unchanged;
  const chars = [...text];
  const restored: number[] = [];
  for (const span of names) {
    for (let i = span.start; i < span.end; i++) {
      const h = heights[i];
      if (chars[i] !== 'C' || h === null || h === undefined) continue;
      if ((h - filler) / (letter - filler) < maxShare) {
        chars[i] = '<';
        restored.push(i);
      }
    }
  }
  return restored.length === 0 ? unchanged : { text: chars.join(''), restored };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
