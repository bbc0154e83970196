/**
 * Closed sets of the IP analysis engine. Each is an `as const` object (no TS enum), so the values are plain strings in
 * JSON and the keys are usable in code; the matching union types follow each object.
 *
 * The meaning of every value is documented in docs/ip-analysis.md.
 */

/**
 * Address family of an analysed address. IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`) are analysed as `ipv4`.
 */
export const IP_FAMILY = {
  ipv4: 'ipv4',
  ipv6: 'ipv6',
} as const;
/** One of {@link IP_FAMILY}. */
export type IpFamily = (typeof IP_FAMILY)[keyof typeof IP_FAMILY];

/**
 * Routing scope of an address, derived from ipaddr.js `range()` (IANA special-purpose registries, RFC 6890).
 *
 * Only `public` addresses are looked up in the geolocation, ASN and list data; every other scope gets an answer with
 * null geolocation, false flags and a fixed risk (see docs/ip-analysis.md, "Private and reserved addresses").
 * - `public`: global unicast (includes 6to4 `2002::/16` and Teredo `2001::/32`, which are routed).
 * - `private`: RFC 1918 (`10/8`, `172.16/12`, `192.168/16`).
 * - `uniqueLocal`: RFC 4193 IPv6 ULA (`fc00::/7`).
 * - `carrierGradeNat`: RFC 6598 shared address space (`100.64/10`).
 * - `loopback`: `127/8`, `::1`.
 * - `linkLocal`: `169.254/16`, `fe80::/10`.
 * - `multicast`: `224/4`, `ff00::/8`.
 * - `unspecified`: `0/8`, `::`.
 * - `broadcast`: `255.255.255.255`.
 * - `reserved`: every other special-purpose block (documentation, benchmarking, `240/4`, NAT64 `64:ff9b::/96`,
 *   ORCHID, AS112, AMT, discard, deprecated site-local, segment routing, …).
 */
export const IP_SCOPE = {
  public: 'public',
  private: 'private',
  uniqueLocal: 'uniqueLocal',
  carrierGradeNat: 'carrierGradeNat',
  loopback: 'loopback',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
} as const;
/** One of {@link IP_SCOPE}. */
export type IpScope = (typeof IP_SCOPE)[keyof typeof IP_SCOPE];

/**
 * `connectionType` of the IP analysis result (SPEC.md 2.8 leaves the values open; this is our closed set).
 *
 * Derived in this order, first match wins (see `analysis/connectionType.ts`):
 * 1. non-public scope: `private` (RFC 1918, ULA, CGN, loopback, link-local) or `reserved` (every other special block);
 * 2. list evidence: `tor` (Tor exit), `proxy` (open proxy), `relay` (iCloud Private Relay egress), `vpn`
 *    (VPN network or VPN ASN), `hosting` (cloud, datacenter, CDN, crawler range, datacenter ASN or hosting org name);
 * 3. the ASN organisation name: `mobile`, `education`, `government`, then `residential` (access-ISP words);
 * 4. otherwise `unknown`.
 */
export const CONNECTION_TYPE = {
  residential: 'residential',
  mobile: 'mobile',
  education: 'education',
  government: 'government',
  hosting: 'hosting',
  vpn: 'vpn',
  relay: 'relay',
  proxy: 'proxy',
  tor: 'tor',
  private: 'private',
  reserved: 'reserved',
  unknown: 'unknown',
} as const;
/** One of {@link CONNECTION_TYPE}. */
export type ConnectionType = (typeof CONNECTION_TYPE)[keyof typeof CONNECTION_TYPE];

/**
 * What membership in a list means. Every range or ASN in the shipped list index carries one or more labels, each with
 * one of these categories.
 * - `torExit`: relay with the Tor `Exit` flag (Onionoo) or an address TorDNSEL saw exiting.
 * - `vpn`: commercial VPN network or VPN server address.
 * - `privateRelay`: iCloud Private Relay egress (reported as connectionType `relay`, not as a VPN).
 * - `openProxy`: open HTTP/SOCKS proxy, its listening address or the exit address a target saw.
 * - `cloud`: a cloud, CDN or platform provider's published ranges (AWS, Google, Microsoft, Oracle, …).
 * - `datacenter`: X4BNet's "not an eyeball network" CIDRs (datacenters, VPNs, anycast resolvers, CDNs).
 * - `crawler`: published ranges of crawlers and monitoring bots (Googlebot, Bingbot, GPTBot, Pingdom, …).
 * - `vpnAsn`: an ASN listed as belonging to a VPN operator.
 * - `datacenterAsn`: an ASN listed as belonging to a hosting/datacenter operator.
 */
export const LIST_CATEGORY = {
  torExit: 'torExit',
  vpn: 'vpn',
  privateRelay: 'privateRelay',
  openProxy: 'openProxy',
  cloud: 'cloud',
  datacenter: 'datacenter',
  crawler: 'crawler',
  vpnAsn: 'vpnAsn',
  datacenterAsn: 'datacenterAsn',
} as const;
/** One of {@link LIST_CATEGORY}. */
export type ListCategory = (typeof LIST_CATEGORY)[keyof typeof LIST_CATEGORY];

/** Categories whose entries are ASNs rather than address ranges. */
export const ASN_LIST_CATEGORIES: ReadonlySet<ListCategory> = new Set([LIST_CATEGORY.vpnAsn, LIST_CATEGORY.datacenterAsn]);
