import type { Span } from './decodeMrzLine.ts';

/**
 * Compares the names of two readings of one MRZ (same format, lines as decoded): 1 when `a`'s names extend `b`'s,
 * -1 when `b`'s extend `a`'s, 0 otherwise. `a` extends `b` when the name fields of the two differ only at positions
 * where `a` has a letter other than `K` and `C` right after a letter and `b` a filler (`OLGA<<` against `OLG<<<`), at
 * least once, and the lines are the same everywhere else.
 *
 * A letter next to a filler run is dropped by the recogniser more often than invented there: PP-OCRv4 reads MRZ lines
 * wider than its training crops in overlapping windows (ocr/paddle/paddleLineRecognizer.ts), and a letter where two
 * windows meet can be lost in the stitch (synthetic seed 70707 `syn-0149`: the window whose right edge lay just past
 * the `A` of `OLGA<<<` read it, the next, overlapping it there, read a blank, and the stitch took that frame from the
 * second; the stitched reading `OLG<<<<` was the more probable per frame and beat the line read whole). The
 * fixed-length decoder then keeps the line's length with one more filler, which no check digit sees, and nameGaps.ts
 * cannot either: the dropped letter has no right-hand neighbour but fillers, which CTC spreads. A letter before a
 * filler that survived readMrzZone's filler rules (restoreFillers.ts, restoreSeparator.ts `restoreNameFillers`: the
 * recogniser gave the filler less than 0.05 of it) is kept. Measured with `npm run eval:document` on the synthetic
 * seeds and probe sets, see docs/document-verification-log.md ("Seventeenth session").
 *
 * @param a - the first reading's lines (MRZ characters, the format's lengths)
 * @param b - the second reading's lines, same format
 * @param namesOf - the name fields of line `i` (decodeMrzLine.ts `lineFieldsOf(format, i).names`)
 * @returns 1, -1 or 0 (also 0 when the readings are the same, or differ otherwise)
 */
export function nameExtension(a: readonly string[], b: readonly string[], namesOf: (line: number) => readonly Span[]): -1 | 0 | 1 {
  let aLonger = 0;
  let bLonger = 0;
  for (let line = 0; line < a.length; line++) {
    const x = a[line] ?? '';
    const y = b[line] ?? '';
    if (x.length !== y.length) return 0;
    const names = namesOf(line);
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      if (!names.some((s) => i >= s.start && i < s.end)) return 0;
      if (kept(x[i]) && y[i] === '<' && isLetter(x[i - 1])) aLonger++;
      else if (kept(y[i]) && x[i] === '<' && isLetter(y[i - 1])) bLonger++;
      else return 0;
    }
  }
  if (aLonger > 0 && bLonger === 0) return 1;
  if (bLonger > 0 && aLonger === 0) return -1;
  return 0;
}

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && ch >= 'A' && ch <= 'Z';
}

/**
 * Letters the recogniser reads where a filler is printed, which a filler in the other reading may well be right
 * about: `K` (its second choice at nearly every filler, restoreFillers.ts) and `C` (a blurred chevron). The first
 * version counted them too and, on the AAMVA enhanced licence specimen turned by 35° (`npm run eval:document --
 * --rotate 35`), preferred `APELDALKGYNG` to `APELDAL<GYNG`.
 */
const FILLER_LOOK_ALIKES = 'KC';

/** A letter that, against a filler, counts as kept ({@link FILLER_LOOK_ALIKES} do not). */
function kept(ch: string | undefined): boolean {
  return isLetter(ch) && !FILLER_LOOK_ALIKES.includes(ch as string);
}
