/**
 * Feature `hosting`: the address is in a cloud, datacenter, CDN or crawler network rather than an access (eyeball)
 * network.
 */
import { CONNECTION_TYPE, LIST_CATEGORY } from '../../constants.ts';
import type { FeatureResult } from '../feature.ts';
import { asnHitsOf, describeLabels, labelsOf, sourceIdsOf, type IpFacts } from '../facts.ts';
import { classifyOrgName } from '../orgNameRules.ts';
import { privateRelay } from './privateRelay.ts';

/**
 * Score of a hosting verdict that rests only on the organisation name (no list): the name is the operator's own
 * description, so it is strong but not list-grade evidence.
 */
export const HOSTING_BY_NAME_SCORE = 0.6;

/**
 * Scores 1 when a provider's published ranges (cloud, CDN, platform), X4BNet's datacenter CIDRs, a crawler list or
 * X4BNet's datacenter ASN list contains the address, or it is a public anycast DNS resolver (ANYCAST_SERVICES);
 * {@link HOSTING_BY_NAME_SCORE} when only the ASN organisation name says hosting (see orgNameRules.ts); else 0. An
 * iCloud Private Relay address scores 0 (the user behind it is on an access network). X4BNet's datacenter list also
 * holds anycast resolvers and CDNs (8.8.8.8, Cloudflare): those are not access networks either, so they count.
 * @param facts - the facts of the address
 */
export function hostingNetwork(facts: IpFacts): FeatureResult {
  const ranges = [
    ...labelsOf(facts, LIST_CATEGORY.cloud),
    ...labelsOf(facts, LIST_CATEGORY.crawler),
    ...labelsOf(facts, LIST_CATEGORY.datacenter),
  ];
  const asns = asnHitsOf(facts, LIST_CATEGORY.datacenterAsn);
  const org = facts.asn?.org ?? null;
  const byName = classifyOrgName(org) === CONNECTION_TYPE.hosting;
  const anycast = facts.anycast;
  if (ranges.length === 0 && asns.length === 0 && anycast === null && !byName) {
    return { score: 0, detail: `Not in ${facts.sources.describeCategory(LIST_CATEGORY.cloud)}; ${facts.sources.describeCategory(LIST_CATEGORY.datacenter)}; organisation name not a hosting name.` };
  }
  if (privateRelay(facts).score > 0) {
    return { score: 0, detail: 'Hosting lists contain this iCloud Private Relay egress address; reported as relay, not hosting.' };
  }
  if (ranges.length === 0 && asns.length === 0 && anycast === null) {
    return { score: HOSTING_BY_NAME_SCORE, detail: `AS${facts.asn?.asn ?? '?'} organisation "${org ?? ''}" names a hosting business (no list contains the address).` };
  }
  const parts: string[] = [];
  if (ranges.length > 0) parts.push(`Hosting/cloud range (${describeLabels(ranges)})`);
  for (const hit of asns) parts.push(`AS${facts.asn?.asn ?? '?'} on ${hit.label.provider}${hit.note === '' ? '' : ` (${hit.note})`}`);
  if (anycast !== null) parts.push(`${anycast.name} (anycast service infrastructure)`);
  const source = sourceIdsOf([...ranges, ...asns.map((h) => h.label)]);
  if (source === '') return { score: 1, detail: `${parts.join('; ')}.` };
  return { score: 1, detail: `${parts.join('; ')}.`, source };
}
