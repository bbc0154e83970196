/**
 * Format `fastly-json`: Fastly's public IP list (`{addresses[], ipv6_addresses[]}`).
 * @see https://api.fastly.com/public-ip-list
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, readJson } from './readJson.ts';

/**
 * Parses Fastly's list. The file carries no date.
 * @throws {IpIngestError} when the JSON has no `addresses` array
 */
export const parseFastlyIpList: ListParser = (text, location) => {
  const root = asRecord(readJson(text, location, 'Fastly public-ip-list'));
  if (root === null || !Array.isArray(root.addresses)) throw new IpIngestError(location, 'expected Fastly JSON with an "addresses" array');
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const prefix of [...root.addresses, ...(Array.isArray(root.ipv6_addresses) ? root.ipv6_addresses : [])]) {
    const range = typeof prefix === 'string' ? parseCidr(prefix.trim()) : null;
    if (range === null) skipped += 1;
    else entries.push({ range });
  }
  return parsedList({ entries, skipped });
};
