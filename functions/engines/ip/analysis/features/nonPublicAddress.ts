/**
 * Feature `nonPublicAddress`: the address is private, loopback, link-local, multicast or otherwise reserved.
 */
import type { FeatureResult } from '../feature.ts';
import type { IpFacts } from '../facts.ts';

/**
 * Scores 1 for every scope other than `public`, else 0. Such an address cannot be the end user's address on the
 * Internet: the integrator passed an internal address (a proxy hop, a test value) or the value was forged, and no list
 * or database can say anything about it. The feature's weight puts it at the midpoint of the scale, "cannot be
 * assessed", rather than at 0, so that it is not mistaken for a clean residential address.
 * @param facts - the facts of the address
 */
export function nonPublicAddress(facts: IpFacts): FeatureResult {
  const { scope, text } = facts.address;
  if (scope === 'public') return { score: 0, detail: 'Public (globally routed) address.' };
  return { score: 1, detail: `${text} is a ${scope} address (IANA special-purpose); it is not looked up.` };
}
