import type { MrzFormat } from '../constants.ts';
import { CHAR_CLASS, type CharClass } from './alphabet.ts';
import { verifiesCheckDigit } from './computeCheckDigit.ts';

/** A span of one MRZ line: `start` inclusive, `end` exclusive, 0-based (as in the `mrz` package's ranges). */
export interface LineRange {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** One field of a layout: where it sits and which characters it may hold. */
export interface LayoutField extends LineRange {
  /** Field name (the `mrz` package's names where it has one). */
  readonly field: string;
  /** Characters allowed at every position of the field. */
  readonly chars: CharClass;
}

/** A check digit and the ranges it protects (ICAO Doc 9303 Part 3 §4.9). */
export interface CheckedGroup {
  /** What the check digit protects. */
  readonly id: CheckedGroupId;
  /** The checked characters, concatenated in this order. */
  readonly ranges: readonly LineRange[];
  /** Position of the check digit. */
  readonly digit: { readonly line: number; readonly index: number };
}

/** Check digits of the MRZ formats. */
export const CHECKED_GROUP = {
  DocumentNumber: 'documentNumber',
  BirthDate: 'birthDate',
  ExpiryDate: 'expiryDate',
  PersonalNumber: 'personalNumber',
  Composite: 'composite',
} as const;
/** One of {@link CHECKED_GROUP}. */
export type CheckedGroupId = (typeof CHECKED_GROUP)[keyof typeof CHECKED_GROUP];

/** A format's fields and check digits. */
export interface MrzLayout {
  readonly format: MrzFormat;
  readonly lines: number;
  readonly length: number;
  /** Fields covering every position of every line, in line order. */
  readonly fields: readonly LayoutField[];
  /** Check digits, the composite last. */
  readonly checks: readonly CheckedGroup[];
}

const f = (field: string, line: number, start: number, end: number, chars: CharClass): LayoutField => ({ field, line, start, end, chars });
const r = (line: number, start: number, end: number): LineRange => ({ line, start, end });

/**
 * TD3 (passports), ICAO Doc 9303 Part 4 §4.2.2: line 1 document code, issuing state, name; line 2 document number,
 * nationality, birth date, sex, expiry, personal number, each with its check digit, and the composite check digit.
 */
const TD3: MrzLayout = {
  format: 'TD3',
  lines: 2,
  length: 44,
  fields: [
    f('documentCode', 0, 0, 1, CHAR_CLASS.DocumentCodeTd3),
    f('documentCode', 0, 1, 2, CHAR_CLASS.Alpha),
    f('issuingState', 0, 2, 5, CHAR_CLASS.Alpha),
    f('name', 0, 5, 44, CHAR_CLASS.Alpha),
    f('documentNumber', 1, 0, 9, CHAR_CLASS.Any),
    f('documentNumberCheckDigit', 1, 9, 10, CHAR_CLASS.Digit),
    f('nationality', 1, 10, 13, CHAR_CLASS.Alpha),
    f('birthDate', 1, 13, 19, CHAR_CLASS.DigitOrFiller),
    f('birthDateCheckDigit', 1, 19, 20, CHAR_CLASS.Digit),
    f('sex', 1, 20, 21, CHAR_CLASS.Sex),
    f('expirationDate', 1, 21, 27, CHAR_CLASS.Digit),
    f('expirationDateCheckDigit', 1, 27, 28, CHAR_CLASS.Digit),
    f('personalNumber', 1, 28, 42, CHAR_CLASS.Any),
    f('personalNumberCheckDigit', 1, 42, 43, CHAR_CLASS.DigitOrFiller),
    f('compositeCheckDigit', 1, 43, 44, CHAR_CLASS.Digit),
  ],
  checks: [
    { id: 'documentNumber', ranges: [r(1, 0, 9)], digit: { line: 1, index: 9 } },
    { id: 'birthDate', ranges: [r(1, 13, 19)], digit: { line: 1, index: 19 } },
    { id: 'expiryDate', ranges: [r(1, 21, 27)], digit: { line: 1, index: 27 } },
    { id: 'personalNumber', ranges: [r(1, 28, 42)], digit: { line: 1, index: 42 } },
    { id: 'composite', ranges: [r(1, 0, 10), r(1, 13, 20), r(1, 21, 43)], digit: { line: 1, index: 43 } },
  ],
};

/**
 * TD2 (cards and travel documents of 105 x 74 mm), ICAO Doc 9303 Part 6 §4.2.2: as TD3 on 36 characters, with
 * 7 characters of optional data instead of the personal number and no check digit of its own for them.
 */
const TD2: MrzLayout = {
  format: 'TD2',
  lines: 2,
  length: 36,
  fields: [
    f('documentCode', 0, 0, 1, CHAR_CLASS.DocumentCodeTd2),
    f('documentCode', 0, 1, 2, CHAR_CLASS.Alpha),
    f('issuingState', 0, 2, 5, CHAR_CLASS.Alpha),
    f('name', 0, 5, 36, CHAR_CLASS.Alpha),
    f('documentNumber', 1, 0, 9, CHAR_CLASS.Any),
    f('documentNumberCheckDigit', 1, 9, 10, CHAR_CLASS.DigitOrFiller),
    f('nationality', 1, 10, 13, CHAR_CLASS.Alpha),
    f('birthDate', 1, 13, 19, CHAR_CLASS.DigitOrFiller),
    f('birthDateCheckDigit', 1, 19, 20, CHAR_CLASS.Digit),
    f('sex', 1, 20, 21, CHAR_CLASS.Sex),
    f('expirationDate', 1, 21, 27, CHAR_CLASS.Digit),
    f('expirationDateCheckDigit', 1, 27, 28, CHAR_CLASS.Digit),
    f('optional1', 1, 28, 35, CHAR_CLASS.Any),
    f('compositeCheckDigit', 1, 35, 36, CHAR_CLASS.Digit),
  ],
  checks: [
    { id: 'documentNumber', ranges: [r(1, 0, 9)], digit: { line: 1, index: 9 } },
    { id: 'birthDate', ranges: [r(1, 13, 19)], digit: { line: 1, index: 19 } },
    { id: 'expiryDate', ranges: [r(1, 21, 27)], digit: { line: 1, index: 27 } },
    { id: 'composite', ranges: [r(1, 0, 10), r(1, 13, 20), r(1, 21, 35)], digit: { line: 1, index: 35 } },
  ],
};

/**
 * TD1 (cards of 85.6 x 54 mm), ICAO Doc 9303 Part 5 §4.2.2: line 1 document code, issuing state, document number
 * with check digit, optional data 1; line 2 birth date, sex, expiry, nationality, optional data 2, composite; line 3
 * name. A document number longer than 9 characters continues into optional data 1, with `<` at the check digit
 * position (Part 5 §4.2.4 note j); {@link checksOf} handles that case.
 */
const TD1: MrzLayout = {
  format: 'TD1',
  lines: 3,
  length: 30,
  fields: [
    f('documentCode', 0, 0, 1, CHAR_CLASS.DocumentCodeTd1),
    f('documentCode', 0, 1, 2, CHAR_CLASS.Alpha),
    f('issuingState', 0, 2, 5, CHAR_CLASS.Alpha),
    f('documentNumber', 0, 5, 14, CHAR_CLASS.Any),
    f('documentNumberCheckDigit', 0, 14, 15, CHAR_CLASS.DigitOrFiller),
    f('optional1', 0, 15, 30, CHAR_CLASS.Any),
    f('birthDate', 1, 0, 6, CHAR_CLASS.DigitOrFiller),
    f('birthDateCheckDigit', 1, 6, 7, CHAR_CLASS.Digit),
    f('sex', 1, 7, 8, CHAR_CLASS.Sex),
    f('expirationDate', 1, 8, 14, CHAR_CLASS.Digit),
    f('expirationDateCheckDigit', 1, 14, 15, CHAR_CLASS.Digit),
    f('nationality', 1, 15, 18, CHAR_CLASS.Alpha),
    f('optional2', 1, 18, 29, CHAR_CLASS.Any),
    f('compositeCheckDigit', 1, 29, 30, CHAR_CLASS.Digit),
    f('name', 2, 0, 30, CHAR_CLASS.Alpha),
  ],
  checks: [
    { id: 'documentNumber', ranges: [r(0, 5, 14)], digit: { line: 0, index: 14 } },
    { id: 'birthDate', ranges: [r(1, 0, 6)], digit: { line: 1, index: 6 } },
    { id: 'expiryDate', ranges: [r(1, 8, 14)], digit: { line: 1, index: 14 } },
    { id: 'composite', ranges: [r(0, 5, 30), r(1, 0, 7), r(1, 8, 15), r(1, 18, 29)], digit: { line: 1, index: 29 } },
  ],
};

/**
 * The French national identity card of 1988-2021 (constants.ts `MRZ_FORMAT.FrenchNationalId`), 2 lines of 36, not
 * ICAO: line 1 document code `ID`, issuing state `FRA`, surname (25 characters, no given names), an administrative
 * code (department and office of issue, 6 characters); line 2 the card number (12 characters: year and month of
 * issue, department and office, a 5-digit serial) with its check digit, given names (14 characters, separated by
 * `<<`), birth date with its check digit, sex, and a composite check digit over all of line 1 and line 2 up to it.
 * Check digits as ICAO Doc 9303 Part 3 §4.9 computes them. Field positions as the `mrz` package (cheminfo/mrz,
 * `frenchNationalIdFields`) and the Innovatrics `mrz-java` parser (`FrenchIdCard`) read them; fields named as
 * the ICAO layouts name their counterparts, so that the reader treats them alike (`name` fields are names, the
 * administrative code is optional data).
 */
const FRENCH_NATIONAL_ID: MrzLayout = {
  format: 'FRENCH_NATIONAL_ID',
  lines: 2,
  length: 36,
  fields: [
    f('documentCode', 0, 0, 1, CHAR_CLASS.DocumentCodeTd1),
    f('documentCode', 0, 1, 2, CHAR_CLASS.Alpha),
    f('issuingState', 0, 2, 5, CHAR_CLASS.Alpha),
    f('name', 0, 5, 30, CHAR_CLASS.Alpha),
    f('optional1', 0, 30, 36, CHAR_CLASS.Any),
    f('documentNumber', 1, 0, 12, CHAR_CLASS.Any),
    f('documentNumberCheckDigit', 1, 12, 13, CHAR_CLASS.Digit),
    f('name', 1, 13, 27, CHAR_CLASS.Alpha),
    f('birthDate', 1, 27, 33, CHAR_CLASS.DigitOrFiller),
    f('birthDateCheckDigit', 1, 33, 34, CHAR_CLASS.Digit),
    f('sex', 1, 34, 35, CHAR_CLASS.Sex),
    f('compositeCheckDigit', 1, 35, 36, CHAR_CLASS.Digit),
  ],
  checks: [
    { id: 'documentNumber', ranges: [r(1, 0, 12)], digit: { line: 1, index: 12 } },
    { id: 'birthDate', ranges: [r(1, 27, 33)], digit: { line: 1, index: 33 } },
    { id: 'composite', ranges: [r(0, 0, 36), r(1, 0, 35)], digit: { line: 1, index: 35 } },
  ],
};

/** The layouts by format. */
export const MRZ_LAYOUTS: Readonly<Record<MrzFormat, MrzLayout>> = { TD1, TD2, TD3, FRENCH_NATIONAL_ID };

/**
 * The character class of every position of a format's lines, for constrained decoding.
 * @returns one string of allowed characters per position, per line
 */
export function positionClasses(format: MrzFormat): ReadonlyArray<readonly CharClass[]> {
  const layout = MRZ_LAYOUTS[format];
  const out: CharClass[][] = Array.from({ length: layout.lines }, () => new Array<CharClass>(layout.length).fill(CHAR_CLASS.Any));
  for (const field of layout.fields) for (let i = field.start; i < field.end; i++) (out[field.line] as CharClass[])[i] = field.chars;
  return out;
}

/**
 * The check digits of concrete MRZ lines. Same as the layout's, except a TD1 long document number (Part 5 §4.2.4
 * note j: `<` at position 15 of line 1): its check digit is then the last character before the first `<` of
 * optional data 1, and the checked characters are positions 6-14 plus the overflow. Belgian identity cards and
 * Portuguese citizen cards compute that digit over positions 6-14, the `<` at 15 and the overflow (specimen MRZs
 * `IDBEL000590240<6013…` and `I<PRT000024759<ZZ72…` in public MRZ parsers' tests: over the number alone the digits
 * would be 1 and 0, printed are 3 and 2); the `mrz` package accepts both. When the lines verify that way and not the
 * ICAO way, that group is returned, so that a card read right is not taken for a misread one (and "corrected").
 *
 * @param format - the MRZ format
 * @param lines - the MRZ lines, each of the format's length
 */
export function checksOf(format: MrzFormat, lines: readonly string[]): readonly CheckedGroup[] {
  const layout = MRZ_LAYOUTS[format];
  if (format !== 'TD1') return layout.checks;
  const line1 = lines[0] ?? '';
  if (line1[14] !== '<') return layout.checks;
  const filler = line1.indexOf('<', 15);
  const end = filler === -1 ? 30 : filler;
  if (end - 15 < 2) return layout.checks; // no overflow: the `<` stands for a missing check digit and fails
  const digit = { line: 0, index: end - 1 };
  const icao: CheckedGroup = { id: 'documentNumber', ranges: [r(0, 5, 14), r(0, 15, end - 1)], digit };
  const withFiller: CheckedGroup = { id: 'documentNumber', ranges: [r(0, 5, end - 1)], digit };
  const verifying = (g: CheckedGroup) => verifiesCheckDigit(checkedText(g, lines), line1[end - 1] ?? '');
  const chosen = !verifying(icao) && verifying(withFiller) ? withFiller : icao;
  return layout.checks.map((c) => (c.id === 'documentNumber' ? chosen : c));
}

/**
 * Whether the composite check digit of a format covers every character of its name fields: in ICAO's TD1, TD2 and TD3
 * it does not (Doc 9303 Part 3 §4.9: numbers, dates and optional data only); in the French identity card of
 * 1988-2021 it covers all of line 1 and line 2 up to it, names included.
 */
export function compositeCoversNames(format: MrzFormat): boolean {
  const layout = MRZ_LAYOUTS[format];
  const composite = layout.checks.find((c) => c.id === CHECKED_GROUP.Composite);
  const names = layout.fields.filter((f) => f.field === 'name');
  return composite !== undefined && names.every((n) => composite.ranges.some((x) => x.line === n.line && x.start <= n.start && x.end >= n.end));
}

/**
 * Every position the given check-digit groups cover (their characters and their check digits), as `line:index` keys
 * (0-based), with the ids of the groups covering it, in the groups' order.
 * @param groups - e.g. {@link checksOf} of a reading, or those of its groups that verify
 */
export function groupsByPosition(groups: readonly CheckedGroup[]): Map<string, CheckedGroupId[]> {
  const at = new Map<string, CheckedGroupId[]>();
  const touch = (line: number, index: number, id: CheckedGroupId) => {
    const key = `${line}:${index}`;
    at.set(key, [...(at.get(key) ?? []), id]);
  };
  for (const g of groups) {
    for (const x of g.ranges) for (let i = x.start; i < x.end; i++) touch(x.line, i, g.id);
    touch(g.digit.line, g.digit.index, g.id);
  }
  return at;
}

/** The characters a group's check digit protects, concatenated. */
export function checkedText(group: CheckedGroup, lines: readonly string[]): string {
  return group.ranges.map((x) => (lines[x.line] ?? '').slice(x.start, x.end)).join('');
}

/**
 * A group's checked characters followed by its check digit: the text a correction of the group records
 * (mrz/correctMrz.ts `MrzCorrection` `from`/`to`); the digit is empty when `lines` is too short to hold it.
 */
export function groupText(group: CheckedGroup, lines: readonly string[]): string {
  return checkedText(group, lines) + (lines[group.digit.line] ?? '').charAt(group.digit.index);
}

/**
 * The check-digit groups whose correction one check digit alone proves: the composite itself, and every field whose
 * characters each carry the same weight (7, 3, 1 repeating; ICAO Doc 9303 Part 3 §4.9) in the composite as under
 * their own check digit, so that the composite verifies exactly when the field's digit does and is no second proof:
 * the document number of TD1, TD2 and TD3 (the composite begins with it) and the TD3 personal number (at offset 24 of
 * the composite). Dates are checked at other weights by the composite; a format without a composite has only single
 * proofs.
 *
 * @param groups - the groups of a reading ({@link checksOf})
 * @returns their ids that one check digit alone proves
 */
export function singleProofGroups(groups: readonly CheckedGroup[]): Set<CheckedGroupId> {
  const composite = groups.find((g) => g.id === CHECKED_GROUP.Composite);
  const offsets = (g: CheckedGroup) => {
    const at = new Map<string, number>();
    let k = 0;
    for (const x of g.ranges) for (let i = x.start; i < x.end; i++) at.set(`${x.line}:${i}`, k++);
    return at;
  };
  const inComposite = composite ? offsets(composite) : new Map<string, number>();
  const out = new Set<CheckedGroupId>();
  for (const g of groups) {
    if (g === composite || !composite) {
      out.add(g.id);
      continue;
    }
    const own = offsets(g);
    if ([...own].every(([key, k]) => inComposite.has(key) && ((inComposite.get(key) as number) - k) % 3 === 0)) out.add(g.id);
  }
  return out;
}
