/**
 * Format `oracle-ip-ranges`: OCI `public_ip_ranges.json` (`{last_updated_timestamp, regions:[{region, cidrs:[{cidr,
 * tags[]}]}]}`).
 * @see https://docs.oracle.com/iaas/Content/General/Concepts/addressranges.htm
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, optionalString, readJson, utcTimestamp } from './readJson.ts';

/**
 * Parses the OCI file; the region becomes the region and the tags (`OCI`, `OSN`, `OBJECT_STORAGE`) the service.
 * @throws {IpIngestError} when the JSON has no `regions` array
 */
export const parseOracleIpRanges: ListParser = (text, location) => {
  const root = asRecord(readJson(text, location, 'Oracle public_ip_ranges'));
  if (root === null || !Array.isArray(root.regions)) throw new IpIngestError(location, 'expected OCI public_ip_ranges.json with a "regions" array');
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const item of root.regions) {
    const region = asRecord(item);
    if (region === null || !Array.isArray(region.cidrs)) {
      skipped += 1;
      continue;
    }
    const name = optionalString(region, 'region');
    for (const cidrItem of region.cidrs) {
      const cidr = asRecord(cidrItem);
      const range = cidr === null ? null : parseCidr(optionalString(cidr, 'cidr') ?? '');
      if (cidr === null || range === null) {
        skipped += 1;
        continue;
      }
      const tags = Array.isArray(cidr.tags) ? cidr.tags.filter((t): t is string => typeof t === 'string') : [];
      const service = tags.length > 0 ? tags.join('+') : undefined;
      entries.push({ range, ...(name === undefined ? {} : { region: name }), ...(service === undefined ? {} : { service }) });
    }
  }
  return parsedList({ entries, skipped, dataDate: utcTimestamp(optionalString(root, 'last_updated_timestamp')) });
};
