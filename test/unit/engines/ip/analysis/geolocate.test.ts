import { describe, expect, it } from 'vitest';
import { ANYCAST_SERVICES } from '../../../../../functions/engines/ip/analysis/anycastServices.ts';
import { geolocate } from '../../../../../functions/engines/ip/analysis/geolocate.ts';
import { facts } from './factsFactory.ts';

const google = ANYCAST_SERVICES.find((s) => s.name === 'Google Public DNS') ?? null;
const quad9 = ANYCAST_SERVICES.find((s) => s.name === 'Quad9 DNS resolver') ?? null;

describe('geolocate', () => {
  it('converts the database country to alpha-3 and numeric and keeps region and city', () => {
    // Prepare
    const input = facts('81.2.69.160', { city: { countryCode: 'GB', region: 'England', city: 'London', prefixLength: 24 } });

    // Act and Assess
    expect(geolocate(input)).toEqual({ country: 'GBR', countryId: '826', region: 'England', city: 'London' });
  });

  it('keeps only the country of an anycast resolver whose database country is the operator country', () => {
    // Prepare
    const input = facts('8.8.8.8', { anycast: google, city: { countryCode: 'US', region: 'California', city: 'Mountain View', prefixLength: 24 } });

    // Act and Assess
    expect(geolocate(input)).toEqual({ country: 'USA', countryId: '840', region: null, city: null });
  });

  it('withholds everything for an anycast resolver the database places elsewhere', () => {
    // Prepare
    const input = facts('9.9.9.9', { anycast: quad9, city: { countryCode: 'US', region: 'California', city: 'Berkeley', prefixLength: 24 } });

    // Act and Assess
    expect(geolocate(input)).toEqual({ country: null, countryId: null, region: null, city: null });
  });

  it('gives null country for a code outside ISO 3166 but keeps region and city', () => {
    // Prepare
    const input = facts('81.2.69.160', { city: { countryCode: 'ZZ', region: 'Somewhere', city: 'Town', prefixLength: 24 } });

    // Act and Assess
    expect(geolocate(input)).toEqual({ country: null, countryId: null, region: 'Somewhere', city: 'Town' });
  });
});
