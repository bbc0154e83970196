/**
 * What every list parser returns: address ranges (with the region and service the format gives), ASN entries, and the
 * data date when the format carries one.
 */
import type { AddressRange } from '../address/parseCidr.ts';

/** One address range of a list. */
export interface ParsedEntry {
  /** The inclusive range. */
  readonly range: AddressRange;
  /** Provider region, e.g. "us-east-1" or a geofeed's "US-CA". */
  readonly region?: string;
  /** Provider service, e.g. "EC2", or the proxy protocol. */
  readonly service?: string;
}

/** One ASN of an ASN list. */
export interface ParsedAsn {
  /** AS number. */
  readonly asn: number;
  /** The list's comment for it ("" when none). */
  readonly note: string;
}

/** Output of a parser. */
export interface ParsedList {
  /** Address ranges, in file order (may repeat or overlap). */
  readonly entries: readonly ParsedEntry[];
  /** ASN entries (ASN-list formats only). */
  readonly asns: readonly ParsedAsn[];
  /** Date of the data stated inside the file (ISO 8601 UTC), or null. */
  readonly dataDate: string | null;
  /** A version stated inside the file (e.g. Azure `changeNumber`, AWS `syncToken`), or null. */
  readonly version: string | null;
  /** Lines or items that were not a valid entry and were skipped. */
  readonly skipped: number;
}

/** A parser: the decoded text of one input → its entries. Throws `IpIngestError` when the text is not in its format. */
export type ListParser = (text: string, location: string) => ParsedList;

/**
 * Empty-result helper for parsers.
 * @param partial - the fields to set
 */
export function parsedList(partial: Partial<ParsedList>): ParsedList {
  return { entries: [], asns: [], dataDate: null, version: null, skipped: 0, ...partial };
}
