import type { MrzFormat } from '../constants.ts';
import { positionClasses } from '../mrz/layouts.ts';
import { ctcLogLikelihood } from '../ocr/ctc/ctcLogLikelihood.ts';
import type { LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';

/** A document code letter {@link arbitrateDocumentCode} put in place of a visa's `V`. */
export interface DocumentCodeChange {
  /** The letter as read: `V`. */
  readonly from: string;
  /** The letter chosen (`P` in a TD3, `A`, `C` or `I` in a TD2). */
  readonly to: string;
  /** Natural log of how much likelier the recognisers together find `to` than the next letter (>= ln minLead). */
  readonly lead: number;
}

/** Options of {@link arbitrateDocumentCode}. */
export interface ArbitrateDocumentCodeOptions {
  /**
   * Another letter replaces the `V` only if the recognisers together find it at least this many times likelier than
   * every other letter the format allows there, the `V` included. @default 20, the evidence ratio of the state codes'
   * arbitration (arbitrateStateCodes.ts `minLead`) and of check-digit corrections (mrz/correctMrz.ts); not tuned
   */
  readonly minLead?: number;
  /**
   * How many check digits that a visa's layout lacks verify on the reading as read, each with a digit (the TD3's
   * personal-number and composite digits at line 2 positions 43 and 44, the TD2's composite at 36: an MRV-A or MRV-B
   * prints optional data there, ICAO Doc 9303 Part 7). Each adds ln {@link VISA_CHECK_ODDS} for every letter but
   * `V`. @default 0
   */
  readonly checksVisasLack?: number;
}

/**
 * Odds against a visa's optional data verifying one of the check digits a TD3 or TD2 has where the visa has none: a
 * modulus-10 check digit (ICAO Doc 9303 Part 3 §4.9) that characters not computed for it verify one time in ten
 * (never, where the visa prints fillers there: a filler is no digit). A likelihood ratio of the layout, not a
 * tuned bound: on blind print seed 54 `061` under noise of sigma 24 (fifty-first session) a 600-px passport's `P`
 * was read `V`, the recognisers finding `P` only e^0.03 likelier together, and both of the TD3's extra digits
 * verified; with them `P` leads by e^4.6.
 */
export const VISA_CHECK_ODDS = 10;

/**
 * The first letter of a document code read as `V` (a visa, ICAO Doc 9303 Part 7), chosen again by several recognisers
 * over the letters the format allows there (mrz/alphabet.ts `CHAR_CLASS.DocumentCodeTd3` `PV`, `DocumentCodeTd2`
 * `ACIPV`). No check digit covers the document code (Part 3 §4.9), and the letter decides the document's kind: a
 * passport whose `P` is read `V` is refused as a visa (`document_type_mismatch`) with every field dropped, though
 * every check digit verifies. One recogniser's decoding takes the letter it finds likelier by however little: on blind
 * photo seed 55 `0076` (a passport turned by 14°, blurred, JPEG quality 54) the own recogniser found `V` e^0.05 times
 * likelier than `P` and PaddleOCR found `P` e^9.8 times likelier than `V` (printed while debugging, a temporary
 * edit). Here each allowed letter is put in the line and the line scored by all recognisers together, as state codes
 * are (arbitrateStateCodes.ts: the sum of their CTC log-likelihoods of the whole line, ocr/ctc/ctcLogLikelihood.ts),
 * with the evidence of the layout added to every letter but `V` (`checksVisasLack`, {@link VISA_CHECK_ODDS}); the
 * likeliest letter replaces the `V` when it leads every other by `minLead`. Only a `V` is weighed again: a visa
 * read as a passport or card does not pass (an MRV-A or MRV-B has no composite check digit where a TD3 or TD2 has
 * one, so its reading fails a check digit and is refused), and the card letters `A`, `C`, `I` are accepted alike by
 * the card templates. A `P` chosen in a TD2 makes the reading implausible (readMrzZone.ts `plausible`): no TD2 is
 * a passport.
 *
 * @param format - the reading's format
 * @param line - the reading's first line (its document code at position 0)
 * @param readings - the recognisers' probabilities for that line's crop (at least two for the letter to be weighed)
 * @param opts - see {@link ArbitrateDocumentCodeOptions}
 * @returns the line (letter replaced or not) and the change, or null when none was made
 */
export function arbitrateDocumentCode(
  format: MrzFormat,
  line: string,
  readings: readonly LineProbabilities[],
  opts: ArbitrateDocumentCodeOptions = {},
): { readonly line: string; readonly change: DocumentCodeChange | null } {
  const allowed = positionClasses(format)[0]?.[0] ?? '';
  if (!line.startsWith('V') || readings.length < 2 || allowed.length < 2) return { line, change: null };
  const minLead = Math.log(opts.minLead ?? 20);
  const layoutEvidence = (opts.checksVisasLack ?? 0) * Math.log(VISA_CHECK_ODDS);
  const scored = [...allowed]
    .map((letter) => ({ letter, score: readings.reduce((s, r) => s + ctcLogLikelihood(r, letter + line.slice(1)), letter === 'V' ? 0 : layoutEvidence) }))
    .sort((a, b) => b.score - a.score);
  const [best, next] = scored;
  if (!best || !next || best.letter === 'V') return { line, change: null };
  const lead = best.score - next.score;
  if (lead < minLead) return { line, change: null };
  return { line: best.letter + line.slice(1), change: { from: 'V', to: best.letter, lead } };
}
