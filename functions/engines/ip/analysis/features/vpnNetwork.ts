/**
 * Feature `vpn`: the address belongs to a commercial VPN.
 */
import { LIST_CATEGORY } from '../../constants.ts';
import type { FeatureResult } from '../feature.ts';
import { asnHitsOf, describeLabels, labelsOf, sourceIdsOf, type IpFacts } from '../facts.ts';
import { privateRelay } from './privateRelay.ts';
import { torExit } from './torExit.ts';

/**
 * Scores 1 when a VPN list contains the address (X4BNet VPN networks; Mullvad, PIA and Proton VPN server lists) or its
 * AS is on X4BNet's VPN ASN list, else 0. A Tor exit or an iCloud Private Relay address scores 0 here: the more specific
 * list explains the VPN lists' hit (X4BNet lists the Tor exit operator AS60729 and Apple's relay egress as VPN), and
 * the address is reported as `tor` or `relay` instead.
 * @param facts - the facts of the address
 */
export function vpnNetwork(facts: IpFacts): FeatureResult {
  const ranges = labelsOf(facts, LIST_CATEGORY.vpn);
  const asns = asnHitsOf(facts, LIST_CATEGORY.vpnAsn);
  if (ranges.length === 0 && asns.length === 0) {
    return { score: 0, detail: `Not a VPN in ${facts.sources.describeCategory(LIST_CATEGORY.vpn)}.` };
  }
  if (privateRelay(facts).score > 0) {
    return { score: 0, detail: 'VPN lists contain this iCloud Private Relay egress address; reported as relay, not VPN.' };
  }
  if (torExit(facts).score > 0) {
    return { score: 0, detail: 'VPN lists contain this Tor exit; reported as Tor, not VPN.' };
  }
  const parts: string[] = [];
  if (ranges.length > 0) parts.push(`VPN network (${describeLabels(ranges)})`);
  for (const hit of asns) parts.push(`AS${facts.asn?.asn ?? '?'} on ${hit.label.provider}${hit.note === '' ? '' : ` (${hit.note})`}`);
  const labels = [...ranges, ...asns.map((h) => h.label)];
  return { score: 1, detail: `${parts.join('; ')}.`, source: sourceIdsOf(labels) };
}
