/**
 * Format `geofeed`: an RFC 8805 self-published geofeed (`prefix,alpha2code,region,city,postal_code`, `#` comments),
 * as published by DigitalOcean and Linode for their address space.
 * @see https://www.rfc-editor.org/rfc/rfc8805
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';
import { utcTimestamp } from './readJson.ts';

const LAST_MODIFIED = /^#\s*Last modified:\s*(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/im;

/**
 * Parses a geofeed; the region code (e.g. `US-CA`), or the country when the region is empty, becomes the region. A
 * `# Last modified: <date>` comment (Linode) becomes the data date.
 */
export const parseGeofeed: ListParser = (text) => {
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [prefix = '', country = '', region = ''] = line.split(',').map((cell) => cell.trim());
    const range = parseCidr(prefix);
    if (range === null) {
      skipped += 1;
      continue;
    }
    const where = region !== '' ? region : country;
    entries.push({ range, ...(where === '' ? {} : { region: where }) });
  }
  const modified = LAST_MODIFIED.exec(text);
  return parsedList({ entries, skipped, dataDate: modified === null ? null : utcTimestamp(`${modified[1]}T${modified[2]}`) });
};
