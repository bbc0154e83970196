/**
 * The data of an AAMVA DL/ID barcode (AAMVA DL/ID Card Design Standard, 2020, Annex D "Mandatory PDF417 bar
 * code"): a header (`@`, LF, RS, CR, `ANSI ` or `AAMVA`, the 6-digit Issuer Identification Number, the AAMVA
 * version, the jurisdiction version, the number of subfiles), a subfile directory (type, offset, length), and
 * subfiles (`DL` or `ID`) of data elements: a 3-letter element ID and its value, separated by LF, ended by CR.
 */
export interface AamvaData {
  /** Issuer Identification Number (6 digits, e.g. `636000` for Virginia). */
  readonly iin: string;
  /** AAMVA version number (0-10; 10 is the 2020 standard). */
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

const HEADER = /^@\n?\x1e?\r?(ANSI |AAMVA)(\d{6})(\d{2})(\d{2})?(\d{2})?/;

/**
 * Parses an AAMVA DL/ID barcode payload.
 *
 * Versions 01 (2000) to 10 (2020) are accepted. Where the subfile directory is inconsistent (a few jurisdictions
 * count offsets differently), the elements are read from the `DL`/`ID` subfile found by its designator instead.
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
  // The data start at the first subfile designator after the directory: "DL" or "ID" followed by an element ID.
  const start = text.search(/(DL|ID)(?=[A-Z]{3})/g);
  const body = start >= 0 ? text.slice(start + 2) : '';
  const elements: Record<string, string> = {};
  for (const raw of body.split(/[\n\r\x1e]/)) {
    const line = raw.replace(/^(DL|ID|Z[A-Z])(?=[A-Z]{3})/, '');
    const m = /^([A-Z]{3})(.*)$/.exec(line);
    if (!m) continue;
    const id = m[1] as string;
    if (!(id in elements)) elements[id] = (m[2] as string).trim();
  }
  return { iin, aamvaVersion, elements };
}
