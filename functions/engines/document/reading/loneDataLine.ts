import type { MrzFormat } from '../constants.ts';
import { verifiesCheckDigit } from '../mrz/computeCheckDigit.ts';
import { MRZ_LAYOUTS } from '../mrz/layouts.ts';

/** A line read alone that is one line of an MRZ by its own check digits (see {@link loneDataLine}). */
export interface LoneDataLine {
  /** The format whose line it fits (its length is that format's line length). */
  readonly format: MrzFormat;
  /** Which line of that format, 0-based (1: a TD2 or TD3 data line, or a TD1's second line). */
  readonly line: number;
  /** Check digits lying wholly on that line that verify, counting only those over at least one character other than `<`. */
  readonly verified: number;
}

/**
 * Fewest check digits of a line's own that must verify for {@link loneDataLine} to take it for an MRZ line: two.
 * One check digit verifies a random reading one time in ten; two, one time in a hundred, and a line of exactly an
 * MRZ line's length is already rare among a page's other text. The lines that carry two or more are the data lines
 * of TD2 and TD3 (document number, birth date, expiry, and the composite, which lies wholly on a TD3's or TD2's
 * second line, ICAO Doc 9303 Parts 4 and 6) and a TD1's second line (birth date, expiry; Part 5). A TD1's first line
 * carries one (the document number) and its names line none: those are never taken alone. Not tuned.
 */
export const LONE_LINE_MIN_VERIFIED = 2;

/**
 * Whether a line read on its own is a line of an MRZ, proven by its own check digits: for each format whose line
 * length is exactly the text's, and each line of that format, the check digits whose checked characters and digit
 * all lie on that line (ICAO Doc 9303 Part 3 §4.9; fields as mrz/layouts.ts `MRZ_LAYOUTS` places them) are
 * computed on the text as that line; a check over fillers only (an empty personal number printed `<`) does not count.
 * The line with the most verifying, at least {@link LONE_LINE_MIN_VERIFIED}, is returned.
 *
 * Used by reading/readMrzZone.ts (step 6) when no MRZ could be put together because the detector boxed only one of
 * its lines (the names line under a stamp), to look for the others in the zone around this one.
 *
 * @param text - a line's free reading (greedy CTC decoding), MRZ characters expected
 * @returns the line it fits, or null where none of its own check digits prove it, or its length fits no MRZ line
 * @example loneDataLine('L898902C36UTO7408122F1204159ZE184226B<<<<<10') // { format: 'TD3', line: 1, verified: 5 }
 */
export function loneDataLine(text: string): LoneDataLine | null {
  if (!/^[0-9A-Z<]+$/.test(text)) return null;
  let best: LoneDataLine | null = null;
  for (const layout of Object.values(MRZ_LAYOUTS)) {
    if (layout.length !== text.length) continue;
    for (let line = 0; line < layout.lines; line++) {
      let verified = 0;
      for (const check of layout.checks) {
        if (check.digit.line !== line || check.ranges.some((r) => r.line !== line)) continue;
        const checked = check.ranges.map((r) => text.slice(r.start, r.end)).join('');
        if (/^<*$/.test(checked)) continue;
        if (verifiesCheckDigit(checked, text[check.digit.index] as string)) verified++;
      }
      if (verified >= LONE_LINE_MIN_VERIFIED && (!best || verified > best.verified)) best = { format: layout.format, line, verified };
    }
  }
  return best;
}
