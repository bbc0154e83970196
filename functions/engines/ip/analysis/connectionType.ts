/**
 * Derives `connectionType` (CONNECTION_TYPE) from the scope, the feature results and the ASN organisation name.
 */
import { CONNECTION_TYPE, type ConnectionType, type IpScope } from '../constants.ts';
import { classifyOrgName } from './orgNameRules.ts';

/** Scopes reported as `private` (internal networks); every other non-public scope is `reserved`. */
const PRIVATE_SCOPES: ReadonlySet<IpScope> = new Set<IpScope>(['private', 'uniqueLocal', 'carrierGradeNat', 'loopback', 'linkLocal']);

/** Inputs of {@link deriveConnectionType}. */
export interface ConnectionTypeInputs {
  /** Scope of the address. */
  readonly scope: IpScope;
  /** Feature scores by feature name (`torExit`, `openProxy`, `privateRelay`, `vpn`, `hosting`). */
  readonly scores: Readonly<Record<string, number>>;
  /** ASN organisation name, or null. */
  readonly org: string | null;
}

/**
 * First match wins:
 * 1. scope `private`, `uniqueLocal`, `carrierGradeNat`, `loopback`, `linkLocal` → `private`; any other non-public
 *    scope → `reserved`;
 * 2. feature `torExit` → `tor`; `openProxy` → `proxy`; `privateRelay` → `relay`; `vpn` → `vpn`; `hosting` → `hosting`
 *    (each when its score is above 0);
 * 3. the organisation-name rules (orgNameRules.ts): `mobile`, `education`, `government`, `residential`;
 * 4. `unknown`.
 *
 * Tor before proxy before relay before VPN before hosting: each later type is usually also true of the earlier ones
 * (a Tor exit or a VPN server sits in a datacenter), and the earlier one says more about who is behind the address.
 * @param inputs - scope, feature scores and organisation name
 * @example deriveConnectionType({ scope: 'public', scores: { hosting: 1 }, org: 'Google LLC' }) // 'hosting'
 */
export function deriveConnectionType(inputs: ConnectionTypeInputs): ConnectionType {
  const { scope, scores, org } = inputs;
  if (scope !== 'public') return PRIVATE_SCOPES.has(scope) ? CONNECTION_TYPE.private : CONNECTION_TYPE.reserved;
  const has = (feature: string): boolean => (scores[feature] ?? 0) > 0;
  if (has('torExit')) return CONNECTION_TYPE.tor;
  if (has('openProxy')) return CONNECTION_TYPE.proxy;
  if (has('privateRelay')) return CONNECTION_TYPE.relay;
  if (has('vpn')) return CONNECTION_TYPE.vpn;
  if (has('hosting')) return CONNECTION_TYPE.hosting;
  const byName = classifyOrgName(org);
  // A hosting name without a hosting score cannot happen (hostingNetwork scores names too), except for relay
  // addresses, which returned above.
  return byName ?? CONNECTION_TYPE.unknown;
}
