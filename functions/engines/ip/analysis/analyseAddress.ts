/**
 * Analyses one address: validate, gather facts, evaluate the risk features, build the SPEC.md 2.8 result.
 */
import { parseIpAddress } from '../address/parseIpAddress.ts';
import { lookupAsn, type AsnTable } from '../asn/asnTable.ts';
import type { CityDb } from '../geo/cityDb.ts';
import type { ListIndex } from '../lists/listIndex.ts';
import type { IpAnalysis, IpEvidence } from '../types.ts';
import { findAnycastService } from './anycastServices.ts';
import { deriveConnectionType } from './connectionType.ts';
import type { IpFacts } from './facts.ts';
import { geolocate } from './geolocate.ts';
import { RISK_FEATURES } from './riskFeatures.ts';
import { riskScore } from './riskScore.ts';
import type { SourceDirectory } from './sourceDirectory.ts';

/** The loaded data an analysis reads. */
export interface AnalysisData {
  /** City databases. */
  readonly cityDb: CityDb;
  /** ASN table for IPv4. */
  readonly asnV4: AsnTable;
  /** ASN table for IPv6. */
  readonly asnV6: AsnTable;
  /** List index. */
  readonly lists: ListIndex;
  /** Source names and dates for evidence. */
  readonly sources: SourceDirectory;
  /** "name, data date" of the ASN data. */
  readonly asnDataLabel: string;
}

/**
 * Analyses one address.
 * @param data - loaded data
 * @param input - the caller's address string
 * @throws {IpAddressError} when `input` is not an IPv4/IPv6 address
 */
export function analyseAddress(data: AnalysisData, input: string): IpAnalysis {
  const address = parseIpAddress(input);
  const isPublic = address.scope === 'public';
  const asn = isPublic ? lookupAsn(address.family === 'ipv4' ? data.asnV4 : data.asnV6, address.words) : null;
  const facts: IpFacts = {
    address,
    city: isPublic ? data.cityDb.lookup(address.text, address.family) : null,
    asn,
    listLabels: isPublic ? data.lists.lookupAddress(address.family, address.words) : [],
    asnListHits: asn === null ? [] : data.lists.lookupAsn(asn.asn),
    anycast: isPublic ? findAnycastService(address.family, address.words) : null,
    sources: data.sources,
    asnDataLabel: data.asnDataLabel,
  };

  const evidence: IpEvidence[] = [];
  const scores: Record<string, number> = {};
  for (const feature of RISK_FEATURES) {
    const { score, detail, source } = feature.evaluate(facts);
    scores[feature.name] = score;
    evidence.push(source === undefined ? { feature: feature.name, score, weight: feature.weight, detail } : { feature: feature.name, score, weight: feature.weight, detail, source });
  }
  const geo = geolocate(facts);
  const has = (name: string): boolean => (scores[name] ?? 0) > 0;
  return {
    scope: address.scope,
    evidence,
    result: {
      ipAddress: address.text,
      countryId: geo.countryId,
      country: geo.country,
      region: geo.region,
      city: geo.city,
      isp: asn?.org ?? null,
      organisation: asn?.org ?? null,
      asn: asn === null ? null : `AS${asn.asn}`,
      isVpn: has('vpn'),
      isProxy: has('openProxy'),
      isTor: has('torExit'),
      isHosting: has('hosting'),
      connectionType: deriveConnectionType({ scope: address.scope, scores, org: asn?.org ?? null }),
      riskScore: riskScore(RISK_FEATURES.map((feature) => ({ weight: feature.weight, score: scores[feature.name] ?? 0 }))),
    },
  };
}
