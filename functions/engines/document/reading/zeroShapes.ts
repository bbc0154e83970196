import type { MrzFormat } from '../constants.ts';
import { positionClasses } from '../mrz/layouts.ts';
import { median } from '../image/glyphHeights.ts';
import { paddedFields, shareScale } from './restoreFillers.ts';

/** Options of {@link zeroShapes}. */
export interface ZeroShapesOptions {
  /**
   * A `0` is letter-sized when its height lies below this share of the way from the line's letter height to its digit
   * height (0: as tall as the letters, 1: as tall as the digits). `npm run eval:glyph-heights` reports the evidence
   * (docs/accuracy.md, "Glyph heights of MRZ fillers", letters `O` and zeros): on the shared real specimens, the
   * synthetic sets of seeds 4242 and 7 and the probe set of seed 3 (`npm run gen:documents:probe`), 23 of the 36
   * letters `O` read as `0` (in lines the scale could judge) lie below 0.55, and none of the 626 genuine zeros (the
   * lowest at 0.60, on a real Swiss card; on the synthetic sets at 0.91). Re-run on 2026-11-25 with seed 7 regenerated
   * by the generator of that day: 18 of 33 below, none of 592 genuine zeros (the lowest at 0.60; on the synthetic sets
   * at 0.84). Lines that have zeros at digit-only positions are judged by `maxZeroRatio` instead. Re-run again on
   * 2026-11-25 with the glyphs measured in the line image with its margin (readMrzZone.ts `zeroHeights`; the same
   * sets): 24 of 38 below, none of 632 genuine zeros (the lowest at 0.59; synthetic 0.84).
   * @default 0.55
   */
  readonly maxShare?: number;
  /**
   * An `O` read is digit-sized when its height lies at or above this share of the way from the line's letter height to
   * its digit height: 1, as tall as the line's digits at least. `npm run eval:glyph-heights` (docs/accuracy.md, tables
   * of letters `O` and zeros) finds the 2 zeros read as `O` on the sets above at 1.15 or more, and 3 of the 64 genuine
   * letters `O` read as `O` at 1 or more (the highest at 1.37; re-run with seed 7 regenerated: 4 of 76, the highest at
   * 1.58; measured with the margin: 4 of 76, the highest at 1.56, and both zeros read as `O` at 1.15 or more): a few
   * genuine `O`s pass any bound, so check digits decide.
   * @default 1
   */
  readonly minDigitShare?: number;
  /**
   * A `0` is letter-sized when its height lies below this share of the line's zero height: the median height of the
   * zeros read where only digits are allowed (dates, check digits), which share the round glyph's overshoot that flat
   * letters and digits lack. OCR-B draws its `O` at about 0.93 of its `0` (74 against 80 units,
   * test/unit/engines/document/ocrbMetrics.test.ts). Where the line has such zeros, this ratio judges its zeros instead
   * of `maxShare`. `npm run eval:glyph-heights` reports the evidence (docs/accuracy.md, "Glyph heights of MRZ fillers",
   * zeros against the zero height): on the shared real specimens, the synthetic sets of seeds 4242 and 7 and the probe
   * set of seed 3, 23 of the 25 letters `O` read as `0` in lines with such zeros lie below 0.95 (the highest at 1.00);
   * 2 of the 447 genuine zeros lie below it too (0.94, on the real Icelandic passport and on seed 7), where check
   * digits must then refute the hypothesis (mrz/correctMrz.ts `glyphShapes`). Measured with the margin (see
   * `maxShare`): 23 of 25 below (the highest at 0.98, the real specimen's), and the same 2 of 447 genuine zeros.
   * @default 0.95
   */
  readonly maxZeroRatio?: number;
  /** Fewest letters and fewest digits read in the line for its heights to be trusted. @default 3 */
  readonly minReference?: number;
  /**
   * Smallest gap between the digit and letter heights, as a share of the digit height, for the line to be judged.
   * OCR-B as Debian's `fonts-ocr-b` draws it sets its digits 77-80 units high and its capitals 71-74 (at a 100-unit
   * font; test/unit/engines/document/ocrbMetrics.test.ts): about 8% apart. Lines measured closer than 4% cannot
   * tell the two apart.
   * @default 0.04
   */
  readonly minGap?: number;
}

/** The defaults of {@link ZeroShapesOptions} (also read by scripts/eval-glyph-heights.ts). */
export const ZERO_SHAPES_DEFAULTS = { maxShare: 0.55, maxZeroRatio: 0.95, minReference: 3, minDigitShare: 1, minGap: 0.04 } as const;
const defaults = ZERO_SHAPES_DEFAULTS;

/**
 * The scale {@link zeroShapes} judges line `line` on: the share of the way from the line's letter height
 * (median height of its letters read, other than `C`, `O` and `Q`) to its digit height (median height of its digits
 * read other than `0`, outside the fields ICAO pads with fillers, whose digits may be fillers misread), or null
 * when either has fewer than `minReference` heights or the two lie closer than `minGap`.
 *
 * @param format - the MRZ format
 * @param text - the line as decoded
 * @param heights - per position, the glyph height in pixels (null where unmeasured; image/glyphHeights.ts)
 * @param line - the line's index in the format (0-based)
 */
export function digitLineScale(
  format: MrzFormat,
  text: string,
  heights: ReadonlyArray<number | null>,
  line: number,
  opts: ZeroShapesOptions = {},
): ((h: number) => number) | null {
  const { minReference, minGap } = { ...defaults, ...opts };
  const letters: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const h = heights[i];
    const ch = text[i] as string;
    // `C` may be a filler (restoreFillers.ts), `O` and `Q` a zero: neither is a reference.
    if (typeof h === 'number' && ch >= 'A' && ch <= 'Z' && !'COQ'.includes(ch)) letters.push(h);
  }
  return shareScale(letters, digitHeights(format, text, heights, line), minReference, minGap);
}

/**
 * The heights of line `line`'s digits read other than `0`, outside the fields ICAO pads with fillers (whose digits
 * may be fillers misread): the digit reference of {@link digitLineScale}.
 *
 * @param format - the MRZ format
 * @param text - the line as decoded
 * @param heights - per position, the glyph height in pixels (null where unmeasured; image/glyphHeights.ts)
 * @param line - the line's index in the format (0-based)
 * @returns the heights in pixels, in line order
 */
export function digitHeights(format: MrzFormat, text: string, heights: ReadonlyArray<number | null>, line: number): number[] {
  const padded = paddedFields(format).filter((f) => f.line === line);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const h = heights[i];
    const ch = text[i] as string;
    if (typeof h === 'number' && ch >= '1' && ch <= '9' && !padded.some((f) => i >= f.start && i < f.end)) out.push(h);
  }
  return out;
}

/**
 * The zero height of line `line`: the median height of the zeros read where the layout allows digits only (dates,
 * check digits; ICAO Doc 9303 Part 3), or null when the line has none measured. Those positions cannot hold an `O`,
 * so their zeros are genuine, and they share the overshoot of the round glyph that flat letters and digits lack.
 *
 * @param format - the MRZ format
 * @param text - the line as decoded
 * @param heights - per position, the glyph height in pixels (null where unmeasured; image/glyphHeights.ts)
 * @param line - the line's index in the format (0-based)
 */
export function zeroReferenceHeight(format: MrzFormat, text: string, heights: ReadonlyArray<number | null>, line: number): number | null {
  const classes = positionClasses(format)[line] ?? [];
  const zeros: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const h = heights[i];
    if (text[i] === '0' && typeof h === 'number' && !(classes[i] ?? 'O').includes('O')) zeros.push(h);
  }
  return zeros.length === 0 ? null : median(zeros);
}

/**
 * The shapes of the zeros and letters `O` read where letters are allowed (document numbers, optional data): per line
 * and position, `'O'` where the glyph of a `0` is letter-sized (below `maxZeroRatio` of the line's zero height, or
 * on a line without reference zeros below `maxShare`) and where that of an `O` is not digit-sized, `'0'` where the
 * glyph of an `O` is digit-sized (at or above `minDigitShare`) and where that of a `0` is not letter-sized, `''`
 * elsewhere (another character, a position for digits only, or a line whose heights cannot be judged).
 *
 * In OCR-B (ICAO Doc 9303 Part 3 §4.1, ISO 1073-2) the letter O and the digit 0 differ in width only slightly,
 * and a recogniser trained on general text reads a letter-spaced `O` as `0` with 0.99 or more, leaving `O` less
 * than 0.001 (the probe set of `npm run gen:documents:probe`, seed 1). Their heights differ more: the digits stand
 * about 8% taller than the capitals. A `0` whose height lies below `maxZeroRatio` of the zeros read at the line's
 * digit-only positions ({@link zeroReferenceHeight}), or, on a line without such zeros (TD1 line 1 has one digit-only
 * position), below `maxShare` of the way from the line's letter height to its digit height ({@link digitLineScale}),
 * is reported here as evidence for the look-alike `O`, unless the line's letter-to-digit scale puts it at or above
 * `minDigitShare` (as tall as the line's digits): the zero height rests on the few zeros at digit-only positions,
 * and on a 331-px JPEG thumbnail of the real Icelandic passport (../shared/data/documents, quality 60) its three
 * (23.3, 24.7 and 25.0 px) put the seven genuine zeros of the document number `A0000000` at 0.91-0.94 of it,
 * while the letter-to-digit scale put them at 1.07 or more; turned all at once, they kept the check digit (weights
 * summing to 25: `O` and `0` differ by 24) and the number was returned as `A0O0OOOO`. The letters `O` read as `0`
 * of the developer sets lie at most at 0.90 on that scale (docs/accuracy.md, "Glyph heights of MRZ fillers").
 * Zeros are the better reference otherwise: the round glyphs overshoot
 * the flat ones by a share that varies with the capture, so a blurred line put letter `O`s read as `0` at 1.2 of
 * the letter-to-digit way and its genuine zeros at 2.3 (the probe set of seed 5). The
 * recogniser also errs the other way, now and then, reading the zeros of `3805079` as `38O5O79` (the probe set of
 * seed 3): an `O` at or above `minDigitShare` is reported as evidence for the look-alike `0`. The caller must take
 * either only where check digits prove it (mrz/correctMrz.ts `glyphShapes`), as heights alone misjudge now and then
 * (a blurred glyph measures shorter).
 *
 * @param format - the MRZ format
 * @param lines - the window's decoded lines
 * @param heights - per line, per position, the glyph height in pixels (null where unmeasured; a null line: no image).
 *   The engine measures them in the line image with a margin (readMrzZone.ts `zeroHeights`): glyphs that fill the
 *   recogniser's crop touch its edges and measure alike.
 * @returns per line, per position, `'O'`, `'0'` or `''`
 */
export function zeroShapes(
  format: MrzFormat,
  lines: readonly string[],
  heights: ReadonlyArray<ReadonlyArray<number | null> | null>,
  opts: ZeroShapesOptions = {},
): string[][] {
  const { maxShare, maxZeroRatio, minDigitShare } = { ...defaults, ...opts };
  const classes = positionClasses(format);
  return lines.map((text, line) => {
    const out = [...text].map(() => '');
    const h = heights[line];
    if (!h || !/[0O]/.test(text)) return out;
    const share = digitLineScale(format, text, h, line, opts);
    const zero = zeroReferenceHeight(format, text, h, line);
    if (!share && zero === null) return out;
    for (let i = 0; i < text.length; i++) {
      const hi = h[i];
      const ch = text[i];
      if ((ch !== '0' && ch !== 'O') || typeof hi !== 'number' || !(classes[line]?.[i] ?? '').includes('O')) continue;
      // A zero as tall as the line's digits is no letter, whatever the few reference zeros say (see the docstring).
      if (ch === '0') out[i] = zero !== null ? (hi < maxZeroRatio * zero && !(share && share(hi) >= minDigitShare) ? 'O' : '0') : share && share(hi) < maxShare ? 'O' : '0';
      else if (share) out[i] = share(hi) >= minDigitShare ? '0' : 'O';
    }
    return out;
  });
}
