/**
 * Feature `unannouncedAddress`: a public address that no AS announces.
 */
import type { FeatureResult } from '../feature.ts';
import type { IpFacts } from '../facts.ts';

/**
 * Scores 1 when the address is public but falls in no range of the ASN data (RouteViews, RIR delegations, DB-IP),
 * else 0. A TCP client cannot normally connect from unrouted space, so such an address is more likely a fabricated or
 * mis-forwarded value than a real client; it may also be space announced after the data date.
 * @param facts - the facts of the address
 */
export function unannouncedAddress(facts: IpFacts): FeatureResult {
  if (facts.address.scope !== 'public') return { score: 0, detail: 'Not a public address (see nonPublicAddress).' };
  if (facts.asn !== null) return { score: 0, detail: `Announced by AS${facts.asn.asn} in ${facts.asnDataLabel}.` };
  return { score: 1, detail: `No AS announces this address in ${facts.asnDataLabel}.` };
}
