import { describe, expect, it } from 'vitest';
import { ErrorCategory } from '../../../../functions/core/constants.ts';
import { DOCUMENT_ERROR_CATEGORY } from '../../../../functions/engines/document/constants.ts';
import { ICAO_NON_ISO_CODES } from '../../../../functions/engines/document/countries/icaoCodes.ts';
import { resolveMrzCountry } from '../../../../functions/engines/document/countries/resolveMrzCountry.ts';
import { isMrzDate, resolveBirthDate, resolveExpiryDate } from '../../../../functions/engines/document/mrz/resolveMrzDate.ts';

describe('resolveMrzCountry (ICAO 9303 Part 3 §5)', () => {
  it.each([
    ['D<<', 'DEU', '276'],
    ['D', 'DEU', '276'],
    ['GBD', 'GBR', '826'],
    ['GBN', 'GBR', '826'],
    ['GBO', 'GBR', '826'],
    ['GBP', 'GBR', '826'],
    ['GBS', 'GBR', '826'],
    ['FRA', 'FRA', '250'],
    ['TWN', 'TWN', '158'],
    ['ATA', 'ATA', '010'],
  ])('maps %s to %s / %s', (code, alpha3, numeric) => {
    expect(resolveMrzCountry(code)).toEqual({ alpha3, numeric });
  });
  it.each(['UNO', 'UNA', 'UNK', 'XXA', 'XXB', 'XXC', 'XXX', 'EUE', 'XPO', 'UTO', 'BDR', 'INP', 'CMW', 'COU', '132', 'SI<', 'CU<', '', null])('maps %s to no country', (code) => {
    expect(resolveMrzCountry(code)).toEqual({ alpha3: null, numeric: null });
  });
  it('documents a meaning for every non-ISO code', () => {
    for (const [code, entry] of Object.entries(ICAO_NON_ISO_CODES)) expect(entry.meaning.length, code).toBeGreaterThan(3);
  });
});

describe('two-digit years', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('puts a birth date in the most recent century that is not in the future', () => {
    expect(resolveBirthDate('740812', now)).toBe('1974-08-12');
    expect(resolveBirthDate('050101', now)).toBe('2005-01-01');
    expect(resolveBirthDate('261120', now)).toBe('2026-11-20');
    expect(resolveBirthDate('261122', now)).toBe('1926-11-22');
    expect(resolveBirthDate('270101', now)).toBe('1927-01-01');
  });
  it('resolves expiry years with the pivot 70', () => {
    expect(resolveExpiryDate('690101')).toBe('2069-01-01');
    expect(resolveExpiryDate('700101')).toBe('1970-01-01');
    expect(resolveExpiryDate('120415')).toBe('2012-04-15');
  });
  it('returns null for dates that do not exist or hold fillers', () => {
    expect(resolveBirthDate('110229', now)).toBeNull();
    expect(resolveBirthDate('7408<<', now)).toBeNull();
    expect(resolveExpiryDate('121332')).toBeNull();
  });
});

describe('isMrzDate', () => {
  it('accepts real months and days, 29 February, and fillers where a part is unknown', () => {
    for (const d of ['740812', '000229', '991231', '7408<<', '74<<<<', '<<<<<<']) expect(isMrzDate(d), d).toBe(true);
  });
  it('refuses months and days that no calendar has, and anything but digits and fillers', () => {
    for (const d of ['741312', '740001', '740431', '740230', '514515', '7408I2', '74081']) expect(isMrzDate(d), d).toBe(false);
  });
});

describe('errorCategory values', () => {
  it('uses only members of the closed set of functions/core', () => {
    const core = new Set<string>(Object.values(ErrorCategory));
    for (const v of Object.values(DOCUMENT_ERROR_CATEGORY)) expect(core.has(v), v).toBe(true);
  });
});
