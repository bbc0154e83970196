/**
 * Format `gcp-json`: Google's `cloud.json` (`{syncToken, creationTime, prefixes:[{ipv4Prefix|ipv6Prefix, service,
 * scope}]}`) and `goog.json` (same, without service and scope).
 * @see https://support.google.com/a/answer/10026322
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, optionalString, readJson, utcTimestamp } from './readJson.ts';

/**
 * Parses cloud.json / goog.json; `scope` (the Cloud region) becomes the region, `service` the service.
 * @throws {IpIngestError} when the JSON has no `prefixes` array
 */
export const parseGcpCloudJson: ListParser = (text, location) => {
  const root = asRecord(readJson(text, location, 'Google cloud.json'));
  if (root === null || !Array.isArray(root.prefixes)) throw new IpIngestError(location, 'expected Google cloud.json/goog.json with a "prefixes" array');
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const item of root.prefixes) {
    const record = asRecord(item);
    const prefix = record === null ? undefined : (optionalString(record, 'ipv4Prefix') ?? optionalString(record, 'ipv6Prefix'));
    const range = prefix === undefined ? null : parseCidr(prefix);
    if (record === null || range === null) {
      skipped += 1;
      continue;
    }
    const region = optionalString(record, 'scope');
    const service = optionalString(record, 'service');
    entries.push({ range, ...(region === undefined ? {} : { region }), ...(service === undefined ? {} : { service }) });
  }
  const syncToken = optionalString(root, 'syncToken');
  return parsedList({
    entries,
    skipped,
    dataDate: utcTimestamp(optionalString(root, 'creationTime')),
    version: syncToken === undefined ? null : `syncToken ${syncToken}`,
  });
};
