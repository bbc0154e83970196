import { describe, expect, it } from 'vitest';
import { digitLineScale, zeroReferenceHeight, zeroShapes } from '../../../../functions/engines/document/reading/zeroShapes.ts';

// Line 2 of a TD3 whose document number AOO730529 holds two letters O; heights as OCR-B draws them at a 100-px font
// (test/unit/engines/document/ocrbMetrics.test.ts measures the font): capitals 72-74, digits 78-80, fillers 60.
const truthLine = 'AOO7305293UTO7408122F1204159<<<<<<<<<<<<<<04';
const readLine = 'A00730529' + truthLine.slice(9);
const heightOf = (ch: string): number => (ch === '<' ? 60 : ch >= '0' && ch <= '9' ? 79 : 73);
const heights = [...truthLine].map(heightOf);
const lines = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', readLine];
const lineHeights = [lines[0]!.split('').map(heightOf), heights];

describe('zeroShapes', () => {
  it('marks the zeros of a document number drawn letter-sized as O, those drawn digit-sized as 0', () => {
    const shapes = zeroShapes('TD3', lines, lineHeights);
    expect(shapes[1]!.slice(0, 9)).toEqual(['', 'O', 'O', '', '', '0', '', '', '']);
  });
  it('leaves zeros where only digits are allowed (dates, check digits) unjudged', () => {
    const shapes = zeroShapes('TD3', lines, lineHeights);
    // The birth date 740812 holds a 0 at index 15, the expiry 120415 one at 23: digit-only positions.
    expect(shapes[1]![15]).toBe('');
    expect(shapes[1]![23]).toBe('');
    expect(shapes[0]!.every((s) => s === '')).toBe(true);
  });
  it('judges a 0 against the zeros read where only digits are allowed (maxZeroRatio)', () => {
    // The dates' zeros (indices 15 and 23) and the personal number's check digit (42) stand 79 px high: a 0 below 0.95 of that (75.05 px) is an O.
    const h = [...heights];
    h[1] = 75; // 0.949 of the zero height
    h[2] = 75.5; // 0.956
    const shapes = zeroShapes('TD3', lines, [lineHeights[0]!, h]);
    expect(zeroReferenceHeight('TD3', readLine, h, 1)).toBe(79);
    expect(shapes[1]![1]).toBe('O');
    expect(shapes[1]![2]).toBe('0');
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, h], { maxZeroRatio: 0.96 })[1]![2]).toBe('O');
    // Zeros drawn taller than the flat digits (the round glyph's overshoot on a blurred line) are judged against
    // zeros, not against the letter-to-digit way, where both would lie above 1.
    // Here the Os (73 px) and zeros (79 px) stand 4 px taller: the Os lie at 0.67 of the way from letters to digits.
    const tall = heights.map((x, i) => (readLine[i] === '0' ? x + 4 : x));
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, tall])[1]!.slice(0, 6)).toEqual(['', 'O', 'O', '', '', '0']);
  });
  it('takes no 0 as tall as the line\'s digits for a letter, however far below the reference zeros it lies', () => {
    // Reference zeros measured 5 px taller than the digits (84 px, a noisy thumbnail): a zero at the digits' 79 px
    // lies at 0.94 of them, below maxZeroRatio, yet at 1 on the letter-to-digit scale (minDigitShare).
    const h = heights.map((x, i) => ([15, 23, 42].includes(i) ? 84 : x));
    h[1] = 79;
    h[2] = 77; // 0.92 of the zero height and 0.67 of the way from letters to digits: still letter-sized
    expect(zeroReferenceHeight('TD3', readLine, h, 1)).toBe(84);
    const shapes = zeroShapes('TD3', lines, [lineHeights[0]!, h]);
    expect(shapes[1]![1]).toBe('0');
    expect(shapes[1]![2]).toBe('O');
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, h], { minDigitShare: 1.2 })[1]![1]).toBe('O');
  });
  it('judges a 0 on a line without digit-only zeros by where it lies between its letter and digit heights (maxShare)', () => {
    const h: Array<number | null> = [...heights];
    for (const i of [15, 23, 42]) h[i] = null; // the digit-only zeros unmeasured: no zero height
    h[1] = 73 + 0.5 * 6; // half way: below 0.55
    h[2] = 73 + 0.6 * 6; // above 0.55
    expect(zeroReferenceHeight('TD3', readLine, h, 1)).toBeNull();
    const shapes = zeroShapes('TD3', lines, [lineHeights[0]!, h]);
    expect(shapes[1]![1]).toBe('O');
    expect(shapes[1]![2]).toBe('0');
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, h], { maxShare: 0.65 })[1]![2]).toBe('O');
  });
  it('marks an O read where its glyph is digit-sized (minDigitShare) as 0, and leaves other Os as letters', () => {
    // Document number 3805079 read as 38O5O79: the first O drawn as tall as the digits, the second only at 0.8.
    const read = '38O5O79<<' + readLine.slice(9);
    const h = [...heights];
    h[2] = 79;
    h[4] = 73 + 0.8 * 6;
    const shapes = zeroShapes('TD3', [lines[0]!, read], [lineHeights[0]!, h]);
    expect(shapes[1]!.slice(0, 9)).toEqual(['', '', '0', '', 'O', '', '', '', '']);
    expect(zeroShapes('TD3', [lines[0]!, read], [lineHeights[0]!, h], { minDigitShare: 0.75 })[1]![4]).toBe('0');
  });
  it('judges nothing on a line without zero height whose letters and digits stand as tall, or without enough of either, or unmeasured', () => {
    const flat = heights.map((x, i) => ([15, 23, 42].includes(i) ? null : x === 60 ? 60 : 78));
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, flat])[1]!.every((s) => s === '')).toBe(true);
    // The letters read (A, U, T and F; an O is no reference) cut to A and U: too few.
    const fewLetters = heights.map((x, i) => (x === 73 && i > 10 ? null : x));
    expect(digitLineScale('TD3', readLine, fewLetters, 1)).toBeNull();
    expect(zeroShapes('TD3', lines, [lineHeights[0]!, null])[1]!.every((s) => s === '')).toBe(true);
  });
});
