import { describe, expect, it } from 'vitest';
import { lineFieldsOf } from '../../../../functions/engines/document/reading/decodeMrzLine.ts';
import { alternativeRatio } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { restoreLetterM } from '../../../../functions/engines/document/reading/restoreLetterM.ts';

const NAMES = lineFieldsOf('TD3', 0).names;
const LINE = 'P<BRAMENDES<SILVA<<LEILA<ONAR<<<<<<<<<<<<<<<';
/** Per position, the character read with probability 0.9; at `doubts`, also `M` with the given probability. */
const alternativesOf = (text: string, doubts: Record<number, number>) => [...text].map((ch, i) => (doubts[i] === undefined ? [{ char: ch, p: 0.9 }] : [{ char: ch, p: 0.6 }, { char: 'M', p: doubts[i] as number }]));

describe('restoreLetterM', () => {
  it('turns an N of a name into M where the recogniser doubted it enough', () => {
    // Synthetic seed 99 syn-0186: OMAR read ONAR, the recogniser giving M 0.51-0.62 of the N.
    const n = LINE.indexOf('ONAR') + 1;
    expect(restoreLetterM(LINE, alternativesOf(LINE, { [n]: 0.35 }), NAMES)).toEqual({ text: LINE.replace('ONAR', 'OMAR'), restored: [n] });
  });
  it('keeps letters the recogniser hardly doubted, other letters, and positions outside the names', () => {
    const n = LINE.indexOf('ONAR') + 1;
    expect(restoreLetterM(LINE, alternativesOf(LINE, { [n]: 0.05 }), NAMES)).toEqual({ text: LINE, restored: [] });
    // The ICAO specimen turned by 15°: a genuine N of ANNA gave M 0.209.
    const anna = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
    expect(restoreLetterM(anna, alternativesOf(anna, { 16: 0.125 }), NAMES).text).toBe(anna);
    // H: genuine Hs leave M as much as Ms read H.
    const h = 'P<GBRUNITED<KINGDOH<<<<<<<<<<<<<<<<<<<<<<<<<';
    expect(restoreLetterM(h, alternativesOf(h, { [18]: 0.5 }), NAMES).text).toBe(h);
    // R: a genuine R of PEREIRA gave M 0.197-0.311 (probe seed 11 probe-0030).
    const r = 'P<IRLPEREIRA<<XAVIER<GRACE<<<<<<<<<<<<<<<<<<';
    expect(restoreLetterM(r, alternativesOf(r, { [10]: 0.2 }), NAMES).text).toBe(r);
    // The issuing state (BRA: its R) is no name.
    expect(restoreLetterM(LINE, alternativesOf(LINE, { 3: 0.5 }), NAMES).text).toBe(LINE);
    expect(restoreLetterM(LINE, [], NAMES).text).toBe(LINE);
  });
  it('alternativeRatio is 0 without the letter read', () => {
    expect(alternativeRatio([{ char: 'M', p: 0.3 }], 'M', 'N')).toBe(0);
    expect(alternativeRatio(undefined, 'M', 'N')).toBe(0);
    expect(alternativeRatio([{ char: 'N', p: 0.5 }, { char: 'M', p: 0.25 }], 'M', 'N')).toBe(0.5);
  });
});
