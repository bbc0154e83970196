import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import { checkNotExpired } from '../../../../functions/engines/document/checks/checkNotExpired.ts';
import { frenchIdLatestValidity } from '../../../../functions/engines/document/mrz/frenchIdValidity.ts';
import { compositeCoversNames } from '../../../../functions/engines/document/mrz/layouts.ts';
import { mapMrzResult } from '../../../../functions/engines/document/mrz/mapMrzResult.ts';
import { formatOf, parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { composeFrenchIdMrz, composeMrz } from '../../../../functions/engines/document/synthetic/composeMrz.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { UTOPIA } from './fixtures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A French card of this layout, composed by the synthetic generator (its own code, not the reader's layout). */
function card(surnames: string[], givenNames: string[], documentNumber: string): string[] {
  const identity = { ...randomIdentity(createRandom(1), NOW), surnames, givenNames, documentNumber, sex: 'F' as const, dateOfBirth: '1983-10-19' };
  return composeFrenchIdMrz(identity, '750123');
}

describe('French national identity card of 1988-2021 (2 x 36, not ICAO)', () => {
  const lines = card(['BERNARD'], ['CLAIRE', 'MARIE'], '070375012345');

  it('is told from a TD2 by its first five characters', () => {
    expect(formatOf(lines)).toBe('FRENCH_NATIONAL_ID');
    expect(formatOf(UTOPIA.TD2)).toBe('TD2');
    // The mrz package (cheminfo/mrz) reads the composed lines the same way and finds every check digit right.
    const pkg = parse(lines);
    expect(pkg.format).toBe('FRENCH_NATIONAL_ID');
    expect(pkg.valid).toBe(true);
  });

  it('reads an ICAO TD2 that opens IDFRA as a TD2 when more of its TD2 check digits verify, never a French card that verifies', () => {
    // A generator choosing France at random for a TD2 card (blind photo set of seed 1, 0086_td2).
    const identity = { ...randomIdentity(createRandom(2), NOW), surnames: ['DE', 'LA', 'FONTAINE'], givenNames: ['MAELLE'], issuingCode: 'FRA', nationalityCode: 'FRA', documentNumber: 'J86086220', personalNumber: '', dateOfBirth: '1988-06-08', dateOfExpiry: '2036-02-25' };
    const td2 = composeMrz(identity, 'TD2', 'ID');
    expect(td2[0]?.startsWith('IDFRA')).toBe(true);
    expect(formatOf(td2)).toBe('TD2');
    expect(parseMrz(td2)).toMatchObject({ format: 'TD2', documentNumber: 'J86086220', birthDate: '880608', expiryDate: '360225', name: { lastName: 'DE LA FONTAINE', firstName: 'MAELLE' } });
    // One TD2 digit misread still leaves TD2 ahead (3 of 4 against the French card's share).
    const misread = [td2[0] ?? '', (td2[1] ?? '').replace(/^J/, 'T')];
    expect(formatOf(misread)).toBe('TD2');
    // A French card whose three check digits verify stays one, and so does one whose TD2 digits verify no more.
    expect(formatOf(lines)).toBe('FRENCH_NATIONAL_ID');
    expect(formatOf([lines[0]?.replace('BERNARD', 'BERNARO') ?? '', lines[1] ?? ''])).toBe('FRENCH_NATIONAL_ID');
  });

  it('parses the surname from line 1, the given names from line 2, the 12-character card number whole', () => {
    const parsed = parseMrz(lines);
    expect(parsed).toMatchObject({
      format: 'FRENCH_NATIONAL_ID',
      documentCode: 'ID',
      issuingStateCode: 'FRA',
      nationalityCode: 'FRA',
      name: { lastName: 'BERNARD', firstName: 'CLAIRE MARIE', fullName: 'CLAIRE MARIE BERNARD' },
      documentNumber: '070375012345',
      personalNumber: null,
      birthDate: '831019',
      expiryDate: '',
      sex: 'F',
      checks: { documentNumber: true, birthDate: true, composite: true },
    });
    expect(parsed.documentNumber).toBe(parse(lines).documentNumber);
    expect(mapMrzResult(parsed, NOW).fields).toMatchObject({
      lastName: 'BERNARD',
      firstName: 'CLAIRE MARIE',
      documentNumber: '070375012345',
      dateOfBirth: '1983-10-19',
      dateOfExpiry: null,
      personalNumber: null,
      nationality: 'FRA',
      issuingCountry: 'FRA',
      issuingCountryId: '250',
    });
  });

  it('refuses the names when the composite check digit, which covers them on this card, fails', () => {
    const misread = [lines[0]?.replace('BERNARD', 'BERNARO') ?? '', lines[1] ?? ''];
    const parsed = parseMrz(misread);
    expect(parsed.checks).toEqual({ documentNumber: true, birthDate: true, composite: false });
    const { fields, refused } = mapMrzResult(parsed, NOW);
    expect(fields).toMatchObject({ lastName: null, firstName: null, fullName: null, documentNumber: null, dateOfBirth: null });
    expect(refused).toEqual(expect.arrayContaining(['lastName', 'firstName', 'fullName', 'documentNumber', 'dateOfBirth']));
  });

  it('gives the latest day the card can be valid from its month of issue (15 years from 2004, 10 before)', () => {
    expect(frenchIdLatestValidity('070375012345')).toBe('2022-03-31');
    expect(frenchIdLatestValidity('130292012345')).toBe('2028-02-29');
    expect(frenchIdLatestValidity('950675012345')).toBe('2005-06-30');
    expect(frenchIdLatestValidity('031275012345')).toBe('2013-12-31');
    expect(frenchIdLatestValidity('071375012345')).toBeNull();
    expect(frenchIdLatestValidity('A70375012345')).toBeNull();
  });

  it('declines a card past its latest validity as expired, and lets one within it pass', () => {
    expect(checkNotExpired(null, NOW, '2022-03-31')).toMatchObject({ passed: false, failure: { errorCategory: 'document_expired', decision: 'Declined' } });
    expect(checkNotExpired(null, NOW, '2028-02-29')).toMatchObject({ passed: true });
    expect(checkNotExpired(null, NOW)).toMatchObject({ passed: true });
  });
});

describe('compositeCoversNames', () => {
  it('is true for the French card only: ICAO composites cover numbers, dates and optional data', () => {
    expect(['TD1', 'TD2', 'TD3', 'FRENCH_NATIONAL_ID'].map((f) => compositeCoversNames(f as 'TD1'))).toEqual([false, false, false, true]);
  });
});
