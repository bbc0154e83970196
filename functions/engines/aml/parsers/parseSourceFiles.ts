/**
 * One entry point from raw bytes to entities: picks the parser of a {@link AmlSourceFormat}, unzips and decodes
 * as that format needs. Pure (bytes in, entities out); fetching and file reading are the ingest command's job.
 */
import { AML_SOURCE_FORMAT, type AmlListType, type AmlSourceFormat } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import type { AmlEntity, ParsedSource } from '../types.ts';
import { decodeText } from './decodeText.ts';
import { parseEuFsfXml } from './parseEuFsfXml.ts';
import { parseFtmJson } from './parseFtmJson.ts';
import { parseOfacEnhancedXml } from './parseOfacEnhancedXml.ts';
import { parseOfacLegacyCsv } from './parseOfacLegacyCsv.ts';
import { parseOfsiConList } from './parseOfsiConList.ts';
import { parseSenzingJson } from './parseSenzingJson.ts';
import { parseTargetsSimpleCsv } from './parseTargetsSimpleCsv.ts';
import { parseUnConsolidatedXml } from './parseUnConsolidatedXml.ts';
import { readCsvRows } from './readCsvRows.ts';
import { readXlsxRows } from './readXlsxRows.ts';
import { isZip, unzipFirst } from './unzipFirst.ts';

/** One input file: its bytes and where they came from (file path or URL, for messages and provenance). */
export interface SourceFile {
  readonly location: string;
  readonly bytes: Uint8Array;
}

/** Options of {@link parseSourceFiles}. */
export interface ParseSourceOptions {
  /** List type for formats that carry none (OpenSanctions CSV/JSON without topics). */
  readonly listType?: AmlListType | undefined;
  /** Previous entities of this source, onto which FtM delta operations apply. @default [] */
  readonly base?: readonly AmlEntity[] | undefined;
}

/** The text of a file, unzipping the first member with `extension` if it is a zip. */
function textOf(file: SourceFile, extension: string): string {
  return decodeText(isZip(file.bytes) ? unzipFirst(file.bytes, extension, file.location) : file.bytes);
}

/**
 * Entities of one source. `files` is in the order the format expects: OFAC legacy CSV takes sdn, then
 * optionally add and alt (recognised by name when they contain `add`/`alt`); every other format reads one file.
 *
 * @throws AmlSourceParseError when a file cannot be read in `format`.
 */
export async function parseSourceFiles(
  format: AmlSourceFormat,
  files: readonly SourceFile[],
  sourceId: string,
  options: ParseSourceOptions = {},
): Promise<ParsedSource> {
  const [first] = files;
  if (first === undefined) throw new AmlSourceParseError(sourceId, 'no input file given');
  switch (format) {
    case AML_SOURCE_FORMAT.OfacLegacyCsv: {
      const byRole = (re: RegExp) => files.find((f) => re.test(f.location.split(/[\\/]/).pop() ?? ''));
      const add = byRole(/add/i);
      const alt = byRole(/alt/i);
      const sdn = files.find((f) => f !== add && f !== alt) ?? first;
      return parseOfacLegacyCsv({ sdn: sdn.bytes, add: add?.bytes, alt: alt?.bytes }, sourceId, sdn.location);
    }
    case AML_SOURCE_FORMAT.OfacEnhancedXml:
      return parseOfacEnhancedXml(textOf(first, '.xml'), sourceId, first.location);
    case AML_SOURCE_FORMAT.UnConsolidatedXml:
      return parseUnConsolidatedXml(textOf(first, '.xml'), sourceId, first.location);
    case AML_SOURCE_FORMAT.EuFsfXml:
      return parseEuFsfXml(textOf(first, '.xml'), sourceId, first.location);
    case AML_SOURCE_FORMAT.OfsiConList: {
      // An .xlsx workbook is a zip; anything else is the ConList CSV.
      const rows = isZip(first.bytes) ? await readXlsxRows(first.bytes, first.location) : readCsvRows(decodeText(first.bytes), first.location);
      return parseOfsiConList(rows, sourceId, first.location);
    }
    case AML_SOURCE_FORMAT.FtmJson:
      return parseFtmJson(textOf(first, '.json'), sourceId, first.location, options.listType, options.base);
    case AML_SOURCE_FORMAT.TargetsSimpleCsv:
      return parseTargetsSimpleCsv(textOf(first, '.csv'), sourceId, first.location, options.listType);
    case AML_SOURCE_FORMAT.SenzingJson:
      return parseSenzingJson(textOf(first, '.json'), sourceId, first.location, options.listType);
  }
}
