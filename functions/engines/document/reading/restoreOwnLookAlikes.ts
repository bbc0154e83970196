import type { MrzFormat } from '../constants.ts';
import type { Alternative, PositionAlternatives } from '../mrz/correctMrz.ts';
import { MRZ_FILLER as FILLER } from '../mrz/alphabet.ts';
import { CHECKED_GROUP, checksOf, type CheckedGroupId } from '../mrz/layouts.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';
import { computeCheckDigit } from '../mrz/computeCheckDigit.ts';

/**
 * Least probability the own MRZ recogniser (trained on OCR-B) must give the other one of `0` and `O` at a position of
 * the document number for {@link restoreOwnLookAlikes} to set it back. Set after the cases that prompted the step
 * (three documents printed with a changed character, where the own recogniser read the printed `O` at 0.9991, 0.9998
 * and 0.9991 and the reading returned held a `0`), then measured on the sets in docs/document-verification-log.md
 * "Zeros the own recogniser reads as letters" (forty-first session, a debugging hook): over 1,595 `0`s and `O`s of document
 * numbers in 703 readings of documents to read (the docs/accuracy.md battery, blind photo seeds 16-19, print seed 1),
 * the own recogniser gave the other look-alike at most 0.78. Not tuned beyond that.
 */
export const OWN_LOOK_ALIKE_MIN_P = 0.99;

/**
 * Least probability the own MRZ recogniser and the third recogniser (the arbiter, trained on more typefaces) must each
 * give, as their first choice, one same character other than the one read at a position of a verifying field for
 * {@link restoreOwnLookAlikes} to set it back (any character, not only `0`/`O`). Set after the cases that prompted it
 * (all-negative blind photo sets: seed 20 `0025`, `E` printed as `A`, the reading returned holding `4`, and seed 14
 * `0015`, an expiry `6` read `9`, where both read the printed character at 1.0) and measured with a debugging hook
 * on the sets of docs/document-verification-log.md "Every verifying field read again by two recognisers" (forty-second
 * session: the docs/accuracy.md battery, blind photo seeds 16-19, print seed 1; 1,029 right readings of documents to
 * read, 32,873 positions of fields whose check digit verified): where the two agreed on another character than the
 * right reading, the lower of their two probabilities was at most 0.78. The own recogniser alone reached 0.985
 * against a right reading, so it is never enough by itself outside the document number's `0`/`O` pair.
 */
export const AGREED_READING_MIN_P = 0.95;

/**
 * Fewest characters of one line, adjacent but for doubled ones between them (see withoutShiftedRuns), each to be set
 * back to the character read next to it on the same side, that {@link restoreOwnLookAlikes} takes for a reading out
 * of step with the line rather than characters printed changed: the lines read again are decoded to the layout's
 * length, so a character dropped or added in that reading moves every position after it by one. On blind photo seed 47 (`0050`, a Croatian passport under a light spot) the
 * personal number `1310396259672<`, verifying as read, had its 11 characters from the `1` on set back to
 * `310396259672<<` (each the character read one to its right, both recognisers at 0.98-1.0) and was refused. A
 * printed change is one character, or a few apart (the cases in {@link AGREED_READING_MIN_P}). Not tuned: 2 adjacent
 * characters both so moved could be two changes; 3 hardly.
 */
export const SHIFTED_RUN_MIN = 3;

/** The OCR-B look-alikes {@link restoreOwnLookAlikes} sets back on the own recogniser alone: the digit zero and the letter O. */
const ZERO_PAIR: Readonly<Record<string, string>> = { '0': 'O', O: '0' };

/** A character of a verifying field set back to what the recognisers read there, by {@link restoreOwnLookAlikes}. */
export interface LookAlikeRestoration {
  /** The check-digit group of the field (or of the check digit) the character belongs to. */
  readonly field: CheckedGroupId;
  /** Line (0-based) and position (0-based) in the MRZ. */
  readonly line: number;
  readonly index: number;
  /** The character of the reading (`0` or `O`) and the one set back (the other). */
  readonly from: string;
  readonly to: string;
  /** The own recogniser's probability of `to` at that position (0-1). */
  readonly p: number;
  /**
   * The third recogniser's probability of `to` there (0-1) when the two agreed on it ({@link AGREED_READING_MIN_P});
   * absent when the own recogniser alone set back a `0` or `O` ({@link OWN_LOOK_ALIKE_MIN_P}).
   */
  readonly thirdP?: number;
}

/**
 * Least probability the own MRZ recogniser must give another character than the one read, at a position of a verifying
 * field where it wavers between the two (they are its first two choices, and it gives no other character
 * {@link AGREED_READING_MIN_P} first), for {@link restoreOwnLookAlikes} to ask the third recogniser, which then sets
 * the character back when it reads it first with at least {@link AGREED_READING_MIN_P}. Where the character read is
 * not among the own recogniser's first two choices, the crop itself is suspect and the third, reading the same crop, is
 * no independent witness: on blind specimen seed 52 `067` a leaning quad cut the top of a `Z`, and both read `L`
 * (own 0.62, then `I` 0.31; third 0.994). Set once between two measured cases, not tuned: an all-negative blind
 * photo page under noise of sigma 24 (seed 53 `0029`) had its printed `5` read `S` (own recogniser `S` 0.57, `5`
 * 0.43; third `5` 0.96), which made up the printed change in the document number, and the number verified; on the
 * Icelandic specimen the third recogniser read a right `A` as `4` at 1.0 where the own gave `4` 0.037. Measured with
 * a debugging hook on right readings in docs/document-verification-log.md "Look-alikes the own recogniser doubts"
 * (fiftieth session). Lowered from 0.3 in the fifty-sixth session for a third case: all-negative blind photo seed 624
 * `0001`, `F6TPCVG9F` printed for `F6TPCVG7F` and read `F4TPCVG9F`, which verifies by chance; the own recogniser gave
 * `4` 0.81 and `6` 0.17, the third `6` 0.99. 0.1 lies between 0.17 and the Icelandic 0.037; not tuned further
 * (docs/document-verification-log.md "Fifty-sixth session").
 */
export const OWN_DOUBT_MIN_P = 0.1;

/**
 * What the own recogniser says at one position of a verifying field: in the document number, the other of `0`/`O`
 * given at least `minP` (`alone`: it settles the position by itself); anywhere, another first choice given at least
 * `agreedMinP`, or else, its first two choices being the character read and another one, that other given at least
 * {@link OWN_DOUBT_MIN_P} (the third recogniser must read it first with at least `agreedMinP`); or else, the character
 * read not among its first two choices, its first choice given at least `OWN_DOUBT_MIN_P` where the reading's own
 * decoding (`read`) gave that one at least `OWN_DOUBT_MIN_P` too (`firstOnly`: the third recogniser must read it first,
 * at any probability); or null.
 *
 * The last form: blind photo seed 82 `0144`, a residence permit printed `X9PANNTFP` for `X9PLNNTFP`, read `E9PANNTFP`
 * (the `X` read `E` at the same weight made up the printed change, and every check digit verified) from a view where
 * the decoding gave `E` 0.32, `8` 0.15, `X` 0.14; read again, the own recogniser gave `X` 0.43 and `E` under 0.06, the
 * third `X` 0.89. Three readings point away from the character read, none of them sure of it. Blind specimen seed 52
 * `067` (a quad that cut the top of a right `Z`, read `L` by both when read again) stays out: the reading's own
 * decoding gave `Z` 0.998 and `L` less than 0.001 (docs/document-verification-log.md "Sixty-fifth session").
 */
function ownVerdict(at: GroupPosition, from: string, alts: readonly Alternative[], minP: number, agreedMinP: number, read: readonly Alternative[] = []): { to: string; p: number; alone: boolean; firstOnly?: boolean } | null {
  const pair = at.field === CHECKED_GROUP.DocumentNumber ? ZERO_PAIR[from] : undefined;
  const pairP = pair ? (alts.find((a) => a.char === pair)?.p ?? 0) : 0;
  if (pair && pairP >= minP) return { to: pair, p: pairP, alone: true };
  const top = alts[0];
  if (top && top.char !== from && top.p >= agreedMinP) return { to: top.char, p: top.p, alone: false };
  // Wavering between the character read and one other: its first two choices are those two.
  const [a, b] = alts;
  const doubt = a?.char === from ? b : b?.char === from ? a : undefined;
  if (doubt) return doubt.p >= OWN_DOUBT_MIN_P ? { to: doubt.char, p: doubt.p, alone: false } : null;
  // The character read not among its first two choices: its first choice, where the reading's own decoding gave that
  // one at least OWN_DOUBT_MIN_P too (the reading itself wavered between them).
  const wavered = top !== undefined && top.p >= OWN_DOUBT_MIN_P && (read.find((r) => r.char === top.char)?.p ?? 0) >= OWN_DOUBT_MIN_P;
  return wavered ? { to: top.char, p: top.p, alone: false, firstOnly: true } : null;
}

/** Options of {@link restoreOwnLookAlikes} and {@link ownDisagreements}; every one may be left out. */
export interface OwnLookAlikeOptions {
  /** Ids of check-digit groups not to touch (those step 9 left undecided). Default: none. */
  readonly skip?: readonly string[];
  /**
   * The own recogniser's alternatives in the reading's own quads, for the composite's line when
   * {@link compositeDisagreement} found one (empty otherwise, the default: the composite's digit is then left, see
   * {@link admitted}).
   */
  readonly boxed?: PositionAlternatives;
  /** See {@link OWN_LOOK_ALIKE_MIN_P} (the default). */
  readonly minP?: number;
  /** See {@link AGREED_READING_MIN_P} (the default). */
  readonly agreedMinP?: number;
  /**
   * The reading's own alternatives per line and position (readMrzZone.ts `MrzZoneReading.alternatives`; empty, the
   * default: the last form of {@link ownVerdict} never applies).
   */
  readonly read?: PositionAlternatives;
}

/** A position (0-based line and index) of the MRZ, with the check-digit group it belongs to. */
export interface GroupPosition {
  readonly field: CheckedGroupId;
  readonly line: number;
  readonly index: number;
}

/**
 * The positions of every field whose check digit verifies in `lines` (document number, dates of birth and expiry,
 * TD3 personal number), each field's characters and its check digit, and the composite's own digit when it verifies
 * (its other characters are those fields' and the optional data, which no digit of its own protects; see
 * {@link admitted} for when it is set back); not the fields in `skip` (those step 9 left undecided, made to fail).
 */
function verifyingPositions(format: MrzFormat, lines: readonly string[], skip: readonly string[]): GroupPosition[] {
  const checks = verifyChecks(format, lines);
  return checksOf(format, lines)
    .filter((g) => !skip.includes(g.id) && checks[g.id] === true)
    .flatMap((g) => [
      ...(g.id === CHECKED_GROUP.Composite ? [] : g.ranges.flatMap((r) => Array.from({ length: r.end - r.start }, (_, k) => ({ field: g.id, line: r.line, index: r.start + k })))),
      { field: g.id, ...g.digit },
    ]);
}

/**
 * Positions of the verifying fields where the own recogniser's first choice is another character than the one read,
 * at least `agreedMinP`, and which the `0`/`O` rule of {@link restoreOwnLookAlikes} does not settle alone: the
 * positions the third recogniser is asked about (readMrzZone.ts step 13 reads their lines only when there are some).
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after the other steps
 * @param own - the own recogniser's alternatives, as {@link restoreOwnLookAlikes} takes them
 * @param opts - the groups to skip, the boxed reading, the bounds and the reading's own alternatives, as
 *   {@link restoreOwnLookAlikes} takes them ({@link OwnLookAlikeOptions})
 * @returns `{ field, line, index }` per position (0-based), empty when none
 */
export function ownDisagreements(format: MrzFormat, lines: readonly string[], own: PositionAlternatives, opts: OwnLookAlikeOptions = {}): GroupPosition[] {
  const { skip = [], boxed = [], minP = OWN_LOOK_ALIKE_MIN_P, agreedMinP = AGREED_READING_MIN_P, read = [] } = opts;
  return verifyingPositions(format, lines, skip).filter((at) => {
    const from = (lines[at.line] ?? '').charAt(at.index);
    return admitted(at, own, boxed) && ownVerdict(at, from, own[at.line]?.[at.index] ?? [], minP, agreedMinP, read[at.line]?.[at.index])?.alone === false;
  });
}

/**
 * The composite's own digit where the own recogniser, reading the line again in the grown quad, gives another digit
 * as its first choice with at least `agreedMinP`: the position whose line step 13 reads once more in the reading's
 * own quad to tell whether the box cut the glyph ({@link admitted}); null when there is none.
 */
export function compositeDisagreement(format: MrzFormat, lines: readonly string[], own: PositionAlternatives, skip: readonly string[] = [], agreedMinP = AGREED_READING_MIN_P): GroupPosition | null {
  const at = verifyingPositions(format, lines, skip).find((p) => p.field === CHECKED_GROUP.Composite);
  if (!at) return null;
  const top = own[at.line]?.[at.index]?.[0];
  return top && top.char !== (lines[at.line] ?? '').charAt(at.index) && top.p >= agreedMinP ? at : null;
}

/**
 * Whether a position may be set back. Every verifying field's characters and check digit may. The composite's own
 * digit, the last character of its line, only where the detector's box cut its glyph: the own recogniser, reading the
 * reading's own quad (`boxed`), gives another first choice there than read wider (`own`, the grown quad): the digit
 * of the reading, or a third one.
 * A TD1 card printed with composite `6` for `4` had its `6` cut through by the box, read `4`, and every digit
 * verified (blind photo seed 52 `0098` under noise of sigma 24); the grown quad showed the `6`. A passport printed
 * with composite `4` for `2` (all-negative blind photo seed 581 `0024`) had its `4` cut off by PaddleOCR's box, whose
 * reading decoded to the layout's length ended in `2`, and every digit verified; the own recogniser read `4` (0.9998)
 * wider and, in that box, the `0` before it in the digit's place. Without the box's evidence the two recognisers'
 * agreement alone is not enough there: on the Canadian passport of the real specimens as a 331-px thumbnail
 * (`79_pass-can`), both read its composite `8` as `5` at 0.95 or more, in either quad (fiftieth session,
 * docs/document-verification-log.md "A composite digit cut off by the box").
 */
function admitted(at: GroupPosition, own: PositionAlternatives, boxed: PositionAlternatives): boolean {
  if (at.field !== CHECKED_GROUP.Composite) return true;
  const inBox = boxed[at.line]?.[at.index]?.[0]?.char;
  return inBox !== undefined && inBox !== own[at.line]?.[at.index]?.[0]?.char;
}

/** The lines (0-based, ascending) holding a verifying field or its check digit: the lines step 13 reads again. */
export function verifyingLines(format: MrzFormat, lines: readonly string[], skip: readonly string[] = []): number[] {
  return [...new Set(verifyingPositions(format, lines, skip).map((p) => p.line))].sort((a, b) => a - b);
}

/**
 * Step 13 of readMrzZone.ts: characters of the fields whose check digit verifies are set back to what the own MRZ
 * recogniser (and, outside the document number's `0`/`O` pair, the third recogniser) read there, reading the lines
 * again in the reading's quads grown by a character pitch at each end; the check digits then judge the fields as
 * printed. Two rules (the second in three forms):
 * - in the document number, a `0` or `O` where the own recogniser gives the other one at least `minP`
 *   ({@link OWN_LOOK_ALIKE_MIN_P});
 * - in any verifying field (document number, dates, TD3 personal number) or its check digit, or in the composite's
 *   own digit when it verifies and the box cut its glyph ({@link admitted}), any character where the own and the
 *   third recogniser both give one same other character as their first choice, each at least
 *   `agreedMinP` ({@link AGREED_READING_MIN_P}), or where the own recogniser wavers between the character read and
 *   another one (its first two choices), giving that one at least {@link OWN_DOUBT_MIN_P}, and the third reads it
 *   first with at least `agreedMinP`, or where the character read is not among the own recogniser's first two
 *   choices, its first choice given at least `OWN_DOUBT_MIN_P` by it and by the reading's own decoding (`read`), and
 *   the third reads that one first; both decode with the layout, so only a character allowed there.
 *
 * A document printed with a changed character verifies again when it is read as one weighing like the original
 * modulo 10 (ICAO 9303 Part 3 §4.9 values: an `O` printed in place of an `A`, `K`, `U`, `0` or `<` read as `0`; an
 * `E` (14) printed as `A` and read as `4`), or when other misreads make up the difference in the field's digit and
 * in the composite (an expiry `391206` printed for `301206`, read `391209`, its composite digit `0` read `2`).
 * PaddleOCR's reading (which replaces a first one failing its digit, step 7), a correction a digit proves (step 3)
 * or a competitor (step 9) does that.
 * The recognisers read the printed glyph as such with confidence there, and it is that glyph evidence, not the check
 * digit, that decides. Only verifying fields are touched: one that fails stays refused as it is. No character is set
 * back to one of the same value modulo 10 (`seenByCheckDigits`): the check digits could not judge it; nor is a check
 * digit set back to a filler (`withoutMissingDigits`). A run of at least
 * {@link SHIFTED_RUN_MIN} characters of a line each to be set back to its neighbour on one side is a reading out of
 * step with the line, and is not set back.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after the other steps
 * @param own - per line, per position, the own recogniser's alternatives (most probable first; its reading of the
 *   line decoded with the layout), or an empty list for a line it did not read
 * @param third - the third recogniser's alternatives in the same shape (empty when it was not asked)
 * @param opts - the groups to skip, the boxed reading, the bounds and the reading's own alternatives
 *   ({@link OwnLookAlikeOptions})
 * @returns the lines (changed or not) and the characters set back (empty when none)
 */
export function restoreOwnLookAlikes(
  format: MrzFormat,
  lines: readonly string[],
  own: PositionAlternatives,
  third: PositionAlternatives = [],
  opts: OwnLookAlikeOptions = {},
): { lines: string[]; restored: LookAlikeRestoration[] } {
  const { skip = [], boxed = [], minP = OWN_LOOK_ALIKE_MIN_P, agreedMinP = AGREED_READING_MIN_P, read = [] } = opts;
  const found: LookAlikeRestoration[] = [];
  for (const at of verifyingPositions(format, lines, skip)) {
    const { field, line, index } = at;
    const from = (lines[line] ?? '').charAt(index);
    if (!admitted(at, own, boxed)) continue;
    const said = ownVerdict(at, from, own[line]?.[index] ?? [], minP, agreedMinP, read[line]?.[index]);
    const other = third[line]?.[index]?.[0];
    if (!said || (!said.alone && (other?.char !== said.to || (!said.firstOnly && other.p < agreedMinP)))) continue;
    found.push({ field, line, index, from, to: said.to, p: said.p, ...(said.alone ? {} : { thirdP: (other as Alternative).p }) });
  }
  const shifted = withoutShiftedRuns(lines, found);
  const restored = withoutMissingDigits(format, lines, withoutBrokenDates(format, lines, shifted)).filter(seenByCheckDigits);
  return { lines: setBack(lines, restored), restored };
}

/**
 * `found` without the check digits it would set back to a filler. A filler in a check digit's place stands for no
 * digit at all (ICAO Doc 9303 Part 5 §4.2.4 allows it only in a TD1 whose long document number runs on into the
 * optional data, where the number's digit follows the overflow), so a digit read there that verifies its field was
 * printed, and recognisers that see no glyph in their crop saw print they could not read, not a changed character:
 * blind photo seed 84 `0057_td1`, a card under a light spot read right (`777839962`, check digit `4`), had the `4` set
 * back to the `<` the own (0.9999) and the third recogniser (1.0) read in the grown quad, and was refused. A right TD1
 * long number read with a digit in that place verifies only by chance, and step 13 touches verifying fields only.
 */
function withoutMissingDigits(format: MrzFormat, lines: readonly string[], found: readonly LookAlikeRestoration[]): LookAlikeRestoration[] {
  const digits = new Set(checksOf(format, lines).map((g) => `${g.digit.line}:${g.digit.index}`));
  return found.filter((r) => r.to !== FILLER || !digits.has(`${r.line}:${r.index}`));
}

/**
 * Whether the check digits can see a restoration: its two characters differ in value modulo 10 (ICAO Doc 9303 Part 3
 * §4.9; the weights 7, 3 and 1 are prime to 10, so at any position). Step 13 sets a character back so that the check
 * digits judge the field as printed; between characters of one value modulo 10 (`<`, `0`, `A`, `K`, `U`; `1`, `B`,
 * `L`, `V`; ...) they judge nothing, and the set-back would be a correction no check digit proves. Blind photo seed 85
 * `0056_td1`: a card whose right number `KZKPX7L3H` had its second `K` (20) set back to the filler `<` (0) that the own
 * (0.87) and the third recogniser (0.97) read there; every digit still verified, and `KZPX7L3H` was approved
 * (docs/document-verification-log.md "Sixty-sixth session").
 */
function seenByCheckDigits(r: LookAlikeRestoration): boolean {
  return computeCheckDigit(r.from) !== computeCheckDigit(r.to);
}

/** `lines` with each restoration's character set back. */
function setBack(lines: readonly string[], restored: readonly LookAlikeRestoration[]): string[] {
  const out = [...lines];
  for (const { line, index, to } of restored) out[line] = (out[line] as string).slice(0, index) + to + (out[line] as string).slice(index + 1);
  return out;
}

/**
 * `found` without the fillers it would set back into a date (birth or expiry) where they would leave a two-digit part
 * (year, month, day) half digit and half filler. A date holds fillers only for a whole part unknown (ICAO Doc 9303
 * Parts 4-6, date of birth), so such a date was never printed; what reads as one is faint print: blind photo seed 56
 * `0010`, a passport under a light spot, had its birth date `640804` read `<4<804` by both the own and the third
 * recogniser (0.99 and more each), which turned a date PaddleOCR read right, every check digit verifying, into a
 * refusal.
 */
function withoutBrokenDates(format: MrzFormat, lines: readonly string[], found: readonly LookAlikeRestoration[]): LookAlikeRestoration[] {
  const out = setBack(lines, found);
  const dates = new Map(checksOf(format, lines).filter((g) => g.id === CHECKED_GROUP.BirthDate || g.id === CHECKED_GROUP.ExpiryDate).map((g) => [g.id, g.ranges[0]]));
  return found.filter((r) => {
    const range = dates.get(r.field);
    if (r.to !== FILLER || !range || r.line !== range.line || r.index >= range.end) return true;
    const start = range.start + 2 * Math.floor((r.index - range.start) / 2);
    const part = (out[r.line] ?? '').slice(start, start + 2);
    return part === FILLER.repeat(2);
  });
}

/**
 * `found` without its runs of at least {@link SHIFTED_RUN_MIN} characters of one line, each to be set back to the one
 * read next to it on one same side (a reading out of step with the line). A run goes on over positions not set back
 * whose character equals that neighbour (a doubled character, `22`, reads alike in step and out of it).
 */
function withoutShiftedRuns(lines: readonly string[], found: readonly LookAlikeRestoration[]): LookAlikeRestoration[] {
  const at = new Map(found.map((r) => [`${r.line}:${r.index}`, r]));
  const dropped = new Set<LookAlikeRestoration>();
  for (const first of found) {
    const text = lines[first.line] ?? '';
    for (const d of [1, -1]) {
      const run: LookAlikeRestoration[] = [];
      for (let k = first.index; k < text.length; k++) {
        const r = at.get(`${first.line}:${k}`);
        if (r ? r.to !== text.charAt(k + d) : text.charAt(k) !== text.charAt(k + d)) break;
        if (r) run.push(r);
      }
      if (run.length >= SHIFTED_RUN_MIN) run.forEach((r) => dropped.add(r));
    }
  }
  return found.filter((r) => !dropped.has(r));
}
