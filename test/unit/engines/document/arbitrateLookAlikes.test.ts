import { describe, expect, it } from 'vitest';
import type { Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { arbitrateLookAlikes } from '../../../../functions/engines/document/reading/arbitrateLookAlikes.ts';

// The French residence permit specimen of the shared set (arg0s1080-mrz/resident_cards-France.png): every check digit
// verifies as printed. Turned upside down, both recognisers read the O of its number K682T8YLO as a 0, and the
// arbiter read O with 0.952 (thirty-eighth session).
const printed = ['IRFRAK682T8YLO0<1105040043<<<<', '7906123F1401073SEN<<<<<<<<<<<6', 'MARTIN<<CHRISTELLE<HELENE<LAUR'];
const withChar = (line: string, k: number, ch: string) => line.slice(0, k) + ch + line.slice(k + 1);
const misread = [withChar(printed[0] as string, 13, '0'), printed[1] as string, printed[2] as string];

/** The arbiter's alternatives: nothing but `alts` at line 0, position `k`. */
const arbiterAt = (k: number, alts: Alternative[]) => misread.map((line, i) => [...line].map((_, j) => (i === 0 && j === k ? alts : [])));

describe('arbitrateLookAlikes', () => {
  it('takes the look-alike the arbiter reads first when the field and every check digit then verify', () => {
    expect(parseMrz(misread).checks).toMatchObject({ documentNumber: false, composite: false });
    const out = arbitrateLookAlikes('TD1', misread, arbiterAt(13, [{ char: 'O', p: 0.952 }, { char: '0', p: 0.048 }]));
    expect(out.lines).toEqual(printed);
    expect(out.corrected).toEqual([{ field: 'documentNumber', from: 'K682T8YL00', to: 'K682T8YLO0' }]);
  });

  it('changes nothing when the arbiter does not prefer the look-alike outright', () => {
    // probe seed 33 probe-0090: the arbiter gave the O of O900WC 0.397 against 0 at 0.603.
    const out = arbitrateLookAlikes('TD1', misread, arbiterAt(13, [{ char: '0', p: 0.603 }, { char: 'O', p: 0.397 }]));
    expect(out).toEqual({ lines: misread, corrected: [] });
    expect(arbitrateLookAlikes('TD1', misread, arbiterAt(13, [{ char: 'O', p: 0.45 }, { char: '0', p: 0.3 }])).corrected).toEqual([]);
  });

  it('changes nothing where the look-alike does not make the field verify (a character changed in print)', () => {
    // The arbiter reads B for the 8 at position 10; B does not make K682T8YL0 verify.
    const out = arbitrateLookAlikes('TD1', misread, arbiterAt(10, [{ char: 'B', p: 0.9 }]));
    expect(out.corrected).toEqual([]);
  });

  it('changes nothing in a field left undecided by step 9, or when another check digit still fails afterwards', () => {
    const alts = arbiterAt(13, [{ char: 'O', p: 0.952 }]);
    expect(arbitrateLookAlikes('TD1', misread, alts, ['documentNumber']).corrected).toEqual([]);
    // The composite printed wrong (6 -> 7): the number would verify, the composite would not.
    const badComposite = [misread[0] as string, withChar(printed[1] as string, 29, '7'), printed[2] as string];
    expect(arbitrateLookAlikes('TD1', badComposite, alts)).toEqual({ lines: badComposite, corrected: [] });
  });
});
