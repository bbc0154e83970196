import { describe, expect, it } from 'vitest';
import type { Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { CUT_COMPOSITE_SECOND_MIN_P, failingCompositeReadWider, restoreCutComposite } from '../../../../functions/engines/document/reading/restoreCutComposite.ts';
import { AGREED_READING_MIN_P } from '../../../../functions/engines/document/reading/restoreOwnLookAlikes.ts';

// The blind generator's seed 62 `indep-td1-083`, a TD1 card whose every check digit verifies as printed (composite
// `4`). The detector's boxes ended inside the composite's glyph, and the recognisers read it `3`: every field's digit
// verifies, the composite alone fails.
const printed = ['IDEGYRZ65120848<<<<<<<<<<<<<<<', '6403212F3010149EGY<<<<<<<<<<<4', 'MANSOUR<<KARIM<<<<<<<<<<<<<<<<'];
const withChar = (line: string, k: number, ch: string) => line.slice(0, k) + ch + line.slice(k + 1);
const misread = [printed[0] as string, withChar(printed[1] as string, 29, '3'), printed[2] as string];

/** Alternatives with nothing but `alts` at line 1, position 29 (the TD1 composite's digit). */
const at29 = (alts: Alternative[]) => misread.map((line, i) => [...line].map((_, j) => (i === 1 && j === 29 ? alts : [])));

describe('restoreCutComposite', () => {
  it('sets in the digit the own recogniser and PaddleOCR read wider where the box cut the glyph', () => {
    expect(Object.values(parseMrz(printed).checks).every(Boolean)).toBe(true);
    expect(parseMrz(misread).checks).toMatchObject({ documentNumber: true, birthDate: true, expiryDate: true, composite: false });
    const own = at29([{ char: '4', p: 0.993 }]);
    expect(failingCompositeReadWider('TD1', misread, own)).toEqual({ line: 1, index: 29, from: '3', to: '4', p: 0.993 });
    const out = restoreCutComposite('TD1', misread, own, at29([{ char: '8', p: 0.28 }]), at29([{ char: '4', p: 0.87 }]));
    expect(out.lines).toEqual(printed);
    expect(out.corrected).toEqual([{ field: 'composite', from: 'RZ65120848<<<<<<<<<<<<<<<64032123010149<<<<<<<<<<<3', to: 'RZ65120848<<<<<<<<<<<<<<<64032123010149<<<<<<<<<<<4' }]);
  });

  it('leaves the composite where the box did not cut the glyph, or PaddleOCR reads otherwise or unsure', () => {
    const own = at29([{ char: '4', p: 0.993 }]);
    const unchanged = { lines: misread, corrected: [] };
    // In the reading's own box the own recogniser reads the same digit: the glyph was seen whole, and printed so.
    expect(restoreCutComposite('TD1', misread, own, own, at29([{ char: '4', p: 0.87 }]))).toEqual(unchanged);
    // Not read in the box at all.
    expect(restoreCutComposite('TD1', misread, own, [], at29([{ char: '4', p: 0.87 }]))).toEqual(unchanged);
    const boxed = at29([{ char: '3', p: 0.6 }]);
    expect(restoreCutComposite('TD1', misread, own, boxed, at29([{ char: '2', p: 0.9 }]))).toEqual(unchanged);
    expect(restoreCutComposite('TD1', misread, own, boxed, at29([{ char: '4', p: CUT_COMPOSITE_SECOND_MIN_P - 0.01 }]))).toEqual(unchanged);
    expect(restoreCutComposite('TD1', misread, own, boxed, at29([{ char: '4', p: CUT_COMPOSITE_SECOND_MIN_P }])).lines).toEqual(printed);
  });

  it(`asks for the digit that verifies, read first by the own recogniser with at least ${AGREED_READING_MIN_P}`, () => {
    expect(failingCompositeReadWider('TD1', misread, at29([{ char: '4', p: AGREED_READING_MIN_P - 0.01 }]))).toBeNull();
    expect(failingCompositeReadWider('TD1', misread, at29([{ char: '7', p: 1 }]))).toBeNull();
    expect(failingCompositeReadWider('TD1', misread, at29([{ char: '3', p: 1 }]))).toBeNull();
  });

  it('touches the composite only when it alone fails, and not when step 9 left it undecided', () => {
    const own = at29([{ char: '4', p: 1 }]);
    expect(failingCompositeReadWider('TD1', printed, own)).toBeNull();
    // The date of birth (line 1, 0-5) changed: its own digit fails too.
    const twoFailing = [misread[0] as string, withChar(misread[1] as string, 0, '7'), misread[2] as string];
    expect(parseMrz(twoFailing).checks.birthDate).toBe(false);
    expect(failingCompositeReadWider('TD1', twoFailing, own)).toBeNull();
    expect(failingCompositeReadWider('TD1', misread, own, ['composite'])).toBeNull();
  });
});
