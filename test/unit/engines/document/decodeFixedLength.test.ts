import { describe, expect, it } from 'vitest';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { decodeFixedLength, FILLER_PRIOR } from '../../../../functions/engines/document/ocr/ctc/decodeFixedLength.ts';
import { greedyDecode } from '../../../../functions/engines/document/ocr/ctc/greedyDecode.ts';
import { ctcFrames } from './fixtures.ts';

const frames = ctcFrames;

describe('CTC decoding', () => {
  it('greedy decoding merges repeats and drops blanks', () => {
    expect(greedyDecode(frames('PP_<<_<_UU_TTO'))).toBe('P<<UTO');
  });
  it('constrained decoding returns exactly the positions asked for', () => {
    // The free reading lost one filler (3 fillers where the layout has 4).
    const line = frames('A__<_<_<__1');
    expect(greedyDecode(line)).toBe('A<<<1');
    const out = decodeFixedLength(line, ['ABC', '<A', '<A', '<A', '<A', '0123456789']);
    expect(out?.text).toHaveLength(6);
    expect(out?.text.startsWith('A')).toBe(true);
    expect(out?.text.endsWith('1')).toBe(true);
  });
  it('reads a position within its class: a digit position never returns O', () => {
    const line = frames('O_1', 0.9, { 0: ['0', 0.3] });
    expect(decodeFixedLength(line, ['0123456789', '0123456789'])?.text).toBe('01');
    expect(decodeFixedLength(line, [MRZ_ALPHABET, '0123456789'])?.text).toBe('O1');
  });
  it('reports alternatives with their probabilities', () => {
    const out = decodeFixedLength(frames('8_', 0.9, { 0: ['B', 0.4] }), [MRZ_ALPHABET]);
    expect(out?.alternatives[0]?.slice(0, 2).map((a) => a.char)).toEqual(['8', 'B']);
  });
  it('returns null when there are fewer frames than positions', () => {
    expect(decodeFixedLength(frames('AB'), ['A', 'B', 'C'])).toBeNull();
  });
  it('credits fillers the recogniser hesitated over when the filler prior is on, never fillers it did not see', () => {
    const allowed = [MRZ_ALPHABET, MRZ_ALPHABET, MRZ_ALPHABET];
    // Middle frame: K 0.55, < 0.35 (a blurred filler): the prior makes it a filler; without it, K.
    const hesitant = frames('1_K_2', 0.9, { 2: ['<', 0.35] });
    const on = { fillerPrior: 0.5 };
    expect(decodeFixedLength(hesitant, allowed, on)?.text).toBe('1<2');
    // Off by default.
    expect(FILLER_PRIOR).toBe(0);
    expect(decodeFixedLength(hesitant, allowed)?.text).toBe('1K2');
    // A K read with 0.9 stays a K.
    expect(decodeFixedLength(frames('1_K_2', 0.9, { 2: ['<', 0.05] }), allowed, on)?.text).toBe('1K2');
    // A letter position where the recogniser saw a digit (no filler probability): the look-alike letter, not `<`.
    const digit = frames('1_0_2', 0.9, { 2: ['O', 0.02] });
    expect(decodeFixedLength(digit, [MRZ_ALPHABET, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ<', MRZ_ALPHABET], on)?.text).toBe('1O2');
  });
});
