/**
 * Format `plain`: one address or CIDR per line (X4BNet outputs, lord-alfred, SecOps Tor lists, Cloudflare ips-v4/v6,
 * Spamhaus-style lists). `#` starts a comment anywhere; `;` starts a comment after the entry (Spamhaus DROP style).
 */
import { parseCidr } from '../../address/parseCidr.ts';
import { parsedList, type ListParser, type ParsedEntry } from '../parsedList.ts';

/**
 * Parses a plain list. Blank and comment lines are ignored; other lines that are not an address or CIDR are counted
 * in `skipped`.
 * @param text - file content
 * @example parsePlainList('# comment\n10.0.0.0/8\n2001:db8::/32 ; doc\n', 'x') // 2 entries, 0 skipped
 */
export const parsePlainList: ListParser = (text) => {
  const entries: ParsedEntry[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/[#;].*$/, '').trim();
    if (line === '') continue;
    const range = parseCidr(line);
    if (range === null) skipped += 1;
    else entries.push({ range });
  }
  return parsedList({ entries, skipped });
};
