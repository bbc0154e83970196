/**
 * The list formats the ingestion reads, each with its parser and, where the content identifies it, a sniffer (used
 * for a bare `--from <file-or-url>` that names no source).
 */
import type { ListParser } from './parsedList.ts';
import { asRecord } from './parsers/readJson.ts';
import { parseAsnList } from './parsers/parseAsnList.ts';
import { parseAwsIpRanges } from './parsers/parseAwsIpRanges.ts';
import { parseAzureServiceTags } from './parsers/parseAzureServiceTags.ts';
import { parseFastlyIpList } from './parsers/parseFastlyIpList.ts';
import { parseGcpCloudJson } from './parsers/parseGcpCloudJson.ts';
import { parseGeofeed } from './parsers/parseGeofeed.ts';
import { parseMonosansProxies } from './parsers/parseMonosansProxies.ts';
import { parseOnionooCsv } from './parsers/parseOnionooCsv.ts';
import { parseOracleIpRanges } from './parsers/parseOracleIpRanges.ts';
import { parsePlainList } from './parsers/parsePlainList.ts';
import { parseTorDnsel } from './parsers/parseTorDnsel.ts';

/** A format: its parser and a content test (null when plain text cannot be told apart from other formats). */
export interface ListFormatDefinition {
  /** Parses the decoded text. */
  readonly parse: ListParser;
  /** True when `text` is certainly in this format; null when the format cannot be recognised from content alone. */
  readonly sniff: ((text: string, json: unknown) => boolean) | null;
}

const jsonKeys = (json: unknown, ...keys: string[]): boolean => {
  const record = asRecord(json);
  return record !== null && keys.every((key) => key in record);
};

/** The formats, by name. */
export const LIST_FORMATS = {
  /** One address or CIDR per line. */
  plain: { parse: parsePlainList, sniff: null },
  /** `AS1234 # comment` per line. */
  'asn-list': { parse: parseAsnList, sniff: null },
  /** RFC 8805 geofeed CSV. */
  geofeed: { parse: parseGeofeed, sniff: null },
  /** Onionoo relay CSV `fingerprint, ipaddr, port`. */
  'onionoo-csv': { parse: parseOnionooCsv, sniff: (text) => /^\s*fingerprint\s*,\s*ipaddr\b/i.test(text) },
  /** TorDNSEL `exit-addresses`. */
  tordnsel: { parse: parseTorDnsel, sniff: (text) => /^ExitNode\s/m.test(text) && /^ExitAddress\s/m.test(text) },
  /** AWS ip-ranges.json. */
  'aws-ip-ranges': { parse: parseAwsIpRanges, sniff: (_text, json) => jsonKeys(json, 'prefixes', 'createDate') },
  /** Google cloud.json / goog.json. */
  'gcp-json': { parse: parseGcpCloudJson, sniff: (_text, json) => jsonKeys(json, 'prefixes', 'creationTime') },
  /** Azure Service Tags. */
  'azure-service-tags': { parse: parseAzureServiceTags, sniff: (_text, json) => jsonKeys(json, 'values', 'changeNumber') },
  /** OCI public_ip_ranges.json. */
  'oracle-ip-ranges': { parse: parseOracleIpRanges, sniff: (_text, json) => jsonKeys(json, 'regions', 'last_updated_timestamp') },
  /** Fastly public-ip-list. */
  'fastly-json': { parse: parseFastlyIpList, sniff: (_text, json) => jsonKeys(json, 'addresses', 'ipv6_addresses') },
  /** monosans proxies.json. */
  'monosans-json': {
    parse: parseMonosansProxies,
    sniff: (_text, json) => Array.isArray(json) && json.length > 0 && jsonKeys(json[0], 'host', 'exit_ip'),
  },
} as const satisfies Record<string, ListFormatDefinition>;

/** A format name. */
export type ListFormat = keyof typeof LIST_FORMATS;

/**
 * Recognises the format of a file from its content.
 * @param text - decoded content
 * @returns the format, or null when no sniffer claims it (plain lists, ASN lists and geofeeds need a named source)
 */
export function sniffFormat(text: string): ListFormat | null {
  let json: unknown = undefined;
  const head = text.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
  }
  for (const [name, format] of Object.entries(LIST_FORMATS) as [ListFormat, ListFormatDefinition][]) {
    if (format.sniff?.(text, json) === true) return name;
  }
  return null;
}
