/**
 * Feature `openProxy`: the address is an open proxy, or the exit address one was seen using.
 */
import { LIST_CATEGORY } from '../../constants.ts';
import type { FeatureResult } from '../feature.ts';
import { describeLabels, labelsOf, sourceIdsOf, type IpFacts } from '../facts.ts';

/**
 * Scores 1 when the open-proxy list (monosans/proxy-list: proxies that passed a check within the hour, indexed by
 * listening `host` and by `exit_ip`) contains the address, else 0. Free proxies churn within hours, so a hit says
 * "was an open proxy at the list's data date".
 * @param facts - the facts of the address
 */
export function openProxy(facts: IpFacts): FeatureResult {
  const hits = labelsOf(facts, LIST_CATEGORY.openProxy);
  if (hits.length === 0) {
    return { score: 0, detail: `Not an open proxy in ${facts.sources.describeCategory(LIST_CATEGORY.openProxy)}.` };
  }
  const where = [...new Set(hits.map((h) => facts.sources.describe(h.source)))].join('; ');
  return { score: 1, detail: `Open proxy (${describeLabels(hits)}) in ${where}.`, source: sourceIdsOf(hits) };
}
