/**
 * Format `monosans-json`: monosans/proxy-list `proxies.json`, an array of `{protocol, host, port, exit_ip, asn,
 * geolocation, …}` for proxies that passed a check within the hour.
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { asRecord, optionalString, readJson } from './readJson.ts';

/**
 * Parses the proxy list into one entry per distinct (address, protocol): the listening `host` and, when it differs,
 * the `exit_ip` that the checker's target saw (a proxy chain or a NAT can exit elsewhere). The protocol (`http`,
 * `socks4`, `socks5`) becomes the service. The file carries no date.
 * @throws {IpIngestError} when the JSON is not an array
 */
export const parseMonosansProxies: ListParser = (text, location) => {
  const root = readJson(text, location, 'monosans proxies.json');
  if (!Array.isArray(root)) throw new IpIngestError(location, 'expected monosans proxies.json (a JSON array of proxies)');
  const seen = new Set<string>();
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const item of root) {
    const proxy = asRecord(item);
    if (proxy === null) {
      skipped += 1;
      continue;
    }
    const protocol = optionalString(proxy, 'protocol');
    const addresses = new Set([optionalString(proxy, 'host'), optionalString(proxy, 'exit_ip')].filter((a): a is string => a !== undefined));
    if (addresses.size === 0) skipped += 1;
    for (const address of addresses) {
      const range = address.includes('/') ? null : parseCidr(address);
      if (range === null) {
        skipped += 1;
        continue;
      }
      const key = `${address} ${protocol ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ range, ...(protocol === undefined ? {} : { service: protocol }) });
    }
  }
  return parsedList({ entries, skipped });
};
