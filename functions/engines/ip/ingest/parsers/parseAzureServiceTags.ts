/**
 * Format `azure-service-tags`: Azure Service Tags (`ServiceTags_Public_<date>.json`: `{changeNumber, cloud,
 * values:[{name, id, properties:{region, platform, systemService, addressPrefixes[]}}]}`).
 *
 * Only the `AzureCloud.<region>` tags are read: together they cover the cloud's address space with a region each,
 * while the service tags (`AzureFrontDoor.*`, `PowerBI`, …) overlap with them and would only add noise. When a file
 * has no regional tags, the global `AzureCloud` tag is used.
 * @see https://learn.microsoft.com/azure/virtual-network/service-tags-overview
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, optionalString, readJson } from './readJson.ts';

/**
 * Parses a Service Tags file; the tag's region becomes the region. The file carries no date; `changeNumber` and
 * `cloud` become the version.
 * @throws {IpIngestError} when the JSON has no `values` array
 */
export const parseAzureServiceTags: ListParser = (text, location) => {
  const root = asRecord(readJson(text, location, 'Azure Service Tags'));
  if (root === null || !Array.isArray(root.values)) throw new IpIngestError(location, 'expected Azure Service Tags JSON with a "values" array');
  const tags = root.values.map(asRecord).filter((tag): tag is Record<string, unknown> => tag !== null);
  const regional = tags.filter((tag) => optionalString(tag, 'name')?.startsWith('AzureCloud.') === true);
  const chosen = regional.length > 0 ? regional : tags.filter((tag) => optionalString(tag, 'name') === 'AzureCloud');
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const tag of chosen) {
    const properties = asRecord(tag.properties) ?? {};
    const region = optionalString(properties, 'region');
    const prefixes = Array.isArray(properties.addressPrefixes) ? properties.addressPrefixes : [];
    for (const prefix of prefixes) {
      const range = typeof prefix === 'string' ? parseCidr(prefix.trim()) : null;
      if (range === null) skipped += 1;
      else entries.push({ range, ...(region === undefined ? {} : { region }) });
    }
  }
  const change = root.changeNumber;
  const cloud = optionalString(root, 'cloud');
  return parsedList({
    entries,
    skipped,
    version: typeof change === 'number' || typeof change === 'string' ? `changeNumber ${change}${cloud === undefined ? '' : ` (${cloud})`}` : null,
  });
};
