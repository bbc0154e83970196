/**
 * Maps the special-range name that ipaddr.js `range()` returns to our closed {@link IP_SCOPE} set.
 */
import { IP_SCOPE, type IpScope } from '../constants.ts';

/**
 * ipaddr.js 2.x range names that keep their own scope. Names not listed here and not in {@link PUBLIC_RANGES} are
 * `reserved` (IANA special-purpose blocks such as documentation, benchmarking, `240/4`, NAT64, ORCHID, AS112, AMT).
 */
const NAMED_SCOPES: Readonly<Record<string, IpScope>> = {
  private: IP_SCOPE.private,
  uniqueLocal: IP_SCOPE.uniqueLocal,
  carrierGradeNat: IP_SCOPE.carrierGradeNat,
  loopback: IP_SCOPE.loopback,
  linkLocal: IP_SCOPE.linkLocal,
  multicast: IP_SCOPE.multicast,
  unspecified: IP_SCOPE.unspecified,
  broadcast: IP_SCOPE.broadcast,
};

/**
 * ipaddr.js range names of globally routed unicast space: `unicast` (everything not special), and the IPv6 transition
 * prefixes 6to4 (`2002::/16`, RFC 3056) and Teredo (`2001::/32`, RFC 4380), whose addresses are routed and seen as
 * client addresses.
 */
const PUBLIC_RANGES: ReadonlySet<string> = new Set(['unicast', '6to4', 'teredo']);

/**
 * Scope of an address from its ipaddr.js range name.
 * @param rangeName - the value of `IPv4#range()` or `IPv6#range()`
 * @returns the scope; unknown names (future ipaddr.js versions) map to `reserved`, never to `public`
 */
export function scopeOf(rangeName: string): IpScope {
  if (PUBLIC_RANGES.has(rangeName)) return IP_SCOPE.public;
  return NAMED_SCOPES[rangeName] ?? IP_SCOPE.reserved;
}
