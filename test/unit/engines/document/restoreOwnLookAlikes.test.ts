import { describe, expect, it } from 'vitest';
import type { Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { OWN_LOOK_ALIKE_MIN_P, restoreOwnLookAlikes } from '../../../../functions/engines/document/reading/restoreOwnLookAlikes.ts';

// ICAO Doc 9303 Part 4's specimen, every check digit verifying as printed. Printed instead with an `O` in place of
// the `0` of its document number L898902C3 (a character changed after the digits were computed), it fails its
// number's digit; read with a `0` there, it verifies again: the case of the blind photo sets' negatives (seed 16
// `0074`, the own recogniser reading the printed `O` at 0.9991).
const read = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const withChar = (line: string, k: number, ch: string) => line.slice(0, k) + ch + line.slice(k + 1);

/** The own recogniser's alternatives: nothing but `alts` at line 1, position `k`. */
const ownAt = (lines: readonly string[], k: number, alts: Alternative[]) => lines.map((line, i) => [...line].map((_, j) => (i === 1 && j === k ? alts : [])));

describe('restoreOwnLookAlikes', () => {
  it('sets a 0 of a verifying document number back to the O the own recogniser reads there, and the number then fails', () => {
    expect(parseMrz(read).checks.documentNumber).toBe(true);
    const out = restoreOwnLookAlikes('TD3', read, ownAt(read, 5, [{ char: 'O', p: 0.9991 }, { char: '0', p: 0.0006 }]));
    expect(out.lines).toEqual([read[0], withChar(read[1] as string, 5, 'O')]);
    expect(out.restored).toEqual([{ line: 1, index: 5, from: '0', to: 'O', p: 0.9991 }]);
    expect(parseMrz(out.lines).checks).toMatchObject({ documentNumber: false, composite: false });
  });

  it('sets an O back to a 0 the same way', () => {
    // A number holding an O that verifies: L8989O2C3 with its own check digit (and the composite computed again).
    const number = 'L8989O2C3';
    const line = `${number}${computeCheckDigit(number)}${(read[1] as string).slice(10, 43)}`;
    const composite = computeCheckDigit(line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 43));
    const lines = [read[0] as string, `${line}${composite}`];
    expect(parseMrz(lines).checks).toMatchObject({ documentNumber: true, composite: true });
    const out = restoreOwnLookAlikes('TD3', lines, ownAt(lines, 5, [{ char: '0', p: 0.995 }, { char: 'O', p: 0.004 }]));
    expect(out.restored).toEqual([{ line: 1, index: 5, from: 'O', to: '0', p: 0.995 }]);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
  });

  it(`changes nothing when the own recogniser gives the other look-alike less than ${OWN_LOOK_ALIKE_MIN_P}`, () => {
    const out = restoreOwnLookAlikes('TD3', read, ownAt(read, 5, [{ char: 'O', p: 0.98 }, { char: '0', p: 0.02 }]));
    expect(out).toEqual({ lines: read, restored: [] });
    expect(restoreOwnLookAlikes('TD3', read, ownAt(read, 5, [])).restored).toEqual([]);
  });

  it('changes nothing in a document number that already fails, nor outside the document number', () => {
    const failing = [read[0] as string, withChar(read[1] as string, 9, '7')];
    expect(restoreOwnLookAlikes('TD3', failing, ownAt(failing, 5, [{ char: 'O', p: 0.9991 }])).restored).toEqual([]);
    // The 0 of the birth date 740812 (position 15): a date allows no O, and the step looks at the number alone.
    expect(restoreOwnLookAlikes('TD3', read, ownAt(read, 15, [{ char: 'O', p: 0.9991 }])).restored).toEqual([]);
  });
});
