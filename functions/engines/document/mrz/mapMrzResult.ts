import { resolveMrzCountry } from '../countries/resolveMrzCountry.ts';
import type { ReadingFields } from '../types.ts';
import type { ParsedMrz } from './parseMrz.ts';
import { resolveBirthDate, resolveExpiryDate } from './resolveMrzDate.ts';

/** The result fields of an MRZ and the fields refused because their check digit fails. */
export interface MappedMrz {
  readonly fields: ReadingFields;
  /** Names of result fields set to null because a check digit protecting them fails. */
  readonly refused: readonly string[];
}

/**
 * Maps a parsed MRZ onto the SPEC.md 2.4 fields, accepting each field only on its check digit:
 *
 * - `documentNumber` needs the document-number check digit; `dateOfBirth` and `dateOfExpiry` theirs;
 * - `personalNumber` needs the personal-number check digit (TD3) or, in TD1/TD2 where optional data have none, the
 *   composite check digit;
 * - names, nationality and issuing state carry no check digit in ICAO Doc 9303 and are taken as read (their
 *   characters are constrained to letters and fillers by the layout);
 * - countries through {@link resolveMrzCountry}; dates through {@link resolveBirthDate} / {@link resolveExpiryDate}.
 *
 * @param mrz - the parsed MRZ (after corrections)
 * @param now - verification date, for the birth-date century
 */
export function mapMrzResult(mrz: ParsedMrz, now: Date): MappedMrz {
  const refused: string[] = [];
  const accept = <T>(field: string, ok: boolean | undefined, value: T | null): T | null => {
    if (ok === false) {
      refused.push(field);
      return null;
    }
    return value;
  };
  const nationality = resolveMrzCountry(mrz.nationalityCode);
  const issuing = resolveMrzCountry(mrz.issuingStateCode);
  const personalCheck = mrz.format === 'TD3' ? mrz.checks.personalNumber : mrz.checks.composite;
  return {
    fields: {
      firstName: mrz.name.firstName,
      lastName: mrz.name.lastName,
      fullName: mrz.name.fullName,
      dateOfBirth: accept('dateOfBirth', mrz.checks.birthDate, resolveBirthDate(mrz.birthDate, now)),
      dateOfExpiry: accept('dateOfExpiry', mrz.checks.expiryDate, resolveExpiryDate(mrz.expiryDate)),
      documentNumber: accept('documentNumber', mrz.checks.documentNumber, mrz.documentNumber),
      personalNumber: mrz.personalNumber === null ? null : accept('personalNumber', personalCheck, mrz.personalNumber),
      nationality: nationality.alpha3,
      nationalityCountryId: nationality.numeric,
      issuingCountry: issuing.alpha3,
      issuingCountryId: issuing.numeric,
    },
    refused,
  };
}
