import type { MrzFormat } from '../constants.ts';
import type { PositionAlternatives } from '../mrz/correctMrz.ts';
import { CHECKED_GROUP, MRZ_LAYOUTS } from '../mrz/layouts.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';

/**
 * Least probability the own MRZ recogniser (trained on OCR-B) must give the other one of `0` and `O` at a position of
 * the document number for {@link restoreOwnLookAlikes} to set it back. Set after the cases that prompted the step
 * (three documents printed with a changed character, where the own recogniser read the printed `O` at 0.9991, 0.9998
 * and 0.9991 and the reading returned held a `0`), then measured on the sets in docs/document-verification.md "Zeros
 * the own recogniser reads as letters" (forty-first session, a debugging hook): over 1,595 `0`s and `O`s of document
 * numbers in 703 readings of documents to read (the docs/accuracy.md battery, blind photo seeds 16-19, print seed 1),
 * the own recogniser gave the other look-alike at most 0.78. Not tuned beyond that.
 */
export const OWN_LOOK_ALIKE_MIN_P = 0.99;

/** The OCR-B look-alikes {@link restoreOwnLookAlikes} sets back: the digit zero and the letter O. */
const ZERO_PAIR: Readonly<Record<string, string>> = { '0': 'O', O: '0' };

/** A character of the document number set back to the own recogniser's reading by {@link restoreOwnLookAlikes}. */
export interface LookAlikeRestoration {
  /** Line (0-based) and position (0-based) in the MRZ. */
  readonly line: number;
  readonly index: number;
  /** The character of the reading (`0` or `O`) and the one set back (the other). */
  readonly from: string;
  readonly to: string;
  /** The own recogniser's probability of `to` at that position (0-1). */
  readonly p: number;
}

/**
 * Step 13 of readMrzZone.ts: a `0` or `O` of a document number that verifies, where the own MRZ recogniser, reading
 * the line again in the reading's quad, gives the other one at least `minP`, is set back to what it read; the check
 * digits then judge the field as printed. The document number's check digit is its only proof (the composite weighs
 * it as its own digit does, layouts.ts `singleProofGroups`), and an `O` and a `0` differ in it by 24 times the weight,
 * never a multiple of 10: a document whose number was printed with an `O` in place of another character (`A`, `K`,
 * `U`, `0`, `<` weigh alike modulo 10) verifies when that `O` is read as `0`, by PaddleOCR (whose reading replaces a
 * first one failing its digit, step 7) or by a correction the digit proves (step 3). The own recogniser reads the
 * printed `O` as such with confidence there, and it is that glyph evidence, not the check digit, that decides.
 * Only a verifying document number is touched: one that fails stays refused as it is.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after the other steps
 * @param own - per line, per position, the own recogniser's alternatives (most probable first; its reading of the
 *   line decoded with the layout), or an empty list for a line it did not read
 * @param minP - see {@link OWN_LOOK_ALIKE_MIN_P}
 * @returns the lines (changed or not) and the characters set back (empty when none)
 */
export function restoreOwnLookAlikes(format: MrzFormat, lines: readonly string[], own: PositionAlternatives, minP = OWN_LOOK_ALIKE_MIN_P): { lines: string[]; restored: LookAlikeRestoration[] } {
  const field = MRZ_LAYOUTS[format].fields.find((f) => f.field === 'documentNumber');
  if (!field || verifyChecks(format, lines)[CHECKED_GROUP.DocumentNumber] !== true) return { lines: [...lines], restored: [] };
  const out = [...lines];
  const restored: LookAlikeRestoration[] = [];
  for (let index = field.start; index < field.end; index++) {
    const from = (lines[field.line] ?? '').charAt(index);
    const to = ZERO_PAIR[from];
    const p = own[field.line]?.[index]?.find((a) => a.char === to)?.p ?? 0;
    if (!to || p < minP) continue;
    out[field.line] = (out[field.line] as string).slice(0, index) + to + (out[field.line] as string).slice(index + 1);
    restored.push({ line: field.line, index, from, to, p });
  }
  return { lines: out, restored };
}
