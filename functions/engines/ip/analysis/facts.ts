/**
 * Everything the data says about one address, gathered once and handed to every feature and to the result builder.
 */
import type { ParsedIpAddress } from '../address/parseIpAddress.ts';
import type { AsnMatch } from '../asn/asnTable.ts';
import type { ListCategory } from '../constants.ts';
import type { CityRecord } from '../geo/cityDb.ts';
import type { AsnListHit } from '../lists/listIndex.ts';
import type { ListLabel } from '../lists/schemas.ts';
import type { AnycastService } from './anycastServices.ts';
import type { SourceDirectory } from './sourceDirectory.ts';

/** The facts about one address. For a non-public address every lookup field is null or empty. */
export interface IpFacts {
  /** The validated address. */
  readonly address: ParsedIpAddress;
  /** City database record, or null (no block, or non-public address). */
  readonly city: CityRecord | null;
  /** AS number and organisation, or null (not announced, or non-public address). */
  readonly asn: AsnMatch | null;
  /** Labels of every address list containing the address. */
  readonly listLabels: readonly ListLabel[];
  /** ASN-list entries of the address's AS. */
  readonly asnListHits: readonly AsnListHit[];
  /** The anycast service the address belongs to, or null. */
  readonly anycast: AnycastService | null;
  /** Names and dates of the sources, for evidence texts. */
  readonly sources: SourceDirectory;
  /** "name, data date" of the ASN data, for evidence texts. */
  readonly asnDataLabel: string;
}

/**
 * Labels of one category among the address-list hits.
 * @param facts - the facts
 * @param category - the category wanted
 */
export function labelsOf(facts: IpFacts, category: ListCategory): readonly ListLabel[] {
  return facts.listLabels.filter((label) => label.category === category);
}

/**
 * ASN-list hits of one category.
 * @param facts - the facts
 * @param category - `vpnAsn` or `datacenterAsn`
 */
export function asnHitsOf(facts: IpFacts, category: ListCategory): readonly AsnListHit[] {
  return facts.asnListHits.filter((hit) => hit.label.category === category);
}

/**
 * Describes labels for evidence: distinct "provider (region, service)" texts, joined with ", ".
 * @param labels - labels to describe
 */
export function describeLabels(labels: readonly ListLabel[]): string {
  const texts = labels.map((label) => {
    const extra = [label.region, label.service].filter((part) => part !== undefined).join(' ');
    return extra === '' ? label.provider : `${label.provider} ${extra}`;
  });
  return [...new Set(texts)].join(', ');
}

/**
 * Distinct source ids of labels, joined with ",", for the evidence `source` field.
 * @param labels - labels whose sources are wanted
 */
export function sourceIdsOf(labels: readonly ListLabel[]): string {
  return [...new Set(labels.map((label) => label.source))].join(',');
}
