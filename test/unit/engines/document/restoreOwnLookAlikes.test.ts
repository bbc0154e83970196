import { describe, expect, it } from 'vitest';
import type { Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { AGREED_READING_MIN_P, compositeDisagreement, OWN_DOUBT_MIN_P, OWN_LOOK_ALIKE_MIN_P, ownDisagreements, restoreOwnLookAlikes, SHIFTED_RUN_MIN } from '../../../../functions/engines/document/reading/restoreOwnLookAlikes.ts';

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
    expect(out.restored).toEqual([{ field: 'documentNumber', line: 1, index: 5, from: '0', to: 'O', p: 0.9991 }]);
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
    expect(out.restored).toEqual([{ field: 'documentNumber', line: 1, index: 5, from: 'O', to: '0', p: 0.995 }]);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
  });

  it(`changes nothing when the own recogniser gives the other look-alike less than ${OWN_LOOK_ALIKE_MIN_P}`, () => {
    const out = restoreOwnLookAlikes('TD3', read, ownAt(read, 5, [{ char: 'O', p: 0.98 }, { char: '0', p: 0.02 }]));
    expect(out).toEqual({ lines: read, restored: [] });
    expect(restoreOwnLookAlikes('TD3', read, ownAt(read, 5, [])).restored).toEqual([]);
  });

  it('changes nothing in a document number that already fails, nor a 0 outside the document number on the own recogniser alone', () => {
    const failing = [read[0] as string, withChar(read[1] as string, 9, '7')];
    expect(restoreOwnLookAlikes('TD3', failing, ownAt(failing, 5, [{ char: 'O', p: 0.9991 }])).restored).toEqual([]);
    // The 0 of the birth date 740812 (position 15): the 0/O rule holds in the document number alone.
    expect(restoreOwnLookAlikes('TD3', read, ownAt(read, 15, [{ char: 'O', p: 0.9991 }])).restored).toEqual([]);
  });

  // The case of the all-negative blind photo set seed 20 `0025`: a character of the number printed changed (here the
  // `9` at position 3 of L898902C3 printed as `K`), the number read as its original (a verifying reading won), and
  // both the own and the third recogniser read the printed `K` at 1.0.
  const k4 = (p: number) => ownAt(read, 4, [{ char: 'K', p }, { char: '9', p: 1 - p }]);

  it('sets back any character the own and the third recogniser both read first, each at least AGREED_READING_MIN_P', () => {
    const out = restoreOwnLookAlikes('TD3', read, k4(0.9999), k4(0.97));
    expect(out.lines).toEqual([read[0], withChar(read[1] as string, 4, 'K')]);
    expect(out.restored).toEqual([{ field: 'documentNumber', line: 1, index: 4, from: '9', to: 'K', p: 0.9999, thirdP: 0.97 }]);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
  });

  it('changes nothing outside the 0/O pair on the own recogniser alone, nor when the third disagrees or is unsure', () => {
    expect(restoreOwnLookAlikes('TD3', read, k4(0.9999)).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, k4(0.9999), ownAt(read, 4, [{ char: '9', p: 0.99 }])).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, k4(0.9999), k4(AGREED_READING_MIN_P - 0.01)).restored).toEqual([]);
    // The own recogniser below AGREED_READING_MIN_P and below OWN_DOUBT_MIN_P: nothing, whatever the third reads.
    expect(restoreOwnLookAlikes('TD3', read, k4(OWN_DOUBT_MIN_P - 0.01), k4(1)).restored).toEqual([]);
    // Both agreeing with the reading change nothing.
    expect(restoreOwnLookAlikes('TD3', read, ownAt(read, 4, [{ char: '9', p: 1 }]), ownAt(read, 4, [{ char: '9', p: 1 }])).restored).toEqual([]);
  });

  // The case of blind photo seed 47 `0050`: the lines read again dropped a character of the personal number, so that,
  // decoded to the layout's length, every position after it held the character read one to its right.
  it(`sets back no run of ${SHIFTED_RUN_MIN} or more adjacent characters that are each the one read next to them`, () => {
    const outOfStep = (from: number, to: number, d: number) =>
      read.map((line, i) => [...line].map((_, j) => (i === 1 && j >= from && j < to ? [{ char: line.charAt(j + d), p: 0.999 }] : [])));
    // ZE184226B (positions 28-36) read one to the left from its `1` on: `E184226B<` read as `184226B<<`.
    expect(restoreOwnLookAlikes('TD3', read, outOfStep(29, 37, 1), outOfStep(29, 37, 1)).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, outOfStep(30, 37, -1), outOfStep(30, 37, -1)).restored).toEqual([]);
    // Two such characters may be two printed changes, and are set back.
    const two = restoreOwnLookAlikes('TD3', read, outOfStep(29, 29 + SHIFTED_RUN_MIN - 1, 1), outOfStep(29, 29 + SHIFTED_RUN_MIN - 1, 1));
    expect(two.restored.map((r) => [r.index, r.from, r.to])).toEqual([
      [29, 'E', '1'],
      [30, '1', '8'],
    ]);
  });

  it('names the positions the third recogniser is asked about: confident disagreements or doubts the 0/O rule does not settle alone', () => {
    expect(ownDisagreements('TD3', read, k4(0.96))).toEqual([{ field: 'documentNumber', line: 1, index: 4 }]);
    expect(ownDisagreements('TD3', read, k4(0.9))).toEqual([{ field: 'documentNumber', line: 1, index: 4 }]);
    expect(ownDisagreements('TD3', read, k4(OWN_DOUBT_MIN_P - 0.01))).toEqual([]);
    // The 0 at position 5 read as O at 0.9991 is settled by the own recogniser alone; at 0.97 the third is asked.
    expect(ownDisagreements('TD3', read, ownAt(read, 5, [{ char: 'O', p: 0.9991 }]))).toEqual([]);
    expect(ownDisagreements('TD3', read, ownAt(read, 5, [{ char: 'O', p: 0.97 }]))).toEqual([{ field: 'documentNumber', line: 1, index: 5 }]);
    const failing = [read[0] as string, withChar(read[1] as string, 9, '7')];
    expect(ownDisagreements('TD3', failing, ownAt(failing, 4, [{ char: 'K', p: 1 }]))).toEqual([]);
  });

  // The case of the all-negative blind photo set seed 14 `0015`: an expiry date printed `391206` (its digit and the
  // composite computed for `301206`), read `391209`, which verifies both by chance; the own and the third recogniser
  // both read the printed `6` at 1.0. Here: the specimen's expiry 120415 (digit 9) printed 170415 and read 170410.
  it('sets back a character of any verifying field, dates included, and their check digits', () => {
    const printed = withChar(read[1] as string, 22, '7');
    const misread = [read[0] as string, withChar(printed, 26, '0')];
    expect(parseMrz(misread).checks).toMatchObject({ expiryDate: true });
    const at26 = (p: number) => ownAt(misread, 26, [{ char: '5', p }]);
    const out = restoreOwnLookAlikes('TD3', misread, at26(1), at26(0.99));
    expect(out.restored).toEqual([{ field: 'expiryDate', line: 1, index: 26, from: '0', to: '5', p: 1, thirdP: 0.99 }]);
    expect(out.lines[1]).toBe(printed);
    expect(parseMrz(out.lines).checks.expiryDate).toBe(false);
    expect(ownDisagreements('TD3', misread, at26(1))).toEqual([{ field: 'expiryDate', line: 1, index: 26 }]);
    // The expiry's check digit (position 27) is looked at too.
    expect(ownDisagreements('TD3', read, ownAt(read, 27, [{ char: '3', p: 1 }]))).toEqual([{ field: 'expiryDate', line: 1, index: 27 }]);
  });

  // The blind photo set seed 52 `0098` under noise of sigma 24: a TD1 card printed with composite 6 for 4; the
  // detector's box cut the 6 through, and the cut glyph read `4`, the composite's true value, so every digit verified.
  it("sets back the composite's own digit where the box cut its glyph, and only that of the composite's characters", () => {
    const composite = read[1]!.charAt(43);
    const other = String((Number(composite) + 2) % 10);
    const at43 = (char: string, p: number) => ownAt(read, 43, [{ char, p }]);
    expect(compositeDisagreement('TD3', read, at43(other, 1))).toEqual({ field: 'composite', line: 1, index: 43 });
    expect(compositeDisagreement('TD3', read, at43(other, 0.9))).toBeNull();
    expect(compositeDisagreement('TD3', read, at43(composite, 1))).toBeNull();
    // Read in the box as the reading has it: the box cut the glyph.
    const boxed = at43(composite, 0.9);
    expect(ownDisagreements('TD3', read, at43(other, 1), { boxed })).toEqual([{ field: 'composite', line: 1, index: 43 }]);
    const out = restoreOwnLookAlikes('TD3', read, at43(other, 1), at43(other, 0.99), { boxed });
    expect(out.restored).toEqual([{ field: 'composite', line: 1, index: 43, from: composite, to: other, p: 1, thirdP: 0.99 }]);
    expect(parseMrz(out.lines).checks.composite).toBe(false);
    // The third recogniser not agreeing leaves it.
    expect(restoreOwnLookAlikes('TD3', read, at43(other, 1), at43(other, 0.5), { boxed }).restored).toEqual([]);
    // The personal number (28-41) is looked at as its own field (its own digit), not as the composite's.
    expect(ownDisagreements('TD3', read, ownAt(read, 30, [{ char: 'X', p: 1 }])).map((p) => p.field)).toEqual(['personalNumber']);
  });

  // The real Canadian passport `79_pass-can` as a 331-px thumbnail: both recognisers read its composite 8 as 5 at
  // 0.95 or more, in the box and wider alike. No cut glyph: the composite is left as read.
  it("leaves the composite's digit where the box shows the same other digit, or where it was not read in the box", () => {
    const composite = read[1]!.charAt(43);
    const other = String((Number(composite) + 2) % 10);
    const at43 = (p: number) => ownAt(read, 43, [{ char: other, p }]);
    expect(ownDisagreements('TD3', read, at43(1), { boxed: at43(0.99) })).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, at43(1), at43(1), { boxed: at43(0.99) }).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, at43(1), at43(1)).restored).toEqual([]);
  });

  // All-negative blind photo seed 581 `0024`: a passport printed with composite 4 for 2. PaddleOCR's box cut the 4
  // off, its reading decoded to 44 characters ended in 2 and every digit verified; the own recogniser read 4 wider
  // and, in that box, the 0 before it in the digit's place.
  it("sets back the composite's digit where the box shows a third digit (the glyph cut, the reading's digit from elsewhere)", () => {
    const composite = read[1]!.charAt(43);
    const other = String((Number(composite) + 2) % 10);
    const third = String((Number(composite) + 5) % 10);
    const at43 = (char: string, p: number) => ownAt(read, 43, [{ char, p }]);
    expect(ownDisagreements('TD3', read, at43(other, 1), { boxed: at43(third, 0.99) })).toEqual([{ field: 'composite', line: 1, index: 43 }]);
    const out = restoreOwnLookAlikes('TD3', read, at43(other, 1), at43(other, 0.99), { boxed: at43(third, 0.99) });
    expect(out.restored).toEqual([{ field: 'composite', line: 1, index: 43, from: composite, to: other, p: 1, thirdP: 0.99 }]);
    expect(parseMrz(out.lines).checks.composite).toBe(false);
  });

  // All-negative blind photo seed 53 under noise of sigma 24: `0029`, a printed `5` read `S` (own `S` 0.57, `5` 0.43;
  // third `5` 0.96), and `0109`, a printed `S` read `5` (own `S` 0.83; third `S` 1.0); each misread made up the printed
  // change, and the number verified. Here: the `9` at position 4 of L898902C3 printed as `K` and read `9`.
  it('asks the third recogniser where the own one doubts (another character at least OWN_DOUBT_MIN_P), and sets back what it reads first with confidence', () => {
    const doubt = ownAt(read, 4, [{ char: '9', p: 0.57 }, { char: 'K', p: 0.43 }]);
    expect(ownDisagreements('TD3', read, doubt)).toEqual([{ field: 'documentNumber', line: 1, index: 4 }]);
    const out = restoreOwnLookAlikes('TD3', read, doubt, k4(0.96));
    expect(out.restored).toEqual([{ field: 'documentNumber', line: 1, index: 4, from: '9', to: 'K', p: 0.43, thirdP: 0.96 }]);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
    // The own recogniser's first choice another character below AGREED_READING_MIN_P: the same.
    expect(restoreOwnLookAlikes('TD3', read, k4(0.83), k4(0.99999)).restored).toHaveLength(1);
    // The third unsure, or reading the reading's character: nothing.
    expect(restoreOwnLookAlikes('TD3', read, doubt, k4(0.9)).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, doubt, ownAt(read, 4, [{ char: '9', p: 0.99 }])).restored).toEqual([]);
  });

  // Blind photo seed 85 `0056_td1`: a right `K` (20) of the number set back to the filler `<` (0) that both read there;
  // every digit still verified and the wrong number was approved. Here: the `L` (21) of L898902C3, read `B` (11) or
  // `V` (31), one value modulo 10, by both recognisers with confidence.
  it('sets nothing back where the check digits cannot tell the two characters apart (one value modulo 10)', () => {
    const at0 = (char: string, p: number) => ownAt(read, 0, [{ char, p }]);
    expect(restoreOwnLookAlikes('TD3', read, at0('B', 0.9999), at0('B', 0.99)).restored).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, at0('V', 0.9999), at0('V', 0.99)).restored).toEqual([]);
    // `X` (33) the digits do see: set back, and the number fails.
    const out = restoreOwnLookAlikes('TD3', read, at0('X', 0.9999), at0('X', 0.99));
    expect(out.restored).toHaveLength(1);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
  });

  // Blind photo seed 84 `0057_td1`: a card under a light spot read right, its number's check digit `4` set back to the
  // filler both recognisers read in the grown quad (a glyph they could not see), and refused. Here: the number's digit
  // `6` (line 2, position 9).
  it('sets no check digit back to a filler', () => {
    const at9 = (char: string, p: number) => ownAt(read, 9, [{ char, p }]);
    expect(restoreOwnLookAlikes('TD3', read, at9('<', 0.9999), at9('<', 1)).restored).toEqual([]);
    // Another digit read there by both is set back as before, and the number fails.
    const out = restoreOwnLookAlikes('TD3', read, at9('5', 0.9999), at9('5', 1));
    expect(out.restored).toHaveLength(1);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
  });

  // The Icelandic specimen of the real set: a right `A` the third recogniser read `4` at 1.0, the own `A` 0.958 and `4`
  // 0.037. The own recogniser does not doubt enough to ask.
  it('does not ask the third recogniser where the own one gives the other character less than OWN_DOUBT_MIN_P', () => {
    const sure = ownAt(read, 4, [{ char: '9', p: 0.958 }, { char: 'K', p: 0.037 }]);
    expect(ownDisagreements('TD3', read, sure)).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, sure, k4(1)).restored).toEqual([]);
  });

  // Blind specimen seed 52 `067`: a leaning quad cut the top of a `Z`; the own recogniser read `L` 0.62 and `I` 0.31,
  // the third `L` 0.994. The character read is not among the own recogniser's first two choices: no waver, no ask.
  it('does not take a doubt where the character read is not among the own recogniser\'s first two choices', () => {
    const cut = ownAt(read, 4, [{ char: 'K', p: 0.62 }, { char: 'X', p: 0.31 }, { char: '9', p: 0.05 }]);
    expect(ownDisagreements('TD3', read, cut)).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, cut, k4(0.994)).restored).toEqual([]);
    // The reading's own decoding sure of its character (`067`: `Z` 0.998, `L` under 0.001): the same.
    const sureRead = ownAt(read, 4, [{ char: '9', p: 0.998 }, { char: 'K', p: 0.001 }]);
    expect(ownDisagreements('TD3', read, cut, { read: sureRead })).toEqual([]);
    expect(restoreOwnLookAlikes('TD3', read, cut, k4(0.994), { read: sureRead }).restored).toEqual([]);
  });

  // Blind photo seed 82 `0144`: a residence permit printed `X9PANNTFP` for `X9PLNNTFP` (its number's digit and the
  // composite failing), read `E9PANNTFP` (an `X` read `E` at the same weight made up the change, and both digits
  // verified). The reading's own decoding gave `E` 0.32, `8` 0.15, `X` 0.14; read again, the own recogniser `X` 0.43,
  // `8` 0.14, `A` 0.13 (`E` under 0.06), the third `X` 0.89. Here: the `9` at position 4 read for a printed `K`.
  it('sets back the own recogniser\'s first choice where the reading\'s own decoding wavered towards it too and the third reads it first', () => {
    const reread = ownAt(read, 4, [{ char: 'K', p: 0.43 }, { char: 'X', p: 0.14 }, { char: 'A', p: 0.13 }]);
    const wavered = ownAt(read, 4, [{ char: '9', p: 0.32 }, { char: 'X', p: 0.15 }, { char: 'K', p: 0.14 }]);
    expect(ownDisagreements('TD3', read, reread, { read: wavered })).toEqual([{ field: 'documentNumber', line: 1, index: 4 }]);
    const out = restoreOwnLookAlikes('TD3', read, reread, k4(0.89), { read: wavered });
    expect(out.restored).toEqual([{ field: 'documentNumber', line: 1, index: 4, from: '9', to: 'K', p: 0.43, thirdP: 0.89 }]);
    expect(parseMrz(out.lines).checks.documentNumber).toBe(false);
    // The third reading another character first, or the reading's decoding giving it less than OWN_DOUBT_MIN_P: nothing.
    expect(restoreOwnLookAlikes('TD3', read, reread, ownAt(read, 4, [{ char: 'X', p: 0.6 }, { char: 'K', p: 0.4 }]), { read: wavered }).restored).toEqual([]);
    const barely = ownAt(read, 4, [{ char: '9', p: 0.8 }, { char: 'K', p: OWN_DOUBT_MIN_P / 2 }]);
    expect(restoreOwnLookAlikes('TD3', read, reread, k4(0.89), { read: barely }).restored).toEqual([]);
  });

  it('leaves the groups step 9 left undecided alone', () => {
    expect(restoreOwnLookAlikes('TD3', read, k4(1), k4(1), { skip: ['documentNumber'] }).restored).toEqual([]);
    expect(ownDisagreements('TD3', read, k4(1), { skip: ['documentNumber'] })).toEqual([]);
  });

  // Blind photo seed 56 `0010`: a light spot over the birth date; the own and the third recogniser read the faint `6`
  // and `0` of `640804` as fillers (0.99 each). A date holds fillers only for a whole unknown part.
  it('sets no filler back into a date where it would leave a part half digit, half filler; a whole part may be', () => {
    const both = (alts: Record<number, Alternative[]>) => read.map((line, i) => [...line].map((_, j) => (i === 1 ? (alts[j] ?? []) : [])));
    const filler = [{ char: '<', p: 0.99 }];
    const halves = both({ 13: filler, 15: filler });
    expect(restoreOwnLookAlikes('TD3', read, halves, halves).restored).toEqual([]);
    // The day of the birth date (positions 17-18) set back whole: an unknown day, the check digit judging it.
    const day = both({ 17: filler, 18: filler });
    const out = restoreOwnLookAlikes('TD3', read, day, day);
    expect(out.restored.map((r) => r.index)).toEqual([17, 18]);
    expect(out.lines[1]?.slice(13, 19)).toBe('7408<<');
    // Fillers elsewhere (the personal number) are set back as before.
    const personal = both({ 30: filler });
    expect(restoreOwnLookAlikes('TD3', read, personal, personal).restored.map((r) => r.index)).toEqual([30]);
  });
});
