/**
 * The data of an AAMVA DL/ID barcode (AAMVA DL/ID Card Design Standard, 2020, Annex D "Mandatory PDF417 bar
 * code"): a header (`@`, LF, RS, CR, `ANSI ` or `AAMVA`, the 6-digit Issuer Identification Number, the AAMVA
 * version, the jurisdiction version, the number of subfiles), a subfile directory (type, offset, length), and
 * subfiles (`DL` or `ID`) of data elements: a 3-letter element ID and its value, separated by LF, ended by CR.
 */
export interface AamvaData {
  /** Issuer Identification Number (6 digits, e.g. `636000` for Virginia). */
  readonly iin: string;
  /** AAMVA version number (0-10 so far; 10 is the 2020 standard). */
  readonly aamvaVersion: number;
  /** Data elements by ID (`DCS`, `DAC`, `DBB`…), values trimmed; the first subfile of type DL or ID wins. */
  readonly elements: Readonly<Record<string, string>>;
}

/** Thrown by {@link parseAamva} when the payload is not an AAMVA DL/ID payload. */
export class AamvaFormatError extends Error {
  /**
   * @param reason - what is wrong
   */
  public constructor(reason: string) {
    super(`Not an AAMVA DL/ID barcode payload: ${reason} (expected "@\\n\\x1e\\rANSI " followed by a 6-digit IIN, AAMVA Annex D.2)`);
    this.name = 'AamvaFormatError';
  }
}

/**
 * The header up to the AAMVA version. Issuers print other control characters than Annex D's LF, RS, CR between the
 * compliance indicator `@` and the file type (a file separator, 0x1C, on South Carolina, Illinois and Pennsylvania
 * cards; none at all on others), so up to six characters of any kind are allowed there.
 */
const HEADER = /^\s*@[\s\S]{0,6}?(ANSI ?|AAMVA)(\d{6})(\d{2})/;

/** The most subfiles a directory is read with (Annex D.2 allows 99; cards carry one to three). */
const MAX_SUBFILES = 20;

/** One entry of the subfile directory: subfile type (`DL`, `ID`, `Z?`), offset and length in bytes. */
interface DirectoryEntry {
  readonly type: string;
  readonly offset: number;
}

/**
 * Parses an AAMVA DL/ID barcode payload.
 *
 * Versions 01 (2000) to 10 (2020) and later are accepted. The data elements are read from the first DL or ID subfile:
 * at the offset its directory entry gives, if the subfile's designator stands there; otherwise right after the
 * directory (a few jurisdictions count offsets differently); otherwise at the first designator after the header
 * followed by an element ID or a line feed. Some issuers leave the designator out (Connecticut, West Virginia and
 * Wyoming cards: the first element follows the directory); the data are then read from the directory's end. Elements
 * are separated by LF, CR, RS or FS; spaces before an element ID are ignored.
 *
 * @param text - the barcode's bytes as a Latin-1 string
 * @throws {AamvaFormatError} when the header is missing
 * @example parseAamva(payload).elements.DCS // "SAMPLE"
 */
export function parseAamva(text: string): AamvaData {
  const header = HEADER.exec(text);
  if (!header) throw new AamvaFormatError(`header is ${JSON.stringify(text.slice(0, 20))}`);
  const iin = header[2] as string;
  const aamvaVersion = Number(header[3]);
  const afterVersion = header.index + header[0].length;
  const body = text.slice(subfileStart(text, afterVersion, aamvaVersion));
  const elements: Record<string, string> = {};
  for (const raw of body.split(/[\n\r\x1e\x1c]/)) {
    const line = raw.trimStart().replace(/^(DL|ID|Z[A-Z])(?=[A-Z]{3})/, '');
    const m = /^([A-Z]{3})(.*)$/.exec(line);
    if (!m) continue;
    const id = m[1] as string;
    if (!(id in elements)) elements[id] = (m[2] as string).trim();
  }
  return { iin, aamvaVersion, elements };
}

/** Where the first DL or ID subfile's elements begin (see {@link parseAamva}); the text's length if nowhere. */
function subfileStart(text: string, afterVersion: number, version: number): number {
  const dir = readDirectory(text, afterVersion, version);
  if (dir) {
    const entry = dir.entries.find((e) => e.type === 'DL' || e.type === 'ID') ?? dir.entries[0];
    const type = entry?.type ?? 'DL';
    if (entry && entry.offset >= dir.end && text.startsWith(type, entry.offset) && isElementStart(text, entry.offset + 2)) return entry.offset + 2;
    if (text.startsWith(type, dir.end) && isElementStart(text, dir.end + 2)) return dir.end + 2;
    if (/^D[A-Z]{2}/.test(text.slice(dir.end, dir.end + 3))) return dir.end;
  }
  const designator = /(DL|ID)(?=D[A-Z]{2}|[\n\r])/g;
  designator.lastIndex = afterVersion;
  const found = designator.exec(text);
  if (found) return found.index + 2;
  const loose = text.slice(afterVersion).search(/(DL|ID)(?=[A-Z]{3})/);
  return loose >= 0 ? afterVersion + loose + 2 : text.length;
}

/** An element ID (`D` and two letters: every element of Annex D's DL/ID subfiles) or a line feed at `at`. */
function isElementStart(text: string, at: number): boolean {
  return /^(D[A-Z]{2}|[\n\r])/.test(text.slice(at, at + 3));
}

/**
 * The subfile directory after the version: the jurisdiction version (from version 02 on; Illinois version 02
 * payloads leave it out, so the other layout is tried too), the number of entries, and 10 characters per entry
 * (type, 4-digit offset, 4-digit length). Null when neither layout gives well-formed entries.
 */
function readDirectory(text: string, at: number, version: number): { entries: DirectoryEntry[]; end: number } | null {
  for (const skip of version >= 2 ? [2, 0] : [0, 2]) {
    const count = text.slice(at + skip, at + skip + 2);
    if (!/^\d{2}$/.test(count) || Number(count) < 1 || Number(count) > MAX_SUBFILES) continue;
    const start = at + skip + 2;
    const entries: DirectoryEntry[] = [];
    for (let i = 0; i < Number(count); i++) {
      const m = /^([A-Z]{2})(\d{4})\d{4}$/.exec(text.slice(start + 10 * i, start + 10 * (i + 1)));
      if (!m) break;
      entries.push({ type: m[1] as string, offset: Number(m[2]) });
    }
    if (entries.length === Number(count)) return { entries, end: start + 10 * entries.length };
  }
  return null;
}
