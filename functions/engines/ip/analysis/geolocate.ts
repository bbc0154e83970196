/**
 * The geolocation fields of the result (`country`, `countryId`, `region`, `city`) from the facts.
 */
import { countryCodesOf } from '../geo/countryCodes.ts';
import type { IpFacts } from './facts.ts';

/** Geolocation fields of SPEC.md 2.8. */
export interface Geolocation {
  /** ISO 3166-1 alpha-3, or null. */
  readonly country: string | null;
  /** ISO 3166-1 numeric, 3 digits, or null (always null when `country` is). */
  readonly countryId: string | null;
  /** Subdivision name, or null. */
  readonly region: string | null;
  /** City name, or null. */
  readonly city: string | null;
}

const NOWHERE: Geolocation = { country: null, countryId: null, region: null, city: null };

/**
 * Applies the DB-IP record, with the anycast rule: for an anycast resolver (ANYCAST_SERVICES) region and city are
 * withheld, and the country is kept only when the database's country equals the operator's home country.
 * A country code the ISO table does not know (e.g. `ZZ`) gives null country and countryId, but keeps region and city.
 * @param facts - the facts of the address
 */
export function geolocate(facts: IpFacts): Geolocation {
  const record = facts.city;
  if (record === null) return NOWHERE;
  const codes = record.countryCode === null ? null : countryCodesOf(record.countryCode);
  if (facts.anycast !== null) {
    if (record.countryCode !== facts.anycast.operatorCountry || codes === null) return NOWHERE;
    return { country: codes.alpha3, countryId: codes.numeric, region: null, city: null };
  }
  return { country: codes?.alpha3 ?? null, countryId: codes?.numeric ?? null, region: record.region, city: record.city };
}
