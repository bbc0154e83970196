/**
 * Format `aws-ip-ranges`: AWS `ip-ranges.json` (`{syncToken, createDate, prefixes:[{ip_prefix, region, service,
 * network_border_group}], ipv6_prefixes:[{ipv6_prefix, …}]}`). A prefix appears once per service; `AMAZON` is the
 * superset.
 * @see https://docs.aws.amazon.com/vpc/latest/userguide/aws-ip-ranges.html
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, optionalString, readJson, utcTimestamp } from './readJson.ts';

/**
 * Parses AWS ip-ranges.json; region and service become the entry's region and service, `createDate` the data date and
 * `syncToken` the version.
 * @throws {IpIngestError} when the JSON has no `prefixes` array
 */
export const parseAwsIpRanges: ListParser = (text, location) => {
  const root = asRecord(readJson(text, location, 'AWS ip-ranges'));
  if (root === null || !Array.isArray(root.prefixes)) throw new IpIngestError(location, 'expected AWS ip-ranges.json with a "prefixes" array');
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  const items: [unknown, string][] = [
    ...root.prefixes.map((p): [unknown, string] => [p, 'ip_prefix']),
    ...(Array.isArray(root.ipv6_prefixes) ? root.ipv6_prefixes : []).map((p): [unknown, string] => [p, 'ipv6_prefix']),
  ];
  for (const [item, key] of items) {
    const record = asRecord(item);
    const range = record === null ? null : parseCidr(optionalString(record, key) ?? '');
    if (record === null || range === null) {
      skipped += 1;
      continue;
    }
    const region = optionalString(record, 'region');
    const service = optionalString(record, 'service');
    entries.push({ range, ...(region === undefined ? {} : { region }), ...(service === undefined ? {} : { service }) });
  }
  const syncToken = root.syncToken;
  return parsedList({
    entries,
    skipped,
    dataDate: utcTimestamp(optionalString(root, 'createDate')),
    version: typeof syncToken === 'string' || typeof syncToken === 'number' ? `syncToken ${syncToken}` : null,
  });
};
