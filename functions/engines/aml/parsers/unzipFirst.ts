/**
 * OFAC publishes its XML as .ZIP (CONS_ENHANCED.ZIP, SDN_ENHANCED.ZIP). This returns the one member an
 * ingest needs, using npm `fflate`.
 */
import { unzipSync } from 'fflate';
import { AmlSourceParseError } from '../errors.ts';

/** True when `bytes` start with the zip local-file signature `PK\x03\x04`. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The bytes of the first member whose name ends with `extension` (case-insensitive).
 *
 * @throws AmlSourceParseError when the archive is unreadable or has no such member.
 */
export function unzipFirst(bytes: Uint8Array, extension: string, location: string): Uint8Array {
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes, { filter: (f) => f.name.toLowerCase().endsWith(extension.toLowerCase()) });
  } catch (error) {
    throw new AmlSourceParseError(location, `not a readable zip archive (${(error as Error).message})`, { cause: error });
  }
  const first = Object.values(members)[0];
  if (first === undefined) throw new AmlSourceParseError(location, `zip archive has no ${extension} member`);
  return first;
}
