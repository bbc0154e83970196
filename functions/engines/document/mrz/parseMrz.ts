import { parse } from 'mrz';
import type { MrzFormat } from '../constants.ts';
import { MRZ_FORMAT, MRZ_SHAPE } from '../constants.ts';
import { isMrzDate } from './resolveMrzDate.ts';
import { splitMrzName, type MrzName } from './splitMrzName.ts';
import { verifyChecks, type CheckDigitResults } from './verifyChecks.ts';

/** The raw content of an MRZ, before any field is accepted or refused. */
export interface ParsedMrz {
  readonly format: MrzFormat;
  readonly lines: readonly string[];
  /** Document code without fillers (`P`, `PA`, `I`, `ID`, `IR`, `V`, `VC`, `C1`…). */
  readonly documentCode: string;
  /** Issuing state or organisation code as printed, fillers removed (`D`, `UTO`, `GBR`). */
  readonly issuingStateCode: string;
  /** Nationality code as printed, fillers removed (`FRA` for the French identity card of 1988-2021, which prints none). */
  readonly nationalityCode: string;
  readonly name: MrzName;
  /** Document number as the `mrz` package resolves it (TD1 long numbers joined), every filler removed; null if empty. */
  readonly documentNumber: string | null;
  /**
   * TD3 personal number, or TD1/TD2 optional data 1 (after a TD1 long number's overflow), outer fillers removed and
   * inner `<` runs turned into one space; null when empty.
   */
  readonly personalNumber: string | null;
  /** Birth date as printed (YYMMDD, may hold fillers). */
  readonly birthDate: string;
  /** Expiry date as printed (YYMMDD). */
  readonly expiryDate: string;
  /** `M`, `F`, `X`, or null for `<`. */
  readonly sex: 'M' | 'F' | 'X' | null;
  /** Each check digit's outcome; a date's also fails when the date cannot be one (see `isMrzDate`). */
  readonly checks: CheckDigitResults;
}

/** Thrown by {@link parseMrz} when lines do not have the shape of a TD1, TD2 or TD3 MRZ (or a French ID card's). */
export class MrzShapeError extends Error {
  /**
   * @param lengths - the line lengths received
   */
  public constructor(lengths: readonly number[]) {
    super(`MRZ lines of lengths [${lengths.join(', ')}] match no format; allowed: 3 x 30 (TD1), 2 x 36 (TD2), 2 x 44 (TD3)`);
    this.name = 'MrzShapeError';
  }
}

/**
 * Parses MRZ lines with the `mrz` package (cheminfo/mrz: field layouts, document number resolution) and verifies
 * every check digit (ICAO Doc 9303 Part 3 §4.9). Never refuses a field: acceptance is the caller's decision, from
 * `checks`.
 *
 * The French national identity card of 1988-2021 (2 lines of 36 opening `IDFRA`, {@link formatOf}) is read by its
 * own layout (mrz/layouts.ts): the surname from line 1, the given names from line 2 (separated by `<<` there, each
 * run of fillers a space here), the 12-character card number whole (as the `mrz` package joins it), no personal
 * number, no expiry date (the card does not print one in its MRZ: `expiryDate` is empty), and nationality `FRA`:
 * the card is issued to French nationals only (décret n° 55-1397, which instituted it), so its MRZ prints none.
 *
 * @param lines - 3 lines of 30 (TD1), 2 of 36 (TD2, or the French card) or 2 of 44 (TD3), MRZ characters only
 * @throws {MrzShapeError} when the line count and lengths match no format
 * @example parseMrz(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']).documentNumber // "L898902C3"
 */
export function parseMrz(lines: readonly string[]): ParsedMrz {
  const format = formatOf(lines);
  if (!format || lines.some((l) => !/^[0-9A-Z<]+$/.test(l))) throw new MrzShapeError(lines.map((l) => l.length));
  const parsed = parseWithPackage(lines);
  if (format === MRZ_FORMAT.FrenchNationalId) return parseFrenchNationalId(lines, parsed?.documentNumber ?? null);
  const nameField = format === 'TD1' ? (lines[2] as string) : (lines[0] as string).slice(5);
  const line1 = lines[0] as string;
  const line2 = lines[1] as string;
  const personalRaw = format === 'TD3' ? line2.slice(28, 42) : format === 'TD2' ? line2.slice(28, 35) : td1Optional1(line1);
  const sexChar = format === 'TD1' ? line2[7] : line2[20];
  const docNumber = parsed?.format === format ? (parsed.fields.documentNumber ?? null) : null;
  const birthDate = format === 'TD1' ? line2.slice(0, 6) : line2.slice(13, 19);
  const expiryDate = format === 'TD1' ? line2.slice(8, 14) : line2.slice(21, 27);
  return {
    format,
    lines: [...lines],
    documentCode: trimFill(line1.slice(0, 2)).replace(/ /g, ''),
    issuingStateCode: trimFill(line1.slice(2, 5)).replace(/ /g, ''),
    nationalityCode: trimFill(format === 'TD1' ? line2.slice(15, 18) : line2.slice(10, 13)).replace(/ /g, ''),
    name: splitMrzName(nameField),
    // Every filler removed, inner ones too (`C<0000000` of a German travel document is C0000000, as printed).
    documentNumber: (docNumber ?? documentNumberOf(format, lines)).replace(/[<\s]/g, '') || null,
    personalNumber: trimFill(personalRaw) || null,
    birthDate,
    expiryDate,
    sex: sexChar === 'M' || sexChar === 'F' || sexChar === 'X' ? sexChar : null,
    checks: withCalendarDates(verifyChecks(format, lines), birthDate, expiryDate),
  };
}

/**
 * Check digit outcomes in which a date's check passes only when the date can be one ({@link isMrzDate}): a field
 * read as `514515` whose digit happens to verify is still a misreading, and nothing may be taken from it.
 */
function withCalendarDates(checks: CheckDigitResults, birth: string, expiry: string): CheckDigitResults {
  return {
    ...checks,
    ...(checks.birthDate && !isMrzDate(birth) ? { birthDate: false } : {}),
    ...(checks.expiryDate && !isMrzDate(expiry) ? { expiryDate: false } : {}),
  };
}

/**
 * The format whose shape the lines have, or null. Two lines of 36 are the French national identity card of 1988-2021
 * when the first opens with `IDFRA` (document code `ID`, state `FRA`), as the `mrz` package tells them apart; France
 * issues no ICAO TD2 identity card (its cards since 2021 are TD1). A TD2 that opens so all the same (a generator
 * choosing the issuing state at random: the blind photo set of seed 1, `0086_td2`, `IDFRADE<LA<FONTAINE<<MAELLE`,
 * whose every TD2 check digit verified and which was read as a French card and refused) is a TD2 when a larger share
 * of TD2's check digits (4) verifies than of the French card's (3): never where all three of the French card's verify;
 * where one fails, when three or four of TD2's verify by chance, about once in 270 (1 in 10 each); where more fail,
 * more often, but its fields then stand on TD2's check digits and composite as any TD2's do (mrz/mapMrzResult.ts).
 */
export function formatOf(lines: readonly string[]): MrzFormat | null {
  const shaped = Object.values(MRZ_FORMAT).filter((format) => {
    const shape = MRZ_SHAPE[format];
    return lines.length === shape.lines && lines.every((l) => l.length === shape.length);
  });
  if (!shaped.includes(MRZ_FORMAT.TD2)) return shaped[0] ?? null;
  if (!(lines[0] as string).startsWith(FRENCH_ID_PREFIX)) return MRZ_FORMAT.TD2;
  return verifiedShare(MRZ_FORMAT.TD2, lines) > verifiedShare(MRZ_FORMAT.FrenchNationalId, lines) ? MRZ_FORMAT.TD2 : MRZ_FORMAT.FrenchNationalId;
}

/** Share (0-1) of `format`'s check digits that verify on `lines`. */
function verifiedShare(format: MrzFormat, lines: readonly string[]): number {
  const results = Object.values(verifyChecks(format, lines));
  return results.length === 0 ? 0 : results.filter(Boolean).length / results.length;
}

/** First five characters of a French national identity card's MRZ (1988-2021 layout): document code `ID`, state `FRA`. */
export const FRENCH_ID_PREFIX = 'IDFRA';

/** {@link parseMrz} of a French national identity card (1988-2021 layout, mrz/layouts.ts). */
function parseFrenchNationalId(lines: readonly string[], packageNumber: string | null): ParsedMrz {
  const [line1, line2] = lines as [string, string];
  const lastName = trimFill(line1.slice(5, 30)) || null;
  const firstName = trimFill(line2.slice(13, 27)) || null;
  const birthDate = line2.slice(27, 33);
  const sexChar = line2[34];
  return {
    format: MRZ_FORMAT.FrenchNationalId,
    lines: [...lines],
    documentCode: line1.slice(0, 2).replace(/</g, ''),
    issuingStateCode: line1.slice(2, 5).replace(/</g, ''),
    nationalityCode: 'FRA',
    name: { lastName, firstName, fullName: [firstName, lastName].filter((x): x is string => x !== null).join(' ') || null },
    documentNumber: (packageNumber ?? line2.slice(0, 12)).replace(/</g, '') || null,
    personalNumber: null,
    birthDate,
    expiryDate: '',
    sex: sexChar === 'M' || sexChar === 'F' ? sexChar : null,
    checks: withCalendarDates(verifyChecks(MRZ_FORMAT.FrenchNationalId, lines), birthDate, ''),
  };
}

/** `s` with fillers as spaces, runs of spaces as one, trimmed (`''` for null). */
function trimFill(s: string | null | undefined): string {
  return (s ?? '').replace(/</g, ' ').replace(/\s+/g, ' ').trim();
}

/** The `mrz` package's parse, or null when it refuses the lines (it throws on shapes it does not know). */
function parseWithPackage(lines: readonly string[]): ReturnType<typeof parse> | null {
  try {
    return parse([...lines]);
  } catch {
    return null;
  }
}

/** TD1 optional data 1, after the overflow and check digit of a long document number. */
function td1Optional1(line1: string): string {
  if (line1[14] !== '<') return line1.slice(15, 30);
  const filler = line1.indexOf('<', 15);
  return filler === -1 ? '' : line1.slice(filler, 30);
}

/** Document number from the layout, when the package read the lines as another format. */
function documentNumberOf(format: MrzFormat, lines: readonly string[]): string {
  return format === 'TD1' ? (lines[0] as string).slice(5, 14) : (lines[1] as string).slice(0, 9);
}
