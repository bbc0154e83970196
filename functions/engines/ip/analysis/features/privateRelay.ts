/**
 * Feature `privateRelay`: the address is an iCloud Private Relay egress address.
 */
import { LIST_CATEGORY } from '../../constants.ts';
import type { FeatureResult } from '../feature.ts';
import { labelsOf, sourceIdsOf, type IpFacts } from '../facts.ts';

/**
 * Scores 1 when an iCloud Private Relay egress list contains the address, else 0.
 *
 * Private Relay is on by default for iCloud+ subscribers in Safari, so it hides the user's address from the service
 * without signalling intent to evade; it is reported as connectionType `relay`, not as a VPN, and it explains away
 * the VPN and hosting hits that its egress ranges also produce (X4BNet's VPN output includes the Apple list; the
 * egress blocks sit in Cloudflare, Akamai and Fastly networks).
 * @param facts - the facts of the address
 */
export function privateRelay(facts: IpFacts): FeatureResult {
  const hits = labelsOf(facts, LIST_CATEGORY.privateRelay);
  if (hits.length === 0) {
    return { score: 0, detail: `Not an iCloud Private Relay egress in ${facts.sources.describeCategory(LIST_CATEGORY.privateRelay)}.` };
  }
  const where = [...new Set(hits.map((h) => facts.sources.describe(h.source)))].join('; ');
  return { score: 1, detail: `iCloud Private Relay egress address in ${where}.`, source: sourceIdsOf(hits) };
}
