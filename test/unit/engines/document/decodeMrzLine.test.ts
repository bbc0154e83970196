import { describe, expect, it } from 'vitest';
import { CHAR_CLASS, MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { decodeFixedLength } from '../../../../functions/engines/document/ocr/ctc/decodeFixedLength.ts';
import { ctcFrames } from './fixtures.ts';
import { decodeMrzLine, lineFieldsOf, MRZ_STATE_CODES } from '../../../../functions/engines/document/reading/decodeMrzLine.ts';

const frames = ctcFrames;

/** The layout classes of a 3-letter state code followed by `n` optional-data positions and a check digit. */
const CODE_THEN_DATA = (n: number) => [CHAR_CLASS.Alpha, CHAR_CLASS.Alpha, CHAR_CLASS.Alpha, ...new Array<string>(n).fill(CHAR_CLASS.Any), CHAR_CLASS.Digit];
const FIELD = { states: [{ start: 0, end: 3 }], names: [] };

const CODE_POSITIONS = new Set([0, 1, 2]);

describe('look-alike folding at the positions asked for', () => {
  it('reads the O of a letter field that the recogniser read as the digit 0, instead of dropping it and shifting the line', () => {
    // `POL<<<7`: the O read as 0 (0.8), as on the synthetic Polish cards and the UK residence permit specimen.
    const line = frames('P_0_L_<_<_<_7', 0.8);
    expect(decodeFixedLength(line, CODE_THEN_DATA(3), { foldPositions: CODE_POSITIONS })?.text).toBe('POL<<<7');
    // Without the fold (the default) the letter field cannot hold the 0: it is dropped and a character invented to
    // keep the length.
    expect(decodeFixedLength(line, CODE_THEN_DATA(3))?.text).not.toBe('POL<<<7');
  });
  it('never folds where the position allows both characters: the recogniser decides there', () => {
    const line = frames('1_0_2', 0.9, { 2: ['O', 0.2] });
    expect(decodeFixedLength(line, [MRZ_ALPHABET, MRZ_ALPHABET, MRZ_ALPHABET], { foldPositions: CODE_POSITIONS })?.text).toBe('102');
  });
  it('reports the folded probability as the confidence of the letter', () => {
    const out = decodeFixedLength(frames('P_0_L', 0.8), [CHAR_CLASS.Alpha, CHAR_CLASS.Alpha, CHAR_CLASS.Alpha], { foldPositions: CODE_POSITIONS });
    expect(out?.text).toBe('POL');
    expect(out?.confidence[1]).toBeGreaterThan(0.8);
  });
});

describe('state codes held to the codes ICAO 9303 knows', () => {
  it('knows ISO 3166-1 alpha-3 codes and the ICAO-only codes, padded to the field', () => {
    expect(MRZ_STATE_CODES.has('POL')).toBe(true);
    expect(MRZ_STATE_CODES.has('D<<')).toBe(true);
    expect(MRZ_STATE_CODES.has('UTO')).toBe(true);
    expect(MRZ_STATE_CODES.has('GBD')).toBe(true);
    expect(MRZ_STATE_CODES.has('COU')).toBe(false);
    expect(lineFieldsOf('TD1', 1)).toEqual({ states: [{ start: 15, end: 18 }], names: [] });
    expect(lineFieldsOf('TD3', 0)).toEqual({ states: [{ start: 2, end: 5 }], names: [{ start: 5, end: 44 }] });
    expect(lineFieldsOf('TD1', 2)).toEqual({ states: [], names: [{ start: 0, end: 30 }] });
  });
  it('restores a letter the recogniser barely saw, and the line it shifted', () => {
    // The O of `ROU` got blank 0.97 and O 0.02: read freely, `RU` and a filler split off the run to keep the length.
    const line = frames('R_O_U_<_<_<<_4', 0.99, { 2: ['_', 0.97] });
    const plain = decodeFixedLength(line, CODE_THEN_DATA(3));
    expect(plain?.text.slice(0, 3)).not.toBe('ROU');
    const out = decodeMrzLine(line, CODE_THEN_DATA(3), FIELD);
    expect(out?.text).toBe('ROU<<<4');
  });
  it('keeps a clearly printed code that no state has (a specimen\'s invented code resolves to no country)', () => {
    const line = frames('I_N_P_<_<_<_4', 0.95);
    expect(decodeMrzLine(line, CODE_THEN_DATA(3), FIELD)?.text).toBe('INP<<<4');
  });
  it('keeps the reading when two known codes fit about as well', () => {
    // The middle letter is as much B as P: `BOL` and `POL` are both codes.
    const line = frames('P_0_L_<_4', 0.9, { 0: ['B', 0.45] });
    const out = decodeMrzLine(line, CODE_THEN_DATA(1), FIELD, { minEvidenceRatio: 20 });
    expect(['POL', 'BOL']).toContain(out?.text.slice(0, 3));
  });
});

describe('names: letters the recogniser read as digits are restored, never replaced', () => {
  const NAME = (n: number) => new Array<string>(n).fill(CHAR_CLASS.Alpha);
  const NAMES = { states: [], names: [{ start: 0, end: 9 }] };
  it('restores the O of ZOE that the recogniser read as 0 and the plain decoding dropped', () => {
    // `ZOE<LOPE`: the O read as `0` (0.65, blank 0.15): plain decoding drops it and pads the name with a filler.
    const line = frames('Z_0_E_<_L_O_P_E_<<<', 0.8, { 2: ['_', 0.15] });
    expect(decodeFixedLength(line, NAME(9))?.text).toBe('ZE<LOPE<<');
    expect(decodeMrzLine(line, NAME(9), NAMES)?.text).toBe('ZOE<LOPE<');
  });
  it('does not turn a letter that was read into its look-alike (the D of ADA read with 0 beside it stays a D)', () => {
    // D 0.35, 0 0.5 at the same frame: folding makes it O (0.5 + O's share) only by replacing the D.
    const line = frames('A_D_A_<_<_<_<_<_<', 0.85, { 2: ['0', 0.5] });
    expect(decodeFixedLength(line, NAME(9), { foldPositions: new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]) })?.text.slice(0, 3)).toBe('AOA');
    expect(decodeMrzLine(line, NAME(9), NAMES)?.text.slice(0, 3)).toBe('ADA');
  });
});
