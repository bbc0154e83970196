import { resolveMrzCountry } from '../countries/resolveMrzCountry.ts';
import { compositeCoversNames } from './layouts.ts';
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
 * - `personalNumber` needs the personal-number check digit (TD3); in TD1/TD2 optional data have none of their own;
 *   in every format it is refused when any field's own digit fails, even under a composite that verifies (below);
 * - all four also need the composite check digit, which protects them too (ICAO Doc 9303 Part 3 §4.9: it is
 *   computed over the document number, the dates, the optional data and their check digits). A composite that fails
 *   while a field's own digit verifies means a misread somewhere under it, possibly one that happens to satisfy the
 *   field's digit (a misprinted check digit read through an O/0 confusion), so none of them is trusted;
 * - a composite that verifies while a field's own digit fails is no proof for TD1/TD2 optional data, which have no
 *   digit of their own: one misread under it changes its weighted sum by a weight (7, 3 or 1, all prime to 10)
 *   times the character's value change, so it fails with the field's digit unless a second error happens to make up
 *   for the first, and that error may be in the optional data. The Maltese ID card of ../shared/data/documents
 *   (check digits failing as printed) under a light spot (`eval:document --glare 0.6`) read `MLT0310240` in its
 *   optional data as `MLTD310240`, its composite then verified by chance, and the optional data had been returned.
 *   The TD3 personal number is refused there too, though it has a digit of its own: it is the field the composite
 *   protects beside that digit (docs/document-verification-log.md "A composite verifying by chance"), and a composite
 *   verifying over a field whose digit fails has met a misread or a misprint. An all-negative blind photo set (seed
 *   21 `0111`) printed an expiry `350420` for `360420`, read `359420`: the misread `9` made the composite verify,
 *   and the personal number had been returned on it. The document number and the dates, whose own digits verify,
 *   keep them as their proof: refusing them too cost two passports of synthetic seed 70707 whose empty personal
 *   number read as `4`s (failing its own digit, the composite verifying);
 * - names, nationality and issuing state carry no check digit in ICAO Doc 9303 and are taken as read (their
 *   characters are constrained to letters and fillers by the layout). Where the layout's composite covers the names
 *   ({@link compositeCoversNames}: the French national identity card of 1988-2021), they need the composite too;
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
  // A field's check and the composite (absent checks count as verifying).
  const composite = mrz.checks.composite !== false;
  const withComposite = (own: boolean | undefined) => own !== false && composite;
  const fieldDigitFails = Object.entries(mrz.checks).some(([id, ok]) => id !== 'composite' && ok === false);
  // The TD3 personal number's own digit is one of the field digits, so this asks it too.
  const personalCheck = composite && !fieldDigitFails;
  const namesCheck = compositeCoversNames(mrz.format) ? composite : undefined;
  return {
    fields: {
      firstName: mrz.name.firstName === null ? null : accept('firstName', namesCheck, mrz.name.firstName),
      lastName: mrz.name.lastName === null ? null : accept('lastName', namesCheck, mrz.name.lastName),
      fullName: mrz.name.fullName === null ? null : accept('fullName', namesCheck, mrz.name.fullName),
      dateOfBirth: accept('dateOfBirth', withComposite(mrz.checks.birthDate), resolveBirthDate(mrz.birthDate, now)),
      dateOfExpiry: accept('dateOfExpiry', withComposite(mrz.checks.expiryDate), resolveExpiryDate(mrz.expiryDate)),
      documentNumber: accept('documentNumber', withComposite(mrz.checks.documentNumber), mrz.documentNumber),
      personalNumber: mrz.personalNumber === null ? null : accept('personalNumber', personalCheck, mrz.personalNumber),
      nationality: nationality.alpha3,
      nationalityCountryId: nationality.numeric,
      issuingCountry: issuing.alpha3,
      issuingCountryId: issuing.numeric,
    },
    refused,
  };
}
