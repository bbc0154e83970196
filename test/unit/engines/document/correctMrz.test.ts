import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { correctMrz, type Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { MrzShapeError, parseMrz } from '../../../../functions/engines/document/mrz/parseMrz.ts';
import { verifyChecks } from '../../../../functions/engines/document/mrz/verifyChecks.ts';
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
  it('does not correct the composite while another check digit fails', () => {
    const read = mutate(mutate(UTOPIA.TD1, 1, 6, '3'), 0, 20, '7'); // birth-date digit wrong, optional data changed
    const out = correctMrz('TD1', read, []);
    expect(out.corrected.filter((c) => c.field === 'composite')).toEqual([]);
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
