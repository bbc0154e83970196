/**
 * Format `onionoo-csv`: `fingerprint, ipaddr, port` rows of relays' OR addresses (alireza-rezaee/tor-nodes
 * `latest.exits.csv`, built hourly from Onionoo `details?search=type:relay running:true`). The separator is a comma
 * and a space; IPv6 addresses come bare or in brackets.
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';

/**
 * Parses an Onionoo relay CSV into one /32 or /128 entry per distinct address.
 * @param text - file content, with the header line
 * @param location - for errors
 * @throws {IpIngestError} when the header is not `fingerprint, ipaddr, port`
 */
export const parseOnionooCsv: ListParser = (text, location) => {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').split(',').map((cell) => cell.trim().toLowerCase());
  if (header[0] !== 'fingerprint' || header[1] !== 'ipaddr') {
    throw new IpIngestError(location, 'expected an Onionoo relay CSV with header "fingerprint, ipaddr, port"');
  }
  const seen = new Set<string>();
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const address = (line.split(',')[1] ?? '').trim().replace(/^\[(.*)\]$/, '$1');
    const range = parseCidr(address);
    if (range === null || address.includes('/')) {
      skipped += 1;
      continue;
    }
    if (seen.has(address)) continue;
    seen.add(address);
    entries.push({ range });
  }
  return parsedList({ entries, skipped });
};
