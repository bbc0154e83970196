/**
 * Network kind from the ASN organisation name: the only connection-type signal in free data.
 *
 * No free source classifies networks as cable/DSL/cellular/corporate (shared/data/ip/README.md), so the engine reads
 * the organisation name of the address's ASN (DB-IP ASN Lite names, via @ip-location-db/asn) for telling words. It is
 * a heuristic: a name says what the operator calls itself, not what a given block is used for. The rules are ordered
 * and the first match wins; each is a case-insensitive, Unicode, whole-word pattern.
 *
 * The words were chosen by reading the 84,159 distinct organisation names of the 2026-06-17 ASN CSV, keeping words
 * that mostly name one kind of network, and leaving out words that name several (e.g. "Communications" is used as
 * much by transit carriers such as Cogent as by access ISPs, so it does not make a network `residential`).
 */
import { CONNECTION_TYPE, type ConnectionType } from '../constants.ts';

/** One rule: organisation names matching `pattern` are networks of kind `type`. */
export interface OrgNameRule {
  /** The connection type the rule yields. */
  readonly type: ConnectionType;
  /** Whole-word, case-insensitive pattern. */
  readonly pattern: RegExp;
}

/** Builds a whole-word, case-insensitive, Unicode pattern from alternatives (regex syntax allowed inside). */
function words(...alternatives: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * The rules, in order. `hosting` comes first because hosting companies often add "telecom" or "network" to their names;
 * `mobile` before `residential` because mobile carriers often are telecoms too.
 */
export const ORG_NAME_RULES: readonly OrgNameRule[] = [
  {
    type: CONNECTION_TYPE.hosting,
    pattern: words(
      'hosting', 'hoster', 'webhosting', 'web hosting', 'data ?cent(?:er|re)s?', 'colo(?:cation)?', 'vps', 'vds',
      'dedicated', 'servers?', 'cloud', 'hospedagem', 'rechenzentrum', 'serverius',
    ),
  },
  {
    type: CONNECTION_TYPE.mobile,
    pattern: words('mobile', 'mobil', 'm[oó]vil(?:es)?', 'wireless', 'cellular', 'cellco', 'lte', 'gsm', 'telemovel'),
  },
  {
    type: CONNECTION_TYPE.education,
    pattern: words(
      'universit\\p{L}*', 'univ', 'college', 'schools?', 'academ\\p{L}*', 'education(?:al)?', 'hochschule',
      'polytechnic', 'institute of technology', 'research and education', 'nren',
    ),
  },
  {
    type: CONNECTION_TYPE.government,
    pattern: words(
      'government', 'govt', 'gobierno', 'governo', 'gouvernement', 'ministry', 'ministerio', 'minist[eè]re',
      'ministerium', 'municipality', 'municipal', 'county of', 'city of', 'state of', 'department of', 'dept\\.? of',
      'national guard', 'armed forces', 'air force', 'army', 'navy', 'police', 'parliament', 'bundes\\p{L}+',
      'DoD', 'defen[cs]e',
    ),
  },
  {
    type: CONNECTION_TYPE.residential,
    pattern: words(
      'broadband', 'bredb[aå]nd', 'cable', 'kabel', 'a?dsl', 'vdsl', 'fib(?:er|re)', 'ftth', 'telecom\\p{L}*', 'telekom\\p{L}*',
      'telef[oó]nica', 'internet service provider', 'isp',
    ),
  },
];

/**
 * Classifies an organisation name.
 * @param org - ASN organisation name, or null
 * @returns the first matching rule's type, or null when no rule matches (or `org` is null)
 * @example classifyOrgName('Comcast Cable Communications, LLC') // 'residential'
 * @example classifyOrgName('T-Mobile USA, Inc.') // 'mobile'
 */
export function classifyOrgName(org: string | null): ConnectionType | null {
  if (org === null) return null;
  const known = memo.get(org);
  if (known !== undefined) return known;
  const type = ORG_NAME_RULES.find((rule) => rule.pattern.test(org))?.type ?? null;
  memo.set(org, type);
  return type;
}

/** Results by organisation name; bounded by the number of distinct names in the ASN data (≈ 84k). */
const memo = new Map<string, ConnectionType | null>();
