import { describe, expect, it } from 'vitest';
import { alpha2ToNumeric, countriesInText, numericToAlpha2, toAlpha2 } from '../../../../../functions/engines/aml/reference/countryCodes.ts';
import { parsePartialDates, partialDate } from '../../../../../functions/engines/aml/reference/partialDate.ts';

describe('toAlpha2', () => {
  it.each([
    ['Korea, North', 'KP'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Burma', 'MM'],
    ['possibly Palestinian', 'PS'],
    ['RUS', 'RU'],
    ['ru', 'RU'],
    ['Egyptian', 'EG'],
  ])('resolves %s to %s', (value, code) => {
    expect(toAlpha2(value)).toBe(code);
  });
  it('returns null for non-countries', () => {
    expect(toAlpha2('UNKNOWN')).toBeNull();
    expect(toAlpha2('')).toBeNull();
    expect(toAlpha2(null)).toBeNull();
  });
  it('reads multi-valued cells', () => {
    expect(countriesInText('(1) Germany. (2) Morocco')).toEqual(['DE', 'MA']);
    expect(countriesInText('LB; PY')).toEqual(['LB', 'PY']);
  });
  it('maps alpha-2 to ISO numeric and back', () => {
    expect(alpha2ToNumeric('DE')).toBe('276');
    expect(alpha2ToNumeric('XK')).toBeNull();
    expect(numericToAlpha2('4')).toBe('AF');
  });
});

describe('partial dates', () => {
  it('builds ISO prefixes from parts with unknown parts', () => {
    expect(partialDate(1994, 0, 0)).toBe('1994');
    expect(partialDate(1994, 5, 0)).toBe('1994-05');
    expect(partialDate(1994, 5, 7)).toBe('1994-05-07');
    expect(partialDate(1700)).toBeNull();
  });
  it.each([
    ['03 May 1938', ['1938-05-03']],
    ['Sep 1970', ['1970-09']],
    ['circa 1955', ['1955']],
    ['1960 to 1962', ['1960', '1961', '1962']],
    ['01 Jan 1960 to 31 Dec 1962', ['1960', '1961', '1962']],
    ['00/05/1970', ['1970-05']],
    ['14/04/2025', ['2025-04-14']],
    ['1972-05', ['1972-05']],
    ['2024-05-30T10:00:00', ['2024-05-30']],
    ['unknown', []],
  ])('parses %s', (text, dates) => {
    expect(parsePartialDates(text)).toEqual(dates);
  });
});
