import { describe, expect, it } from 'vitest';
import { computeCheckDigit, verifiesCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { parseMrz, MrzShapeError } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { mapMrzResult } from '../../../../functions/engines/document/mrz/mapMrzResult.ts';
import { splitMrzName } from '../../../../functions/engines/document/mrz/splitMrzName.ts';
import { UTOPIA, mutate } from './fixtures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('computeCheckDigit (ICAO 9303 Part 3 §4.9)', () => {
  it('computes the specimen check digits', () => {
    expect(computeCheckDigit('L898902C3')).toBe(6);
    expect(computeCheckDigit('740812')).toBe(2);
    expect(computeCheckDigit('120415')).toBe(9);
    expect(computeCheckDigit('ZE184226B<<<<<')).toBe(1);
    expect(computeCheckDigit('L898902C36740812212041592E184226B<<<<<1'.replace('2E', 'ZE'))).toBe(0);
  });
  it('accepts < as the check digit of an all-filler field only', () => {
    expect(verifiesCheckDigit('<<<<<<<<<<<<<<', '<')).toBe(true);
    expect(verifiesCheckDigit('ZE184226B<<<<<', '<')).toBe(false);
    expect(verifiesCheckDigit('740812', 'X')).toBe(false);
  });
  it('throws when the text holds a non-MRZ character', () => {
    expect(() => computeCheckDigit('AB-1')).toThrow(/"-" at 2 of "AB-1" is not an MRZ character/);
  });
});

describe('parseMrz + mapMrzResult on the ICAO Utopia specimens', () => {
  it('reads the TD3 specimen completely', () => {
    const parsed = parseMrz(UTOPIA.TD3);
    expect(parsed.format).toBe('TD3');
    expect(parsed.checks).toEqual({ documentNumber: true, birthDate: true, expiryDate: true, personalNumber: true, composite: true });
    expect(mapMrzResult(parsed, NOW)).toEqual({
      fields: {
        firstName: 'ANNA MARIA',
        lastName: 'ERIKSSON',
        fullName: 'ANNA MARIA ERIKSSON',
        dateOfBirth: '1974-08-12',
        dateOfExpiry: '2012-04-15',
        documentNumber: 'L898902C3',
        personalNumber: 'ZE184226B',
        nationality: null,
        nationalityCountryId: null,
        issuingCountry: null,
        issuingCountryId: null,
      },
      refused: [],
    });
    expect(parsed.documentCode).toBe('P');
    expect(parsed.sex).toBe('F');
  });
  it('reads the TD2 and TD1 specimens', () => {
    for (const lines of [UTOPIA.TD2, UTOPIA.TD1]) {
      const parsed = parseMrz(lines);
      const { fields, refused } = mapMrzResult(parsed, NOW);
      expect(refused).toEqual([]);
      expect(fields).toMatchObject({ documentNumber: 'D23145890', dateOfBirth: '1974-08-12', dateOfExpiry: '2012-04-15', lastName: 'ERIKSSON', personalNumber: null });
    }
  });
  it('joins a TD1 long document number and keeps the rest of optional data 1 as personal number', () => {
    const lines = ['I<UTOD23145890<7349<<<<<<<<<<<', '3407127M9507122UTO<<<<<<<<<<<2', 'STEVENSON<<PETER<JOHN<<<<<<<<<'];
    const parsed = parseMrz(lines);
    expect(parsed.checks.documentNumber).toBe(true);
    expect(parsed.documentNumber).toBe('D23145890734');
    expect(parsed.personalNumber).toBeNull();
  });
  it('reads a long TD1 number whose check digit counts the filler at position 15 (Belgian and Portuguese cards)', () => {
    // An invented Belgian-style card: over 590123456718 the digit would be 7; over 590123456<718, as printed, 5.
    const lines = ['IDBEL590123456<7185<<<<<<<<<<<', '8801018F3001019BEL880101123459', 'PEETERS<<LIES<<<<<<<<<<<<<<<<<'];
    const parsed = parseMrz(lines);
    expect(parsed.checks).toMatchObject({ documentNumber: true, composite: true });
    const { fields, refused } = mapMrzResult(parsed, NOW);
    expect(refused).toEqual([]);
    expect(fields).toMatchObject({ documentNumber: '590123456718', personalNumber: null, issuingCountry: 'BEL', lastName: 'PEETERS', firstName: 'LIES' });
    // The ICAO computation still rules where both fail: a misread digit is not accepted either way.
    expect(parseMrz(mutate(lines, 0, 18, '6')).checks.documentNumber).toBe(false);
  });
  it('refuses the field whose check digit fails and the TD3 personal number when the composite verifies', () => {
    // Birth-date check digit 2 misprinted as 3, the composite computed over the misprint (it verifies): the same
    // reading as a misread that makes up a printed change in the composite (seed 21 `0111`), so the personal number,
    // which the composite protects too, is refused; the document number and expiry keep their own digits as proof.
    const wrong = mutate(UTOPIA.TD3, 1, 19, '3');
    const l2 = wrong[1] as string;
    const lines = mutate(wrong, 1, 43, String(computeCheckDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43))));
    expect(parseMrz(lines).checks).toMatchObject({ birthDate: false, personalNumber: true, composite: true });
    const { fields, refused } = mapMrzResult(parseMrz(lines), NOW);
    expect(refused).toEqual(['dateOfBirth', 'personalNumber']);
    expect(fields).toMatchObject({ dateOfBirth: null, personalNumber: null, documentNumber: 'L898902C3', dateOfExpiry: '2012-04-15' });
  });
  it('refuses TD1 optional data under a composite that verifies while a field digit fails (no digit of their own)', () => {
    // Document-number check digit 7 misprinted as 8, the composite computed over the misprint (it verifies).
    const card = ['I<UTOD231458908ABC123<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<'];
    const composite = computeCheckDigit((card[0] as string).slice(5, 30) + (card[1] as string).slice(0, 7) + (card[1] as string).slice(8, 15) + (card[1] as string).slice(18, 29));
    const parsed = parseMrz([card[0] as string, `${card[1]}${composite}`, 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']);
    expect(parsed.checks).toMatchObject({ documentNumber: false, birthDate: true, expiryDate: true, composite: true });
    const { fields, refused } = mapMrzResult(parsed, NOW);
    expect(refused).toEqual(['documentNumber', 'personalNumber']);
    expect(fields).toMatchObject({ documentNumber: null, personalNumber: null, dateOfBirth: '1974-08-12', dateOfExpiry: '2012-04-15' });
  });
  it('keeps every field when all check digits verify', () => {
    const { fields, refused } = mapMrzResult(parseMrz(UTOPIA.TD3), NOW);
    expect(refused).toEqual([]);
    expect(fields).toMatchObject({ documentNumber: 'L898902C3', dateOfBirth: '1974-08-12', personalNumber: 'ZE184226B' });
  });
  it('refuses every field the composite protects when it fails, and keeps the names and countries', () => {
    const lines = ['I<UTOD231458907ABC123<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    const parsed = parseMrz(lines);
    expect(parsed.checks).toMatchObject({ documentNumber: true, birthDate: true, expiryDate: true, composite: false });
    const { fields, refused } = mapMrzResult(parsed, NOW);
    expect(refused).toEqual(['dateOfBirth', 'dateOfExpiry', 'documentNumber', 'personalNumber']);
    expect(fields).toMatchObject({ documentNumber: null, dateOfBirth: null, dateOfExpiry: null, personalNumber: null, lastName: 'ERIKSSON' });
  });
  it('refuses a document number that verifies only through a misread (O read as 0 over a misprinted check digit)', () => {
    // Printed: number UO6371398 with a wrong check digit 5 (the right one is 7), the composite computed over the
    // misprint. Read with O as 0, the number's check digit happens to verify; the composite does not.
    const body = 'UO63713985UKR4201263F2201203<<<<<<<<<<<<<<<';
    const printed = ['P<UKRMULLER<<EMMA<<<<<<<<<<<<<<<<<<<<<<<<<<<', body + String(computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43)))];
    expect(parseMrz(printed).checks).toMatchObject({ documentNumber: false, composite: true });
    const read = mutate(printed, 1, 1, '0');
    const parsed = parseMrz(read);
    expect(parsed.checks).toMatchObject({ documentNumber: true, composite: false });
    expect(mapMrzResult(parsed, NOW).fields.documentNumber).toBeNull();
  });
  it('maps ICAO codes that are not ISO countries', () => {
    const de = mapMrzResult(parseMrz(['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<']), NOW).fields;
    expect(de).toMatchObject({ nationality: 'DEU', nationalityCountryId: '276', issuingCountry: 'DEU', issuingCountryId: '276', dateOfExpiry: '2020-10-31' });
  });
  it('throws MrzShapeError naming the lengths when lines match no format', () => {
    expect(() => parseMrz(['P<UTO', 'L898'])).toThrow(MrzShapeError);
    expect(() => parseMrz(['P<UTO', 'L898'])).toThrow(/lengths \[5, 4\]/);
  });
});

describe('parseMrz date checks', () => {
  it('fails a date check whose digit verifies over a date that cannot be one', () => {
    // Birth date 741399 (month 13) with its own check digit: the digit verifies, the date is no date.
    const l2 = UTOPIA.TD3[1];
    const lines = [UTOPIA.TD3[0], `${l2.slice(0, 13)}741399${computeCheckDigit('741399')}${l2.slice(20)}`];
    const parsed = parseMrz(lines);
    expect(verifiesCheckDigit('741399', parsed.lines[1]![19]!)).toBe(true);
    expect(parsed.checks.birthDate).toBe(false);
    expect(parsed.checks.expiryDate).toBe(true);
    expect(parseMrz(UTOPIA.TD3).checks.birthDate).toBe(true);
  });
});

describe('splitMrzName (ICAO 9303 Part 3 §4.6)', () => {
  it('splits primary and secondary identifiers', () => {
    expect(splitMrzName('GARCAO<DE<MAGALHAES<<INES<<<<<')).toEqual({ lastName: 'GARCAO DE MAGALHAES', firstName: 'INES', fullName: 'INES GARCAO DE MAGALHAES' });
  });
  it('reads a field opening with << as an empty primary identifier and the given names', () => {
    expect(splitMrzName('<<RAVI<KUMAR<<<<<<<<<<<<<<<<<<<<<<<<<<<')).toEqual({ lastName: null, firstName: 'RAVI KUMAR', fullName: 'RAVI KUMAR' });
    const parsed = parseMrz(['P<IND<<RAVI<KUMAR<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'K1234567<6IND9002155M3101012<<<<<<<<<<<<<<<8']);
    expect(parsed.checks).toMatchObject({ documentNumber: true, composite: true });
    expect(parsed.name).toEqual({ lastName: null, firstName: 'RAVI KUMAR', fullName: 'RAVI KUMAR' });
  });
  it('removes fillers inside a document number', () => {
    const parsed = parseMrz(['ITD<<BRANDT<<JONAS<<<<<<<<<<<<<<<<<<', 'C<12345672D<<8505051M2901019<<<<<<<6']);
    expect(parsed.checks).toMatchObject({ documentNumber: true, composite: true });
    expect(parsed.documentNumber).toBe('C1234567');
  });
  it('reads a name without << as a primary identifier only', () => {
    expect(splitMrzName('ESPANOLA<ESPANOLA<CARMEN<<<<<<')).toEqual({ lastName: 'ESPANOLA ESPANOLA CARMEN', firstName: null, fullName: 'ESPANOLA ESPANOLA CARMEN' });
  });
  it('ignores OCR noise after a run of three fillers', () => {
    expect(splitMrzName('CARDENAS<<JORGE<ANTHONY<<<<<<S').firstName).toBe('JORGE ANTHONY');
  });
  it('ends the secondary identifier at a second <<, which ICAO allows nowhere inside a name', () => {
    expect(splitMrzName('CITIZEN<<JANE<<AAAAAAA<<<<AAAAA<<<A<<AS')).toEqual({ lastName: 'CITIZEN', firstName: 'JANE', fullName: 'JANE CITIZEN' });
    expect(splitMrzName('ERIKSSON<<ANNA<MARIA<<K<<<<')).toMatchObject({ firstName: 'ANNA MARIA' });
  });
  it('takes a first run of exactly three fillers followed by a name for the separator', () => {
    expect(splitMrzName('OLIVEIRA<<<NOAH<ZOE<<<<<<<<<<<<<<<<<<<<<')).toEqual({ lastName: 'OLIVEIRA', firstName: 'NOAH ZOE', fullName: 'NOAH ZOE OLIVEIRA' });
    expect(splitMrzName('OLIVEIRA<<<<NOAH<<<<<<<<<<<<<<<<<<<<<<<<').firstName).toBeNull();
    expect(splitMrzName('SMITH<<<A<<<<<<<<<<<<<<<<<<<<<').firstName).toBeNull();
    expect(splitMrzName('CITIZEN<<JANE<<<AAAA<<<<<<<<<<').firstName).toBe('JANE');
  });
  it('keeps truncated names truncated', () => {
    expect(splitMrzName('MARTIN<<CHRISTELLE<HELENE<LAUR').firstName).toBe('CHRISTELLE HELENE LAUR');
  });
});
