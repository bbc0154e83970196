import type { MrzFormat } from '../constants.ts';
import { median } from '../image/glyphHeights.ts';
import { computeCheckDigit } from '../mrz/computeCheckDigit.ts';
import { MRZ_LAYOUTS } from '../mrz/layouts.ts';
import type { Span } from './decodeMrzLine.ts';

/** Options of {@link restoreFillers}. */
export interface RestoreFillersOptions {
  /**
   * A `C` is taken for a filler when its height lies below this share of the way from the line's filler height to
   * its letter height (0: as low as the fillers, 1: as tall as the letters). `npm run eval:glyph-heights` reports
   * the evidence on the shared real specimens and synthetic sets (docs/accuracy.md): on the name fields of seeds
   * 4242 and 7, 61 of the 70 fillers read as `C` lie below 0.35 (the highest at 0.55) and none of the 87 genuine
   * `C`s with the real specimens' (the lowest at 0.95). {@link restorePadding} uses the same share between the
   * filler and digit heights: there the 50 fillers read as digits lie below it (the highest at 0.24) and none of the
   * 1806 genuine digits of optional data (the lowest at 0.38); check digits decide as well.
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
 * Where a height lies between a line's filler height and its character height: `(h - filler) / (chars - filler)`
 * (0: as low as the fillers, 1: as tall as the characters), or null when either has fewer than `minReference`
 * heights or the two medians differ by less than `minGap` of the character height (they cannot be told apart).
 */
function shareScale(fillers: readonly number[], chars: readonly number[], minReference: number, minGap: number): ((h: number) => number) | null {
  if (fillers.length < minReference || chars.length < minReference) return null;
  const filler = median(fillers);
  const char = median(chars);
  if (char - filler < minGap * char) return null;
  return (h) => (h - filler) / (char - filler);
}

/**
 * The scale {@link restoreFillers} judges a line's glyphs on: the share of the way from the filler height (median
 * height of the characters read `<`) to the letter height (median height of the letters read other than `C`), or
 * null when the line cannot be judged (see {@link shareScale}).
 */
export function nameLineScale(text: string, heights: ReadonlyArray<number | null>, opts: RestoreFillersOptions = {}): ((h: number) => number) | null {
  const { minReference, minGap } = { ...defaults, ...opts };
  const fillers: number[] = [];
  const letters: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const h = heights[i];
    if (h === null || h === undefined) continue;
    const ch = text[i] as string;
    if (ch === '<') fillers.push(h);
    else if (ch >= 'A' && ch <= 'Z' && ch !== 'C') letters.push(h);
  }
  return shareScale(fillers, letters, minReference, minGap);
}

/**
 * Turns back into fillers the `C`s of a line's name fields whose glyphs are filler-sized. The MRZ filler `<` of
 * OCR-B (ICAO Doc 9303 Part 3 §4.1, ISO 1073-2) is a chevron about four fifths as high as a capital letter (0.81
 * of the letter height at the median on the real specimens, 0.84 on the synthetic sets; `npm run eval:glyph-heights`), open to
 * the right like a `C`. On blurred, low-resolution captures the recogniser (trained on general text, where `<` is
 * rare) reads it as `C`, often leaving the `<` next to nothing (a rule taking a `C` for a filler where the `<` had
 * at least 0.02 fixed no document of seeds 7 and 4242, 2026-11-22), so names came out as
 * `CHENCCLUCASCAHMED<CC<CE<CCCC`. Names carry no check digit; the glyph's height tells the two apart.
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
  const { maxShare } = { ...defaults, ...opts };
  const unchanged = { text, restored: [] };
  if (names.length === 0) return unchanged;
  const share = nameLineScale(text, heights, opts);
  if (!share) return unchanged;
  const chars = [...text];
  const restored: number[] = [];
  for (const span of names) {
    for (let i = span.start; i < span.end; i++) {
      const h = heights[i];
      if (chars[i] !== 'C' || h === null || h === undefined) continue;
      if (share(h) < maxShare) {
        chars[i] = '<';
        restored.push(i);
      }
    }
  }
  return restored.length === 0 ? unchanged : { text: chars.join(''), restored };
}

/**
 * Fields that ICAO pads with fillers after their data (Doc 9303 Part 3 §4.3, Parts 4-6), with the TD3 personal
 * number's check digit, which is a filler when the number is (Part 4 §4.2.2.1).
 */
const PADDED_FIELDS = new Set(['personalNumber', 'personalNumberCheckDigit', 'optional1', 'optional2']);

/** The {@link PADDED_FIELDS} of a format. */
export function paddedFields(format: MrzFormat): ReadonlyArray<(typeof MRZ_LAYOUTS)[MrzFormat]['fields'][number]> {
  return MRZ_LAYOUTS[format].fields.filter((f) => PADDED_FIELDS.has(f.field));
}

/**
 * The scale {@link restorePadding} judges line `line` of a window on: the share of the way from the filler height
 * (median height of the line's characters read `<`, or of the window's when the line has fewer than
 * `minReference`) to the digit height (median height of the line's digits outside {@link PADDED_FIELDS}), or null
 * when it cannot be judged (see {@link shareScale}).
 */
export function paddingLineScale(
  format: MrzFormat,
  lines: readonly string[],
  heights: ReadonlyArray<ReadonlyArray<number | null> | null>,
  line: number,
  opts: RestoreFillersOptions = {},
): ((h: number) => number) | null {
  const { minReference, minGap } = { ...defaults, ...opts };
  const padded = paddedFields(format);
  const inPadded = (i: number) => padded.some((f) => f.line === line && i >= f.start && i < f.end);
  const fillerHeights = (l: number): number[] => {
    const h = heights[l];
    const text = lines[l] ?? '';
    return h ? [...text].flatMap((ch, i) => (ch === '<' && typeof h[i] === 'number' ? [h[i] as number] : [])) : [];
  };
  const h = heights[line];
  if (!h) return null;
  const own = fillerHeights(line);
  const fillers = own.length >= minReference ? own : lines.flatMap((_, l) => fillerHeights(l));
  const digits = [...(lines[line] ?? '')].flatMap((ch, i) => (ch >= '0' && ch <= '9' && !inPadded(i) && typeof h[i] === 'number' ? [h[i] as number] : []));
  return shareScale(fillers, digits, minReference, minGap);
}

/**
 * Turns into fillers the characters of a window's optional-data fields ({@link PADDED_FIELDS}) whose glyphs are
 * filler-sized: the blurred filler runs of an empty personal number read as `4444<4<5` (the `4`'s open top and the
 * chevron look alike when blurred). Per line, the filler height is the median height of the characters read as `<`
 * (of the whole window's, when the line has fewer than `minReference`), the character height the median height of
 * the digits read outside those fields. ICAO pads these fields after their data, so each field is walked from its
 * end: a character other than `<` whose height lies below `maxShare` of the way from the one to the other becomes
 * `<`, and the walk stops at the first that does not (the data), or at a character no check digit could tell from
 * a filler (`0`, `A`, `K`, `U`; a stray `K` is mrz/padOptionalData.ts's). Digits measure shorter than letters more
 * often (a `4` or `1` whose thin strokes end below half the ink), so the caller must take the result only where
 * check digits prove it (readMrzZone.ts: every check digit of the window then verifies, with no correction). Turning
 * filler-sized `4`s inside a personal number into fillers (`74374338262` to `7<37<338262`) and letting a
 * correction mend the check digit made a wrong number verify on the synthetic set of seed 60606.
 *
 * @param format - the MRZ format
 * @param lines - the window's decoded lines
 * @param heights - per line, per position, the glyph height in pixels (null where unmeasured; a null line: no image)
 * @returns the lines with the restored fillers, or null when nothing changed
 */
export function restorePadding(
  format: MrzFormat,
  lines: readonly string[],
  heights: ReadonlyArray<ReadonlyArray<number | null> | null>,
  opts: RestoreFillersOptions = {},
): string[] | null {
  const { maxShare } = { ...defaults, ...opts };
  const padded = paddedFields(format);
  const out = [...lines];
  let changed = false;
  for (let line = 0; line < lines.length; line++) {
    const h = heights[line];
    const text = lines[line] as string;
    if (!h || !padded.some((f) => f.line === line)) continue;
    const share = paddingLineScale(format, lines, heights, line, opts);
    if (!share) continue;
    const chars = [...text];
    const fillerSized = (i: number) => {
      const hi = h[i];
      return typeof hi === 'number' && checkVisible(chars[i] as string) && share(hi) < maxShare;
    };
    // Padding follows the data: each field from its end, up to the first character that is not filler-sized.
    for (const field of padded) {
      if (field.line !== line) continue;
      for (let i = field.end - 1; i >= field.start; i--) {
        if (chars[i] === '<') continue;
        if (!fillerSized(i)) break;
        chars[i] = '<';
        changed = true;
      }
    }
    out[line] = chars.join('');
  }
  return changed ? out : null;
}

/**
 * Whether turning the character into a filler changes a check digit: ICAO values `0`, `A`, `K`, `U` as 0, 10, 20, 30,
 * which add 0 (mod 10) at every weight as the filler does, so no check digit can prove them fillers (the `A` of the
 * Chinese specimen's personal number `A234567893`, turned by 15°, measured filler-sized and went through).
 */
function checkVisible(ch: string): boolean {
  return computeCheckDigit(ch) !== 0;
}
