import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { correctMrz, type Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { MrzShapeError, parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { verifyChecks } from '../../../../functions/engines/document/mrz/verifyChecks.ts';
import { LOOK_ALIKES } from '../../../../functions/engines/document/mrz/lookAlikes.ts';
import { UTOPIA, mutate } from './fixtures.ts';

/** Recogniser alternatives: the character read with probability `p`, and one alternative with `1 - p`. */
function alternativesWith(lines: readonly string[], at: { line: number; index: number; alt: string; p: number } | null) {
  return lines.map((l, li) =>
    [...l].map((ch, i): Alternative[] => (at && at.line === li && at.index === i ? [{ char: ch, p: at.p }, { char: at.alt, p: 1 - at.p }] : [{ char: ch, p: 1 }])),
  );
}

describe('correctMrz', () => {
  it('corrects a single OCR error that the check digit proves (text input, look-alike)', () => {
    const read = mutate(UTOPIA.TD3, 1, 17, 'I'); // birth date 740812 read as 7408I2
    const out = correctMrz('TD3', read, []);
    expect(out.lines).toEqual(UTOPIA.TD3);
    expect(out.corrected).toEqual([{ field: 'birthDate', from: '7408I22', to: '7408122' }]);
  });
  it('leaves a long TD1 number alone whose check digit counts the filler at position 15 (Belgian cards)', () => {
    // Over 328601290401 the digit would fail, and turning the 4 of the overflow into an A made it verify: the card,
    // read right, lost its number and, with the composite failing after the change, both dates.
    const card = ['IDBEL328601290<401<<<<<<<<<<<<', '8801018F3001019BEL880101123457', 'PEETERS<<LIES<<<<<<<<<<<<<<<<<'];
    expect(verifyChecks('TD1', card)).toMatchObject({ documentNumber: true, composite: true });
    const out = correctMrz('TD1', card, []);
    expect(out.lines).toEqual(card);
    expect(out.corrected).toEqual([]);
  });
  it('corrects with the recogniser alternative the check digit proves', () => {
    const read = mutate(UTOPIA.TD3, 1, 3, '9'); // L898902C3 read as L899902C3
    const out = correctMrz('TD3', read, alternativesWith(read, { line: 1, index: 3, alt: '8', p: 0.55 }));
    expect(out.lines).toEqual(UTOPIA.TD3);
    expect(out.corrected.map((c) => c.field)).toEqual(['documentNumber']);
  });
  it('changes nothing when the recogniser is sure of every character', () => {
    const read = mutate(UTOPIA.TD3, 1, 3, '9');
    const out = correctMrz('TD3', read, alternativesWith(read, null));
    expect(out.lines).toEqual(read);
    expect(out.corrected).toEqual([]);
  });
  it('never changes a check digit itself', () => {
    const read = mutate(UTOPIA.TD3, 1, 9, '5'); // document-number check digit 6 misprinted as 5
    const out = correctMrz('TD3', read, alternativesWith(read, { line: 1, index: 9, alt: '6', p: 0.5 }));
    expect(out.lines[1]?.[9]).toBe('5');
    expect(verifyChecks('TD3', out.lines).documentNumber).toBe(false);
  });
  it('does not correct a field that a misread check digit explains as well', () => {
    // The birth date's check digit is misread (the recogniser gave the printed digit 0.07), and the month's second
    // digit had an alternative (0.45) that makes the misread digit verify: two readings explain the failure.
    const truth = UTOPIA.TD3;
    const dob = truth[1]!.slice(13, 19);
    const wrongDigit = String((Number(truth[1]![19]) + 6) % 10);
    const alt = [...'0123456789'].find((c) => c !== dob[3] && String(computeCheckDigit(dob.slice(0, 3) + c + dob.slice(4))) === wrongDigit)!;
    expect(alt).toBeDefined();
    const read = mutate(truth, 1, 19, wrongDigit);
    const alternatives = read.map((l, li) =>
      [...l].map((ch, i): Alternative[] => {
        if (li === 1 && i === 16) return [{ char: ch, p: 0.5 }, { char: alt, p: 0.45 }];
        if (li === 1 && i === 19) return [{ char: ch, p: 0.93 }, { char: truth[1]![19]!, p: 0.07 }];
        return [{ char: ch, p: 1 }];
      }),
    );
    const out = correctMrz('TD3', read, alternatives);
    expect(out.corrected.filter((c) => c.field === 'birthDate')).toEqual([]);
    expect(verifyChecks('TD3', out.lines).birthDate).toBe(false);
    // With the check digit read surely, the same substitution is proven and taken.
    const sure = alternatives.map((l, li) => l.map((a, i) => (li === 1 && i === 19 ? [{ char: wrongDigit, p: 0.9999 }, { char: truth[1]![19]!, p: 0.0001 }] : a)));
    expect(correctMrz('TD3', read, sure).corrected.map((c) => c.field)).toContain('birthDate');
  });
  it('takes no correction in a field where another character was read with hesitation', () => {
    // Document number L898902C3 (check digit 6) read with two errors: position 3 read `5` with only 0.4, and a
    // character elsewhere whose alternative happens to make the check digit verify. Found by search, not assumed.
    const truth = UTOPIA.TD3;
    const read1 = mutate(truth, 1, 3, '5');
    let at: { index: number; char: string } | undefined;
    for (const index of [0, 1, 2, 4, 5, 6, 7, 8]) {
      for (const char of '0123456789') {
        const doc = mutate(read1, 1, index, char)[1]!.slice(0, 9);
        if (char !== read1[1]![index] && String(computeCheckDigit(doc)) === read1[1]![9]) at ??= { index, char };
      }
    }
    expect(at).toBeDefined();
    const hesitant = (p: number) =>
      read1.map((l, li) =>
        [...l].map((ch, i): Alternative[] => {
          if (li === 1 && i === at!.index) return [{ char: ch, p: 0.5 }, { char: at!.char, p: 0.45 }];
          if (li === 1 && i === 3) return [{ char: '5', p }]; // no alternative: only the hesitation counts
          return [{ char: ch, p: 1 }];
        }),
      );
    expect(correctMrz('TD3', read1, hesitant(0.4)).corrected.filter((c) => c.field === 'documentNumber')).toEqual([]);
    // The same substitution is taken when the rest of the field was read surely: the guard is what refuses it.
    expect(correctMrz('TD3', read1, hesitant(0.9)).corrected.map((c) => c.field)).toContain('documentNumber');
  });
  it('does not correct the composite while another check digit fails', () => {
    const read = mutate(mutate(UTOPIA.TD1, 1, 6, '3'), 0, 20, '7'); // birth-date digit wrong, optional data changed
    const out = correctMrz('TD1', read, []);
    expect(out.corrected.filter((c) => c.field === 'composite')).toEqual([]);
  });

  it('corrects TD1 optional data by the composite only where the rest of the optional data was read surely', () => {
    // TD1 optional data (line 1 from position 15) has no check digit of its own; only the composite covers it.
    const line1 = 'I<UTOD231458907' + '1234567'.padEnd(15, '<');
    const line2 = '7408122F1204159UTO<<<<<<<<<<<';
    const truth = [line1, line2 + String(computeCheckDigit(line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29))), UTOPIA.TD1[2]];
    const read = mutate(truth, 0, 17, '8'); // the optional data's `3` read `8`, the recogniser giving `3` 0.45
    const alternatives = (other: number) =>
      read.map((l, li) =>
        [...l].map((ch, i): Alternative[] => {
          if (li === 0 && i === 17) return [{ char: '8', p: 0.5 }, { char: '3', p: 0.45 }];
          if (li === 0 && i === 19) return [{ char: ch, p: other }];
          return [{ char: ch, p: 1 }];
        }),
      );
    expect(correctMrz('TD1', read, alternatives(0.99)).lines).toEqual(truth);
    // Another character of the optional data read with 0.3: it may be misread too, and the composite proves nothing.
    expect(correctMrz('TD1', read, alternatives(0.3)).corrected).toEqual([]);
  });
  it('takes no look-alike in TD1 optional data where another glyph read alike was doubted alike (one proof)', () => {
    // Optional data `RA200007` read `RA20OO07`, both Os with the zero at 0.45 (independent generator, seed 12
    // `0064_fail`): the composite alone covers them and could single out either by its weight only.
    const line1 = 'I<UTOD231458907' + 'RA200007'.padEnd(15, '<');
    const line2 = '7408122F1204159UTO<<<<<<<<<<<';
    const body = line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29);
    const truth = [line1, line2 + String(computeCheckDigit(body)), UTOPIA.TD1[2]];
    const read = mutate(mutate(truth, 0, 19, 'O'), 0, 20, 'O');
    const alternatives = (otherZero: number) =>
      read.map((l, li) =>
        [...l].map((ch, i): Alternative[] => {
          if (li === 0 && i === 20) return [{ char: 'O', p: 0.55 }, { char: '0', p: 0.45 }];
          if (li === 0 && i === 19) return [{ char: 'O', p: 1 - otherZero }, { char: '0', p: otherZero }];
          return [{ char: ch, p: 1 }];
        }),
      );
    // The composite digit printed changed so that it verifies `RA20O007`: turning the second O alone verifies it.
    const printed = [read[0] as string, (read[1] as string).slice(0, 29) + String(computeCheckDigit(body.slice(0, 14) + 'O' + body.slice(15))), read[2] as string];
    expect(correctMrz('TD1', printed, alternatives(0.45)).corrected).toEqual([]);
    // The other O read surely (the zero at 0.1): the doubt is this glyph's own, and the composite proves it.
    expect(correctMrz('TD1', printed, alternatives(0.1)).corrected.map((c) => c.field)).toEqual(['composite']);
  });

  it("takes no look-alike the recogniser all but excluded on the document number's check digit alone", () => {
    // UO6371398: the recogniser reads 0 (0.99) and gives the look-alike O 0.005. The composite shares the number's
    // weights, so it verifies exactly when the number does: one proof, which a wrong character passes one time in ten.
    const body = `UO6371398${computeCheckDigit('UO6371398')}UKR4201263F2201203<<<<<<<<<<<<<<<`;
    const truth = ['P<UKRMULLER<<EMMA<<<<<<<<<<<<<<<<<<<<<<<<<<<', body + String(computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43)))];
    const read = mutate(truth, 1, 1, '0');
    const support = (o: number) => read.map((l, li) => [...l].map((ch, i): Alternative[] => (li === 1 && i === 1 ? [{ char: '0', p: 1 - o }, { char: 'O', p: o }] : [{ char: ch, p: 1 }])));
    expect(correctMrz('TD3', read, support(0.005))).toEqual({ lines: read, corrected: [] });
    // Where the recogniser doubted the character (0.2 and more), the check digit proves the correction.
    expect(correctMrz('TD3', read, support(0.3)).lines).toEqual(truth);
  });

  it('returns no number printed with a character changed after its check digits were computed (independent generator)', () => {
    // indep2 seed 1 `0007_fail`: `RI1502127` printed `RI1502125`, check digit and composite computed over the first;
    // the recogniser sure of every character, O given 0.006 at the `0`: `RI15O2125` would verify both (24 x 3 = 72).
    const line2 = '7203110F3203020GRC<<<<<<<<<<<';
    const line1 = `I<GRCRI1502127${computeCheckDigit('RI1502127')}`.padEnd(30, '<');
    const composite = computeCheckDigit(line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29));
    const read = mutate([line1, line2 + String(composite), 'ARAUJO<PEREIRA<DA<SILVA<<LEONO'], 0, 13, '5');
    expect(verifyChecks('TD1', read).documentNumber).toBe(false);
    expect(verifyChecks('TD1', mutate(read, 0, 9, 'O'))).toMatchObject({ documentNumber: true, composite: true });
    const alternatives = read.map((l, li) => [...l].map((ch, i): Alternative[] => (li === 0 && i === 9 ? [{ char: '0', p: 0.994 }, { char: 'O', p: 0.006 }] : [{ char: ch, p: 1 }])));
    expect(correctMrz('TD1', read, alternatives)).toEqual({ lines: read, corrected: [] });
  });

  it('leaves an O/0 ambiguity that the check digits cannot settle', () => {
    // Two zeros at positions of the same weight (1 and 4): O at either verifies both check digits.
    const body = 'EO92027864NGA8807098M3607075<<<<<<<<<<<<<<<';
    const truth = ['P<NGAHORVAT<<EMMA<<<<<<<<<<<<<<<<<<<<<<<<<<<', body.slice(0, 9) + String(computeCheckDigit('EO9202786')) + body.slice(10)];
    const l2 = truth[1] as string;
    truth[1] = l2.slice(0, 43) + String(computeCheckDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)));
    const read = mutate(truth, 1, 1, '0');
    expect(read[1]?.slice(0, 9)).toBe('E09202786');
    const out = correctMrz('TD3', read, []);
    expect(out.lines).toEqual(read);
    expect(verifyChecks('TD3', out.lines).documentNumber).toBe(false);
  });
  it('never makes a misprinted check digit verify with look-alikes, whatever the composite was computed over (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{9}$/), fc.integer({ min: 1, max: 9 }), fc.boolean(), fc.integer({ min: 0, max: 8 }), fc.nat(), (doc, delta, compositeOverMisprint, at, pick) => {
        // An OCR-B confusion of one character of the number (or none, when it has no look-alike).
        const confusions = LOOK_ALIKES[doc[at] as string] ?? '';
        const misread = confusions.length > 0 ? (confusions[pick % confusions.length] as string) : (doc[at] as string);
        const right = computeCheckDigit(doc);
        const bad = String((right + delta) % 10);
        const tail = 'UTO7408122F1204159<<<<<<<<<<<<<<<';
        const composite = (digit: string) => computeCheckDigit(doc + digit + tail.slice(3, 10) + tail.slice(11, 33));
        const printed = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', `${doc}${bad}${tail}${composite(compositeOverMisprint ? bad : String(right))}`];
        // The recogniser may have misread that character as its look-alike; it is sure of every
        // character (0.99) and gives each look-alike 0.005, enough for two-digit-proven corrections only.
        const read = mutate(printed, 1, at, misread);
        const alternatives = read.map((l) => [...l].map((ch): Alternative[] => [{ char: ch, p: 0.99 }, ...[...(LOOK_ALIKES[ch] ?? '')].map((c) => ({ char: c, p: 0.005 }))]));
        const out = correctMrz('TD3', read, alternatives);
        // No correction of the misread character (or of a number read right) makes the misprinted check digit
        // verify. (A second misread elsewhere in the number, with a misprint off by exactly 5 and the composite
        // computed over the right digit, is indistinguishable by check digits: see correctMrz.)
        const changed = [...(out.lines[1] ?? '')].flatMap((ch, i) => (ch !== read[1]?.[i] ? [i] : []));
        if ((out.corrected.length > 0 && changed.every((i) => i === at)) || misread === doc[at]) expect(verifyChecks('TD3', out.lines).documentNumber).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never makes a misprinted check digit verify when the recogniser is confident (property)', () => {
    const digits = fc.stringMatching(/^[0-9]{6}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{9}$/), digits, digits, fc.integer({ min: 1, max: 9 }), (doc, dob, exp, delta) => {
        const body = `${doc}${computeCheckDigit(doc)}UTO${dob}${computeCheckDigit(dob)}F${exp}${computeCheckDigit(exp)}<<<<<<<<<<<<<<<`;
        const composite = computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
        const good = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', body + composite];
        const bad = mutate(good, 1, 9, String((computeCheckDigit(doc) + delta) % 10));
        const out = correctMrz('TD3', bad, alternativesWith(bad, null));
        expect(verifyChecks('TD3', out.lines).documentNumber).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  describe('glyph shapes (letter-sized zeros)', () => {
    /** A TD3 whose document number and personal number are given, with every check digit computed. */
    const td3 = (doc: string, personal: string): string[] => {
      const p = personal.padEnd(14, '<');
      const body = `${doc}${computeCheckDigit(doc)}UTO7408122F1204159${p}${computeCheckDigit(p)}`;
      return ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', body + String(computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43)))];
    };
    /** What zeroShapes reports: `'O'` at the given positions of line 2, `'0'` at the other zeros of `at`. */
    const shapes = (lines: readonly string[], letterSized: number[], digitSized: number[] = []) =>
      lines.map((l, li) => [...l].map((_, i) => (li !== 1 ? '' : letterSized.includes(i) ? 'O' : digitSized.includes(i) ? '0' : '')));
    // The recogniser is sure of every character (0.99 for a letter-spaced O read as 0): no look-alike is supported.
    const sure = (lines: readonly string[]) => lines.map((l) => [...l].map((ch): Alternative[] => [{ char: ch, p: 0.99 }]));

    it('takes two Os of one document number read as 0, where the glyph heights say so and the check digits prove it', () => {
      const truth = td3('AOO730529', '');
      const read = mutate(mutate(truth, 1, 1, '0'), 1, 2, '0');
      const out = correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [1, 2], [5]) });
      expect(out.lines).toEqual(truth);
      expect(out.corrected.map((c) => c.field)).toEqual(['documentNumber', 'composite']);
      // Without the shapes nothing is changed: two substitutions are no single OCR error.
      expect(correctMrz('TD3', read, sure(read)).lines).toEqual(read);
    });
    it('takes no Os where another character of the field was read with hesitation', () => {
      // As above, but the number's 7 was read with 0.33: it may be misread too, and the turns verify by coincidence
      // one time in ten (the blurred Czech passport specimen), so the check digit proves nothing.
      const truth = td3('AOO730529', '');
      const read = mutate(mutate(truth, 1, 1, '0'), 1, 2, '0');
      const hesitant = sure(read).map((l, li) => l.map((a, i) => (li === 1 && i === 3 ? [{ char: '7', p: 0.33 }] : a)));
      expect(correctMrz('TD3', read, hesitant, { glyphShapes: shapes(read, [1, 2], [5]) }).lines).toEqual(read);
    });
    it('takes one O in each of two fields, the document number and the personal number', () => {
      const truth = td3('X4O119T70', '96169O5471');
      const read = mutate(mutate(truth, 1, 2, '0'), 1, 33, '0');
      const out = correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [2, 33]) });
      expect(out.lines).toEqual(truth);
    });
    it('takes zeros read as O back where their glyphs are digit-sized and the check digits prove it', () => {
      const truth = td3('3805079<<', '');
      const read = mutate(mutate(truth, 1, 2, 'O'), 1, 4, 'O');
      const glyphShapes = read.map((l, li) => [...l].map((_, i) => (li === 1 && (i === 2 || i === 4) ? '0' : '')));
      expect(correctMrz('TD3', read, sure(read), { glyphShapes }).lines).toEqual(truth);
      expect(correctMrz('TD3', read, sure(read)).lines).toEqual(read);
    });
    it('changes nothing when the hypothesis does not make every check digit verify', () => {
      const truth = td3('AOO730529', '');
      const read = mutate(mutate(truth, 1, 1, '0'), 1, 2, '0');
      // A genuine 0 measured letter-sized too: the hypothesis is wrong, and the check digits say so.
      expect(correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [1, 2, 5]) }).lines).toEqual(read);
      // Only one of the two Os measured letter-sized: the hypothesis falls short.
      expect(correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [1]) }).lines).toEqual(read);
    });
    it('turns a pair of look-alikes that cancel in the check digit where both glyphs say so (weights 7 and 3)', () => {
      // O is 24: 24 x 7 + 24 x 3 = 240, so `OO` and `00` at weights 7 and 3 give the same check digit.
      const truth = td3('OO5161552', '');
      const read = mutate(mutate(truth, 1, 0, '0'), 1, 1, '0');
      expect(verifyChecks('TD3', read).documentNumber).toBe(true);
      const out = correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [0, 1]) });
      expect(out.lines).toEqual(truth);
      expect(out.corrected).toEqual([{ field: 'documentNumber', from: '0051615523', to: 'OO51615523' }]);
      // One glyph measured letter-sized is no pair: turning it alone would fail the check digit, so nothing changes.
      expect(correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [0]) }).lines).toEqual(read);
      expect(correctMrz('TD3', read, sure(read)).lines).toEqual(read);
      // Zeros read as O, both measured digit-sized (positions 1 and 6: weights 3 and 7), are turned back the same way.
      const zeros = td3('50343901R', '');
      const asO = mutate(mutate(zeros, 1, 1, 'O'), 1, 6, 'O');
      expect(correctMrz('TD3', asO, sure(asO), { glyphShapes: shapes(asO, [], [1, 6]) }).lines).toEqual(zeros);
    });
    it('turns a pair that cancels in the composite where no field check digit covers it (TD1 optional data)', () => {
      // TD1 line 1: `I<CZE`, document number, its check digit, optional data from position 15. The composite weighs
      // line 1 from position 5: positions 20 and 21 get weights 7 and 3, so `OO` and `00` give the same composite.
      const doc = 'J5Q9ZA26T';
      const line1 = `I<CZE${doc}${computeCheckDigit(doc)}${'77R93OO0'.padEnd(15, '<')}`;
      const line2 = '5209152<2807247EUE<<<<<<<<<<<';
      const composite = computeCheckDigit(line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29));
      const truth = [line1, `${line2}${composite}`, 'ACHTERBERG<<DMITRI<<<<<<<<<<<<'];
      const read = mutate(mutate(truth, 0, 20, '0'), 0, 21, '0');
      expect(verifyChecks('TD1', read).composite).toBe(true);
      const td1Shapes = (letterSized: number[]) => read.map((l, li) => [...l].map((_, i) => (li === 0 && letterSized.includes(i) ? 'O' : '')));
      const out = correctMrz('TD1', read, sure(read), { glyphShapes: td1Shapes([20, 21]) });
      expect(out.lines).toEqual(truth);
      expect(out.corrected.map((c) => c.field)).toEqual(['composite']);
      // One glyph measured letter-sized is no pair; nothing changes without shapes either.
      expect(correctMrz('TD1', read, sure(read), { glyphShapes: td1Shapes([20]) }).lines).toEqual(read);
      expect(correctMrz('TD1', read, sure(read)).lines).toEqual(read);
    });
    it('leaves a verifying field as read when turning its measured glyphs would fail a check digit', () => {
      // Three letter-sized zeros measured in a verifying field, whose turning does not verify: a measurement is wrong.
      // (Weights 7, 3 and 3: 24 x 13 = 312, not 0 modulo 10.)
      const truth = td3('005161502', '');
      expect(correctMrz('TD3', truth, sure(truth), { glyphShapes: shapes(truth, [0, 1, 7]) }).lines).toEqual(truth);
    });
    it('does not take a correction that turns a glyph against its measured shape', () => {
      // `2009O7K` read as `200907K`: the recogniser hesitates only at position 1 (a genuine 0), where an O verifies
      // as well as at position 4 (both weight 3). The glyph at 1 is measured digit-sized, the one at 4 letter-sized.
      const truth = td3('2009O7K<<', '');
      const read = mutate(truth, 1, 4, '0');
      const hesitant = sure(read).map((l, li) => l.map((a, i) => (li === 1 && i === 1 ? [{ char: '0', p: 0.6 }, { char: 'O', p: 0.4 }] : a)));
      expect(correctMrz('TD3', read, hesitant).lines[1]?.slice(0, 9)).toBe('2O0907K<<');
      const out = correctMrz('TD3', read, hesitant, { glyphShapes: shapes(read, [4], [1, 2]) });
      expect(out.lines).toEqual(truth);
    });
    it('still takes a supported correction against a measured shape when the shapes offer no explanation', () => {
      // An O read as 0 whose glyph measured digit-sized (a misjudged shape), and no other glyph measured letter-sized:
      // the recogniser's supported O, proven by the check digit, is taken as before.
      const truth = td3('XO9596769', '');
      const read = mutate(truth, 1, 1, '0');
      const hesitant = sure(read).map((l, li) => l.map((a, i) => (li === 1 && i === 1 ? [{ char: '0', p: 0.6 }, { char: 'O', p: 0.4 }] : a)));
      expect(correctMrz('TD3', read, hesitant, { glyphShapes: shapes(read, [], [1]) }).lines).toEqual(truth);
    });
    it('never changes a field whose check digit verifies, nor trusts a check digit read with hesitation', () => {
      // The document number fails (two Os read as 0); the personal number verifies, and its genuine 0 measured
      // letter-sized is left as read, while the document number is corrected.
      const truth = td3('AOO730529', '30512');
      const read = mutate(mutate(truth, 1, 1, '0'), 1, 2, '0');
      expect(correctMrz('TD3', read, sure(read), { glyphShapes: shapes(read, [1, 2, 29]) }).lines).toEqual(truth);
      const hesitant = sure(read).map((l, li) => l.map((a, i) => (li === 1 && i === 9 ? [{ char: read[1]![9]!, p: 0.3 }, { char: '1', p: 0.25 }] : a)));
      expect(correctMrz('TD3', read, hesitant, { glyphShapes: shapes(read, [1, 2]) }).lines).toEqual(read);
    });
  });

  it('lets only MrzShapeError escape parseMrz for any input (fuzz)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 50 }), { maxLength: 4 }), (lines) => {
        try {
          parseMrz(lines);
        } catch (error) {
          expect(error).toBeInstanceOf(MrzShapeError);
        }
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9A-Z<]{44}$/), { minLength: 2, maxLength: 2 }), (lines) => {
        const parsed = parseMrz(correctMrz('TD3', lines, []).lines);
        expect(parsed.format).toBe('TD3');
      }),
      { numRuns: 300 },
    );
  });
});
