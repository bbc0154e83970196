/**
 * Tiny factory for synthetic facts, so that feature tests state only what matters (nomenklatura's `e(...)` style).
 */
import { parseIpAddress } from '../../../../../functions/engines/ip/address/parseIpAddress.ts';
import type { IpFacts } from '../../../../../functions/engines/ip/analysis/facts.ts';
import type { ListCategory } from '../../../../../functions/engines/ip/constants.ts';
import type { ListLabel } from '../../../../../functions/engines/ip/lists/schemas.ts';

/**
 * A label of a category.
 * @param category - list category
 * @param provider - provider name @default the category
 */
export function label(category: ListCategory, provider: string = category): ListLabel {
  return { source: `test-${category}`, category, provider };
}

/**
 * Facts for an address with overrides.
 * @param ip - the address
 * @param overrides - fields to set
 */
export function facts(ip: string, overrides: Partial<Omit<IpFacts, 'address'>> = {}): IpFacts {
  return {
    address: parseIpAddress(ip),
    city: null,
    asn: { asn: 64500, org: 'Example Broadband' },
    listLabels: [],
    asnListHits: [],
    anycast: null,
    sources: { describe: (id) => `${id}, data 2026-08-22`, describeCategory: (c) => `${c} lists, data 2026-08-22` },
    asnDataLabel: 'ASN data, data 2026-06-17',
    ...overrides,
  };
}
