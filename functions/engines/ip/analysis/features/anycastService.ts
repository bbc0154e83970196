/**
 * Feature `anycastService` (informational, weight 0): the address is a public anycast resolver, so its geolocation is
 * withheld.
 */
import type { FeatureResult } from '../feature.ts';
import type { IpFacts } from '../facts.ts';

/**
 * Scores 1 when the address is in one of ANYCAST_SERVICES, else 0. It carries no risk weight; it explains why region
 * and city (and sometimes country) are null.
 * @param facts - the facts of the address
 */
export function anycastService(facts: IpFacts): FeatureResult {
  const service = facts.anycast;
  if (service === null) return { score: 0, detail: 'Not a known anycast resolver address.' };
  const dbCountry = facts.city?.countryCode ?? null;
  const kept = dbCountry === service.operatorCountry;
  return {
    score: 1,
    detail:
      `${service.name} (anycast, operated from ${service.operatorCountry}): region and city withheld; ` +
      (kept
        ? `country kept because the database (${dbCountry}) agrees with the operator's country.`
        : `country withheld because the database says ${dbCountry ?? 'nothing'}, one site among many.`),
  };
}
