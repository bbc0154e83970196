/**
 * Feature `torExit`: the address is a Tor exit relay.
 */
import { LIST_CATEGORY } from '../../constants.ts';
import type { FeatureResult } from '../feature.ts';
import { describeLabels, labelsOf, sourceIdsOf, type IpFacts } from '../facts.ts';

/**
 * Scores 1 when a Tor exit list (Onionoo relays with the Exit flag, TorDNSEL, or the SecOps fallback) contains the
 * address, else 0. Exit lists churn hourly; a hit is a point-in-time fact as of the list's data date.
 * @param facts - the facts of the address
 */
export function torExit(facts: IpFacts): FeatureResult {
  const hits = labelsOf(facts, LIST_CATEGORY.torExit);
  if (hits.length === 0) {
    return { score: 0, detail: `Not a Tor exit in ${facts.sources.describeCategory(LIST_CATEGORY.torExit)}.` };
  }
  const where = [...new Set(hits.map((h) => facts.sources.describe(h.source)))].join('; ');
  return { score: 1, detail: `Tor exit relay (${describeLabels(hits)}) in ${where}.`, source: sourceIdsOf(hits) };
}
