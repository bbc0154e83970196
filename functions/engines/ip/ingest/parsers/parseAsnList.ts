/**
 * Format `asn-list`: one ASN per line as `AS1234 # comment` (X4BNet `input/datacenter/ASN.txt` and `input/vpn/ASN.txt`); `AS` prefix and comment optional.
 */
import { parsedList, type ListParser, type ParsedAsn } from '../parsedList.ts';

const LINE = /^(?:AS)?(\d{1,10})\s*(?:#\s*(.*))?$/i;

/**
 * Parses an ASN list. Blank and full-line comments are ignored; other lines that do not match are counted in `skipped`.
 * @param text - file content
 * @example parseAsnList('AS3223 # VOXILITY, RO\n', 'x').asns // [{ asn: 3223, note: 'VOXILITY, RO' }]
 */
export const parseAsnList: ListParser = (text) => {
  const asns: ParsedAsn[] = [];
  let skipped = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    const asn = match === null ? NaN : Number(match[1]);
    if (match === null || asn > 0xffff_ffff) {
      skipped += 1;
      continue;
    }
    asns.push({ asn, note: (match[2] ?? '').trim() });
  }
  return parsedList({ asns, skipped });
};
