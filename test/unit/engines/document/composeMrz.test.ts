import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import { parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { composeMrz } from '../../../../functions/engines/document/synthetic/composeMrz.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('composeMrz for the synthetic sets', () => {
  it('composes TD2 cards (ICAO Doc 9303 Part 6) that the mrz package and the reader parse alike, every check digit right', () => {
    const rng = createRandom(7);
    for (let n = 0; n < 20; n++) {
      const identity = { ...randomIdentity(rng, NOW), sex: n % 2 === 0 ? ('M' as const) : ('F' as const), personalNumber: n % 3 === 0 ? '' : '0123456' };
      const lines = composeMrz(identity, 'TD2', 'I<');
      expect(lines.map((l) => l.length)).toEqual([36, 36]);
      const pkg = parse(lines);
      expect(pkg.format).toBe('TD2');
      expect(pkg.valid).toBe(true);
      const ours = parseMrz(lines);
      expect(ours.format).toBe('TD2');
      expect(ours.checks).toEqual({ documentNumber: true, birthDate: true, expiryDate: true, composite: true });
      expect(ours.documentNumber).toBe(pkg.documentNumber);
      expect(ours.personalNumber).toBe(identity.personalNumber === '' ? null : identity.personalNumber);
    }
  });
});
