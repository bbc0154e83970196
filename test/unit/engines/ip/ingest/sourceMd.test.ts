import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSourceMd } from '../../../../../functions/engines/ip/ingest/sourceMd.ts';
import { shared } from '../paths.ts';

describe('readSourceMd', () => {
  it.each([
    ['tor-onionoo-alireza-rezaee', 'github:alireza-rezaee/tor-nodes@47d10e9b196487735fecfcdb2a77cd85fbfb91ec', '2026-08-22T21:13:34.000Z'],
    ['proxies-monosans', 'github:monosans/proxy-list@e576324d0ed0bb582117332a5e3daeee0bb1ac9b', '2026-08-22T18:23:40.000Z'],
    ['cloud-official-femueller', 'github:femueller/cloud-ip-ranges@60937f4cdba4fca4d1706d0bfec2d72d9029c54d', '2025-07-25T07:30:34.000Z'],
  ])('reads origin and UTC date from the real %s/SOURCE.md', (dir, origin, date) => {
    // Act
    const info = readSourceMd(readFileSync(shared(dir, 'SOURCE.md'), 'utf8'));

    // Assess
    expect(info).toEqual({ origin, date });
  });

  it('returns null without an origin statement', () => {
    // Act and Assess
    expect(readSourceMd('# nothing here')).toBeNull();
  });
});
