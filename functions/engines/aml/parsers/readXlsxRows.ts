/**
 * First sheet of an .xlsx workbook as rows of strings (npm `read-excel-file`, its universal build: the Node
 * build's streaming unzip rejects workbooks written with zip data descriptors, as OFSI's ConList.xlsx is).
 */
import { readSheet } from 'read-excel-file/universal';
import { AmlSourceParseError } from '../errors.ts';

/** Cell value as text: dates as `YYYY-MM-DD`, null/undefined as ''. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * Rows of the first sheet.
 *
 * @throws AmlSourceParseError when the bytes are not an .xlsx workbook.
 */
export async function readXlsxRows(bytes: Uint8Array, location: string): Promise<string[][]> {
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const rows = await readSheet(buffer);
    return rows.map((row) => row.map(cellText));
  } catch (error) {
    throw new AmlSourceParseError(location, `not a readable .xlsx workbook (${(error as Error).message})`, { cause: error });
  }
}
