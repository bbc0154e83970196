import { computeCheckDigit } from '../mrz/computeCheckDigit.ts';
import type { SyntheticIdentity } from './randomIdentity.ts';

/** Document kinds the generator draws. */
export type SyntheticKind = 'TD3' | 'TD2' | 'TD1' | 'MRVA';

/**
 * Composes the MRZ lines of an identity (ICAO Doc 9303 Part 4 for TD3, Part 5 for TD1, Part 6 for TD2, Part 7
 * for MRV-A), with every check digit computed. Written independently of the reader's layouts, from the field tables
 * of the parts.
 *
 * @param id - the identity (for TD2, `personalNumber` is the optional data: at most 7 characters are printed)
 * @param kind - `TD3` passport, `TD1` or `TD2` card (document code `I`, or `IR` for a residence permit), `MRVA` visa
 * @param documentCode - two-character document code (`P<`, `I<`, `ID`, `IR`, `V<`)
 */
export function composeMrz(id: SyntheticIdentity, kind: SyntheticKind, documentCode: string): string[] {
  const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
  const yymmdd = (d: string) => d.slice(2, 4) + d.slice(5, 7) + d.slice(8, 10);
  const cd = (s: string) => String(computeCheckDigit(s));
  const name = id.surnames.join('<') + '<<' + id.givenNames.join('<');
  const sex = id.sex ?? '<';
  const state = pad(id.issuingCode, 3);
  const nat = pad(id.nationalityCode, 3);
  const doc = pad(id.documentNumber, 9);
  const dob = yymmdd(id.dateOfBirth);
  const exp = yymmdd(id.dateOfExpiry);
  if (kind === 'TD1') {
    const opt1 = pad(id.personalNumber, 15);
    const line1 = pad(documentCode, 2) + state + doc + cd(doc) + opt1;
    const opt2 = pad('', 11);
    const partial = dob + cd(dob) + sex + exp + cd(exp) + nat + opt2;
    const composite = cd(line1.slice(5, 30) + partial.slice(0, 7) + partial.slice(8, 15) + opt2);
    return [line1, partial + composite, pad(name, 30)];
  }
  if (kind === 'TD2') {
    const body = doc + cd(doc) + nat + dob + cd(dob) + sex + exp + cd(exp) + pad(id.personalNumber, 7);
    return [pad(documentCode, 2) + state + pad(name, 31), body + cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35))];
  }
  const line1 = pad(documentCode, 2) + state + pad(name, 39);
  if (kind === 'MRVA') {
    return [line1, doc + cd(doc) + nat + dob + cd(dob) + sex + exp + cd(exp) + pad(id.personalNumber, 16)];
  }
  const personal = pad(id.personalNumber, 14);
  const personalCd = id.personalNumber === '' ? '<' : cd(personal);
  const body = doc + cd(doc) + nat + dob + cd(dob) + sex + exp + cd(exp) + personal + personalCd;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

/**
 * Composes the MRZ of a French national identity card of 1988-2021 (2 lines of 36, a national layout, not ICAO): line
 * 1 `IDFRA`, the surname (components joined by `<`, 25 characters), the administrative code (6); line 2 the 12-character
 * card number and its check digit, the given names (joined by `<<`, 14 characters), birth date and its check digit,
 * sex, and the composite check digit over line 1 and line 2 before it (ICAO Doc 9303 Part 3 §4.9 weights). Written
 * from the layout as public parsers document it (the `mrz` package's `frenchNationalIdFields`), independently of the
 * reader's mrz/layouts.ts. Names longer than their fields are cut, as the card cuts them.
 *
 * @param id - the identity; `documentNumber` must be the 12-character card number
 * @param administrativeCode - 6 characters (department and office of issue)
 * @throws {Error} when the card number is not 12 characters or the code not 6
 */
export function composeFrenchIdMrz(id: SyntheticIdentity, administrativeCode: string): string[] {
  if (id.documentNumber.length !== 12 || administrativeCode.length !== 6) throw new Error('a French card number has 12 characters and its administrative code 6');
  const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
  const cd = (s: string) => String(computeCheckDigit(s));
  const dob = id.dateOfBirth.slice(2, 4) + id.dateOfBirth.slice(5, 7) + id.dateOfBirth.slice(8, 10);
  const line1 = 'IDFRA' + pad(id.surnames.join('<'), 25) + administrativeCode;
  const body = id.documentNumber + cd(id.documentNumber) + pad(id.givenNames.join('<<'), 14) + dob + cd(dob) + (id.sex ?? '<');
  return [line1, body + cd(line1 + body)];
}

