/**
 * Version and data date of an npm data package, read from the `package.json` beside a data file.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Name and version of the package holding a data file, and the data date its version encodes. */
export interface PackageInfo {
  /** npm package name, e.g. "@ip-location-db/asn". */
  readonly name: string;
  /** npm version, e.g. "2.3.2026061719". */
  readonly version: string;
  /**
   * Data date from an ip-location-db version (`<major>.<minor>.<YYYYMMDDHH>`), as ISO 8601 UTC; null for other
   * version schemes.
   */
  readonly dataDate: string | null;
}

/**
 * Reads the `package.json` in the directory of `file`.
 * @param file - a data file inside an npm package directory
 * @returns the package info, or null when there is no readable `package.json` with name and version there
 */
export async function packageInfoOf(file: string): Promise<PackageInfo | null> {
  try {
    const json = JSON.parse(await readFile(join(dirname(file), 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof json.name !== 'string' || typeof json.version !== 'string') return null;
    return { name: json.name, version: json.version, dataDate: dataDateOfVersion(json.version) };
  } catch {
    return null;
  }
}

/**
 * Decodes the data date of an ip-location-db version string.
 * @param version - e.g. "2.3.2026061719"
 * @returns e.g. "2026-06-17T19:00:00Z", or null when the patch part is not `YYYYMMDDHH`
 */
export function dataDateOfVersion(version: string): string | null {
  const match = /^\d+\.\d+\.(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(version);
  if (match === null) return null;
  const [, year, month, day, hour] = match;
  return `${year}-${month}-${day}T${hour}:00:00Z`;
}
