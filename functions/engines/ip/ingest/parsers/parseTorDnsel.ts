/**
 * Format `tordnsel`: the Tor Project's exit list (`https://check.torproject.org/exit-addresses`): blocks of
 * `ExitNode <fp>`, `Published <ts>`, `LastStatus <ts>`, `ExitAddress <ip> <ts>`, timestamps in UTC. These are the
 * addresses exits were actually seen using, which can differ from their OR addresses.
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { IpIngestError } from '../../errors.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';

const EXIT_ADDRESS = /^ExitAddress\s+(\S+)\s+(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})/;

/**
 * Parses a TorDNSEL exit list into one entry per distinct exit address; the data date is the newest `ExitAddress`
 * timestamp.
 * @param text - file content
 * @param location - for errors
 * @throws {IpIngestError} when the text has no `ExitNode` line
 */
export const parseTorDnsel: ListParser = (text, location) => {
  if (!/^ExitNode\s/m.test(text)) throw new IpIngestError(location, 'expected a TorDNSEL exit list (ExitNode/ExitAddress lines)');
  const seen = new Set<string>();
  const entries: ParsedEntry[] = [];
  let newest = '';
  let skipped = 0;
  for (const line of text.split('\n')) {
    const match = EXIT_ADDRESS.exec(line.trim());
    if (match === null) {
      if (line.startsWith('ExitAddress')) skipped += 1;
      continue;
    }
    const [, address = '', day = '', time = ''] = match;
    const range = parseCidr(address);
    if (range === null) {
      skipped += 1;
      continue;
    }
    const stamp = `${day}T${time}Z`;
    if (stamp > newest) newest = stamp;
    if (seen.has(address)) continue;
    seen.add(address);
    entries.push({ range });
  }
  return parsedList({ entries, skipped, dataDate: newest === '' ? null : newest });
};
