/**
 * RFC 4180 CSV to rows of strings (npm `csv-parse`), tolerant of the quirks of published lists: quotes inside
 * unquoted fields, ragged rows, CRLF, quoted newlines.
 */
import { parse } from 'csv-parse/sync';
import { AmlSourceParseError } from '../errors.ts';

/**
 * Rows of `text`, each an array of raw cell strings.
 *
 * @throws AmlSourceParseError when the text is not CSV at all.
 */
export function readCsvRows(text: string, location: string): string[][] {
  try {
    return parse(text, {
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    throw new AmlSourceParseError(location, `not a readable CSV file (${(error as Error).message})`, { cause: error });
  }
}
