import { describe, expect, it } from 'vitest';
import { countryCodesOf } from '../../../../../functions/engines/ip/geo/countryCodes.ts';

describe('countryCodesOf', () => {
  it.each([
    ['US', 'USA', '840'],
    ['de', 'DEU', '276'],
    ['AU', 'AUS', '036'],
    ['XK', 'XKK', '983'],
  ])('maps %s to %s / %s', (alpha2, alpha3, numeric) => {
    // Act and Assess
    expect(countryCodesOf(alpha2)).toEqual({ alpha3, numeric });
  });

  it.each([['ZZ'], ['EU'], ['AP'], ['']])('returns null for %j', (alpha2) => {
    // Act and Assess
    expect(countryCodesOf(alpha2)).toBeNull();
  });
});
