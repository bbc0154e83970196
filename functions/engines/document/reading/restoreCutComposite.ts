import type { MrzFormat } from '../constants.ts';
import { computeCheckDigit } from '../mrz/computeCheckDigit.ts';
import type { MrzCorrection, PositionAlternatives } from '../mrz/correctMrz.ts';
import { CHECKED_GROUP, checkedText, checksOf, groupText, type CheckedGroup } from '../mrz/layouts.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';
import { AGREED_READING_MIN_P } from './restoreOwnLookAlikes.ts';

/**
 * Least probability PaddleOCR (the second recogniser), reading the composite's line in the grown quad, must give the
 * digit that verifies the composite, as its first choice, for {@link restoreCutComposite} to take it: more than every
 * other character together (the bound of `ARBITER_LOOK_ALIKE_MIN`, arbitrateLookAlikes.ts). Not tuned: the case that
 * prompted the step (blind generator seed 62 `indep-td1-083`) had 0.87.
 */
export const CUT_COMPOSITE_SECOND_MIN_P = 0.5;

/** The composite's digit {@link failingCompositeReadWider} found, with the digit that verifies it. */
export interface CutComposite {
  /** Line and position (0-based) of the composite's own digit. */
  readonly line: number;
  readonly index: number;
  /** The digit read there (failing) and the one that verifies the composite. */
  readonly from: string;
  readonly to: string;
  /** The own recogniser's probability of `to` in the grown quad (0-1). */
  readonly p: number;
}

/**
 * The composite's own digit where it is the only check digit that fails (every field's digit verifies, the composite
 * is not among `skip`) and the own recogniser, reading its line again in the quad grown by a character pitch at each
 * end (`own`), gives the digit that verifies the composite as its first choice with at least `agreedMinP`
 * ({@link AGREED_READING_MIN_P}); null otherwise. The lines readMrzZone.ts step 13 then reads once more: in the
 * reading's own quad by the own recogniser, and in the grown quad by PaddleOCR ({@link restoreCutComposite}).
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after steps 1-12
 * @param own - per line, per position, the own recogniser's alternatives in the grown quads (empty for lines not read)
 * @param skip - ids of check-digit groups not to touch (those step 9 left undecided)
 * @param agreedMinP - least probability of the own recogniser's first choice (0-1)
 * @returns the composite's position, the digit read and the one verifying it, or null
 */
export function failingCompositeReadWider(format: MrzFormat, lines: readonly string[], own: PositionAlternatives, skip: readonly string[] = [], agreedMinP = AGREED_READING_MIN_P): CutComposite | null {
  const groups = checksOf(format, lines);
  const composite = groups.find((g) => g.id === CHECKED_GROUP.Composite);
  if (!composite || skip.includes(composite.id)) return null;
  const checks = verifyChecks(format, lines);
  if (checks[composite.id] !== false || groups.some((g) => g.id !== composite.id && checks[g.id] !== true)) return null;
  const { line, index } = composite.digit;
  const to = String(computeCheckDigit(checkedText(composite, lines)));
  const top = own[line]?.[index]?.[0];
  return top && top.char === to && top.p >= agreedMinP ? { line, index, from: (lines[line] ?? '').charAt(index), to, p: top.p } : null;
}

/**
 * Step 13 of readMrzZone.ts, for a composite digit the detector's box cut: where {@link failingCompositeReadWider}
 * found the composite failing alone and read as the digit that verifies it in the grown quad, that digit is set in
 * when, besides, the own recogniser reading the reading's own quad (`boxed`) gives another first choice there than in
 * the grown quad (the glyph was seen cut, as step 13's `admitted` asks of a verifying composite), and PaddleOCR reading
 * the grown quad (`second`) gives the same digit first with at least {@link CUT_COMPOSITE_SECOND_MIN_P}.
 *
 * The composite (ICAO 9303 Part 3 §4.9) is the one check digit nothing else proves: every field under it verifies by
 * its own digit here, but its optional data have no digit of their own, and a document printed with a wrong composite
 * must stay refused. So the check digits never set it; two recognisers reading the printed glyph as that digit, in a
 * crop that takes the glyph in whole, do. Blind generator seed 62 `indep-td1-083` (a TD1 card, blur of 1.55 px, turned
 * by 10°): the boxes ended inside the last glyph, a `4`, which the recognisers read `6`, `3` and `2` in their own
 * boxes; read one pitch wider, the own recogniser gave `4` 0.993 and PaddleOCR `4` 0.87 (the third recogniser `5`
 * 0.48), while the own recogniser in the reading's box gave `8` 0.28 (docs/document-verification-log.md "Fifty-sixth
 * session").
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after steps 1-12
 * @param own - as {@link failingCompositeReadWider} takes it
 * @param boxed - the own recogniser's alternatives in the reading's own quads, for the composite's line
 * @param second - PaddleOCR's alternatives in the grown quads, for the composite's line
 * @param skip - ids of check-digit groups not to touch
 * @param agreedMinP - as {@link failingCompositeReadWider} takes it
 * @returns the lines and the composite's correction, or the lines unchanged and no correction
 */
export function restoreCutComposite(
  format: MrzFormat,
  lines: readonly string[],
  own: PositionAlternatives,
  boxed: PositionAlternatives,
  second: PositionAlternatives,
  skip: readonly string[] = [],
  agreedMinP = AGREED_READING_MIN_P,
): { lines: string[]; corrected: MrzCorrection[] } {
  const unchanged = { lines: [...lines], corrected: [] };
  const cut = failingCompositeReadWider(format, lines, own, skip, agreedMinP);
  if (!cut) return unchanged;
  const inBox = boxed[cut.line]?.[cut.index]?.[0]?.char;
  const other = second[cut.line]?.[cut.index]?.[0];
  if (inBox === undefined || inBox === cut.to || other?.char !== cut.to || other.p < CUT_COMPOSITE_SECOND_MIN_P) return unchanged;
  // Every other check digit verifies and `cut.to` is the composite's computed digit, so the lines now verify whole.
  const out = [...lines];
  out[cut.line] = (out[cut.line] as string).slice(0, cut.index) + cut.to + (out[cut.line] as string).slice(cut.index + 1);
  const composite = checksOf(format, lines).find((g) => g.id === CHECKED_GROUP.Composite) as CheckedGroup;
  return { lines: out, corrected: [{ field: composite.id, from: groupText(composite, lines), to: groupText(composite, out) }] };
}
