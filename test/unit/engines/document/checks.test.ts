import { describe, expect, it } from 'vitest';
import { checkCheckDigits } from '../../../../functions/engines/document/checks/checkCheckDigits.ts';
import { checkDocumentType } from '../../../../functions/engines/document/checks/checkDocumentType.ts';
import { checkExpectedDetails } from '../../../../functions/engines/document/checks/checkExpectedDetails.ts';
import { checkMrzResolution, MRZ_MIN_PITCH_PX, mrzCharacterPitch } from '../../../../functions/engines/document/checks/checkMrzResolution.ts';
import { checkNamesConfident, expectedNamesAgree, NAMES_MIN_MARGIN } from '../../../../functions/engines/document/checks/checkNamesConfident.ts';
import { checkNotExpired } from '../../../../functions/engines/document/checks/checkNotExpired.ts';
import { checkStateCodesListed } from '../../../../functions/engines/document/checks/checkStateCodesListed.ts';
import { isListedStateCode } from '../../../../functions/engines/document/countries/resolveMrzCountry.ts';
import { checkSidesPresent } from '../../../../functions/engines/document/checks/checkSidesPresent.ts';
import { decide } from '../../../../functions/engines/document/checks/decide.ts';
import { matchName } from '../../../../functions/engines/document/checks/matchName.ts';
import { DOCUMENT_TEMPLATES_SEED } from '../../../../functions/engines/document/templates/loadTemplates.ts';
import { EMPTY_FIELDS } from '../../../../functions/engines/document/reading/emptyFields.ts';

const [passport, idCard, , licence] = DOCUMENT_TEMPLATES_SEED as unknown as [typeof DOCUMENT_TEMPLATES_SEED[number], typeof DOCUMENT_TEMPLATES_SEED[number], unknown, typeof DOCUMENT_TEMPLATES_SEED[number]];
const read = { ...EMPTY_FIELDS, firstName: 'ANNA MARIA', lastName: 'MULLER', fullName: 'ANNA MARIA MULLER', dateOfBirth: '1974-08-12', documentNumber: 'L898902C3', nationality: 'DEU' };

describe('checks', () => {
  it('refuses a visa sent as a passport', () => {
    const c = checkDocumentType(passport, { source: 'mrz', format: 'TD3', documentCode: 'V' });
    expect(c).toMatchObject({ passed: false, failure: { errorCategory: 'document_type_mismatch', decision: 'Declined' } });
    expect(c.detail).toMatch(/a visa/);
  });
  it('refuses an ID card sent as a passport and a passport sent as an ID card', () => {
    expect(checkDocumentType(passport, { source: 'mrz', format: 'TD1', documentCode: 'ID' }).passed).toBe(false);
    expect(checkDocumentType(idCard, { source: 'mrz', format: 'TD3', documentCode: 'P' }).passed).toBe(false);
    expect(checkDocumentType(idCard, { source: 'pdf417' }).passed).toBe(false);
    expect(checkDocumentType(licence, { source: 'pdf417' }).passed).toBe(true);
    expect(checkDocumentType(licence, { source: 'mrz', format: 'TD1', documentCode: 'ID' }).passed).toBe(true);
  });
  it('declines a failing check digit, and says which digits accept two readings the recognisers could not tell apart', () => {
    expect(checkCheckDigits({ documentNumber: true, birthDate: true, composite: true }, 1)).toMatchObject({ passed: true, detail: expect.stringMatching(/all 3 check digits verify \(1 OCR error corrected/) });
    const failing = checkCheckDigits({ documentNumber: false, birthDate: false, composite: true }, 0, ['documentNumber']);
    expect(failing).toMatchObject({ passed: false, failure: { errorCategory: 'mrz_checksum_failed', decision: 'Declined' } });
    expect(failing.detail).toBe('check digit of birthDate fails; check digit of documentNumber accepts two readings the recognisers could not tell apart; the fields they protect are not returned');
  });
  it('requires the back unless the front carries the data', () => {
    expect(checkSidesPresent(idCard, false, false)).toMatchObject({ passed: false, failure: { errorCategory: 'back_side_required' } });
    expect(checkSidesPresent(idCard, false, true).passed).toBe(true);
    expect(checkSidesPresent(passport, false, false).passed).toBe(true);
  });
  it('declines an expired document and accepts one expiring today', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(checkNotExpired('2026-11-20', now)).toMatchObject({ passed: false, failure: { errorCategory: 'document_expired', decision: 'Declined' } });
    expect(checkNotExpired('2026-11-21', now).passed).toBe(true);
  });
  it('compares expected details: names leniently, identifiers strictly', () => {
    expect(checkExpectedDetails(read, { firstName: 'Anna-Maria', lastName: 'Müller', dateOfBirth: '1974-08-12', nationality: 'DE' }).passed).toBe(true);
    expect(checkExpectedDetails(read, { lastName: 'Mueller' }).passed).toBe(true);
    expect(checkExpectedDetails(read, { lastName: 'Schmidt' })).toMatchObject({ passed: false, failure: { errorCategory: 'data_mismatch', decision: 'InReview' } });
    expect(checkExpectedDetails(read, { dateOfBirth: '1974-08-13' })).toMatchObject({ passed: false, failure: { decision: 'Declined' } });
    expect(checkExpectedDetails(read, { documentNumber: 'l898 902 c3' }).passed).toBe(true);
    expect(checkExpectedDetails(read, null).passed).toBe(true);
  });
  it('matches truncated MRZ names as prefixes', () => {
    expect(matchName('CHRISTELLE HELENE LAUR', 'Christelle Hélène Laurence')).toBe(true);
    expect(matchName('ANN', 'ANNA')).toBe(false);
  });
  it('reports the first failure and the most severe decision', () => {
    const d = decide([
      { id: 'sides_present', passed: true, detail: 'ok' },
      { id: 'not_expired', passed: false, detail: 'expired', failure: { errorCategory: 'document_expired', decision: 'Declined' } },
      { id: 'expected_details', passed: false, detail: 'names', failure: { errorCategory: 'data_mismatch', decision: 'InReview' } },
    ]);
    expect(d).toEqual({ decision: 'Declined', errorCategory: 'document_expired', reason: 'expired' });
    expect(decide([{ id: 'sides_present', passed: true, detail: 'ok' }])).toEqual({ decision: 'Approved', errorCategory: null, reason: null });
  });
});

describe('checkStateCodesListed', () => {
  it('passes ISO alpha-3 codes and ICAO codes that name no country', () => {
    expect(checkStateCodesListed('D<<', 'XXA').passed).toBe(true);
    expect(checkStateCodesListed('UTO', 'GBD').passed).toBe(true);
    // The French card of 1988-2021 has no nationality field.
    expect(checkStateCodesListed('FRA', null).passed).toBe(true);
  });

  it('sends a code on no list to review as low quality, naming the field and the code', () => {
    const c = checkStateCodesListed('BIN', 'BIH');
    expect(c).toMatchObject({ id: 'state_codes_listed', passed: false, failure: { errorCategory: 'low_quality', decision: 'InReview' } });
    expect(c.detail).toMatch(/^issuing state BIN:/);
    expect(checkStateCodesListed('DEU', 'SI<').detail).toMatch(/^nationality SI:/);
    expect(checkStateCodesListed('INP', 'BDR').detail).toMatch(/^issuing state INP, nationality BDR:/);
  });

  it('reports a checksum failure first when both fail', () => {
    const digits = { id: 'check_digits', passed: false, detail: 'digits', failure: { errorCategory: 'mrz_checksum_failed', decision: 'Declined' } } as const;
    expect(decide([digits, checkStateCodesListed('BIN', 'BIH')])).toMatchObject({ decision: 'Declined', errorCategory: 'mrz_checksum_failed' });
  });
});

describe('isListedStateCode', () => {
  it('lists ISO alpha-3 and ICAO codes, fillers dropped, and nothing else', () => {
    for (const code of ['DEU', 'D<<', 'D', 'UTO', 'XXA', 'RKS', 'GBN', 'EUE']) expect(isListedStateCode(code)).toBe(true);
    for (const code of ['BIN', 'BDR', 'INP', 'SI<', 'DE', '', null, 'D1U', 'DEUT']) expect(isListedStateCode(code)).toBe(false);
  });
});

describe('checkNamesConfident', () => {
  it('sends names the recognisers leave in doubt to review, as low quality', () => {
    const c = checkNamesConfident(NAMES_MIN_MARGIN - 0.01);
    expect(c).toMatchObject({ id: 'names_confident', passed: false, failure: { errorCategory: 'low_quality', decision: 'InReview' } });
    expect(c.detail).toMatch(/in doubt/);
  });

  it('passes names that lead their closest rival by the bound or more, and names not weighed', () => {
    expect(checkNamesConfident(NAMES_MIN_MARGIN).passed).toBe(true);
    expect(checkNamesConfident(12.5)).toMatchObject({ passed: true, detail: expect.stringMatching(/100 or more/) });
    expect(checkNamesConfident(null)).toMatchObject({ passed: true, detail: expect.stringMatching(/not checked/) });
  });

  it('fails a rival that scores higher than the names (a negative lead) under any bound above it', () => {
    expect(checkNamesConfident(-1.5, { minMargin: -2 }).passed).toBe(true);
    expect(checkNamesConfident(-1.5, { minMargin: -1 }).passed).toBe(false);
  });

  it('takes names in doubt as read when the session expects the same names', () => {
    expect(checkNamesConfident(0.2, { confirmed: true })).toMatchObject({ passed: true, detail: expect.stringMatching(/agree with the expected names/) });
    // ANNA MARIA MULLER read; the full name, or first and last name together, confirm it.
    expect(expectedNamesAgree(read, { fullName: 'Anna-Maria Müller' })).toBe(true);
    expect(expectedNamesAgree(read, { firstName: 'Anna Maria', lastName: 'Mueller' })).toBe(true);
    // A last name alone leaves the first name unconfirmed; a name that differs confirms nothing.
    expect(expectedNamesAgree(read, { lastName: 'Muller' })).toBe(false);
    expect(expectedNamesAgree(read, { firstName: 'Anna Maria', lastName: 'Miller' })).toBe(false);
    expect(expectedNamesAgree(read, { fullName: 'Anna Maria Miller', firstName: 'Anna Maria', lastName: 'Muller' })).toBe(false);
    expect(expectedNamesAgree(read, null)).toBe(false);
  });

  it('reports a doubtful name behind an expired document as expired, still declined', () => {
    const expired = checkNotExpired('2020-01-01', new Date('2026-11-21T12:00:00Z'), null);
    const d = decide([expired, checkNamesConfident(NAMES_MIN_MARGIN - 1)]);
    expect(d).toMatchObject({ decision: 'Declined', errorCategory: 'document_expired' });
  });
});

describe('checkMrzResolution', () => {
  const line = (x0: number, width: number, y: number, tilt = 0) =>
    [
      { x: x0, y },
      { x: x0 + width, y: y + tilt },
      { x: x0 + width, y: y + tilt + 10 },
      { x: x0, y: y + 10 },
    ] as const;

  it('measures the pitch as the median line length over the format\'s characters per line', () => {
    // TD3: two lines of 44, 880 and 862 px long -> the mean of the two, 871 px, over 44.
    expect(mrzCharacterPitch('TD3', [line(0, 880, 0), line(0, 862, 20)])).toBeCloseTo(871 / 44, 9);
    // TD1: three lines of 30; the median one, whatever the others.
    expect(mrzCharacterPitch('TD1', [line(0, 150, 0), line(0, 900, 20), line(0, 300, 40)])).toBeCloseTo(10, 9);
    // A line seen at an angle is measured along its text direction: a 3-4-5 slope, 150 px long.
    expect(mrzCharacterPitch('TD2', [line(0, 120, 0, 90), line(0, 120, 20, 90)])).toBeCloseTo(150 / 36, 9);
    expect(mrzCharacterPitch('TD3', [])).toBeNull();
  });

  it('sends an MRZ whose characters stand closer than the bound to review, as low quality', () => {
    const c = checkMrzResolution(MRZ_MIN_PITCH_PX - 0.01);
    expect(c).toMatchObject({ id: 'mrz_resolution', passed: false, failure: { errorCategory: 'low_quality', decision: 'InReview' } });
    expect(c.detail).toMatch(/too small.*5\.5 px apart/);
  });

  it('passes the bound and more, and a pitch not measured', () => {
    expect(checkMrzResolution(MRZ_MIN_PITCH_PX).passed).toBe(true);
    expect(checkMrzResolution(20).passed).toBe(true);
    expect(checkMrzResolution(null)).toMatchObject({ passed: true, detail: expect.stringMatching(/not checked/) });
    expect(checkMrzResolution(4, 3).passed).toBe(true);
  });
});
