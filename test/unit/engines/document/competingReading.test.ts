import { describe, expect, it } from 'vitest';
import { competingReadings } from '../../../../functions/engines/document/mrz/competingReading.ts';
import type { Alternative } from '../../../../functions/engines/document/mrz/correctMrz.ts';
import { computeCheckDigit } from '../../../../functions/engines/document/mrz/computeCheckDigit.ts';
import { verifyChecks } from '../../../../functions/engines/document/mrz/verifyChecks.ts';
import { UTOPIA, mutate } from './fixtures.ts';

/** TD3 lines with the document number's and the composite check digits recomputed. */
function withCheckDigits(lines: readonly string[]): string[] {
  const line = lines[1] as string;
  const number = line.slice(0, 9) + String(computeCheckDigit(line.slice(0, 9)));
  const body = number + line.slice(10, 43);
  const composite = computeCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [lines[0] as string, body + String(composite)];
}

type Doubt = { line: number; index: number; alts: Record<string, number> };

/** Recogniser alternatives: every character read with certainty, except where `doubts` give the probabilities. */
function alternativesWith(lines: readonly string[], doubts: readonly Doubt[]): Alternative[][][] {
  return lines.map((l, li) =>
    [...l].map((ch, i): Alternative[] => {
      const d = doubts.find((x) => x.line === li && x.index === i);
      return d ? Object.entries(d.alts).map(([char, p]) => ({ char, p })) : [{ char: ch, p: 1 }];
    }),
  );
}

/** The most probable competitor, or null. */
const competingReading = (...args: Parameters<typeof competingReadings>) => competingReadings(...args)[0] ?? null;

describe('competingReadings', () => {
  it('finds no competitor where the recogniser had no doubt', () => {
    expect(competingReading('TD3', UTOPIA.TD3, alternativesWith(UTOPIA.TD3, []))).toBeNull();
  });

  it('finds two misread characters of a document number that still pass its check digit and the composite', () => {
    // The ICAO TD2 specimen's D23145890 read as P23T45890 on the card seen obliquely (shared fastmrz/td2.jpg with
    // npm run eval:document -- --perspective 0.3): D -> P adds 12 x 7, 1 -> T adds 28 x 7, 280 in all.
    const read = mutate(mutate(UTOPIA.TD2, 1, 0, 'P'), 1, 3, 'T');
    expect(verifyChecks('TD2', read)).toMatchObject({ documentNumber: true, composite: true });
    const alts = alternativesWith(read, [
      { line: 1, index: 0, alts: { P: 0.6, D: 0.4 } },
      { line: 1, index: 3, alts: { T: 0.5, '1': 0.5 } },
    ]);
    const competitor = competingReading('TD2', read, alts);
    expect(competitor?.substitutions).toEqual(expect.arrayContaining([
      { line: 1, index: 0, from: 'P', to: 'D' },
      { line: 1, index: 3, from: 'T', to: '1' },
    ]));
    expect(competitor?.ratio).toBeCloseTo(0.4 / 0.6);
    expect(competitor?.groups).toEqual(expect.arrayContaining(['documentNumber', 'composite']));
  });

  it('finds a single character whose value differs by a multiple of ten (8 and S weigh alike)', () => {
    const alts = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 1, alts: { '8': 0.8, S: 0.2 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, alts)).toMatchObject({ substitutions: [{ line: 1, index: 1, from: '8', to: 'S' }], ratio: 0.25 });
  });

  // Blind photo seed 59 `0126_td3`: a personal number's padding `<<<<<` read right, with `<<<<K` a competitor the
  // recognisers could not tell from it; the decoding reads such a stray K as a filler (padOptionalData.ts).
  it("offers no competitor with a check-invisible letter alone in an optional-data field's padding", () => {
    // UTOPIA's personal number ZE184226B<<<<< ends at 41; K weighs as the filler at every weight.
    const stray = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 40, alts: { '<': 0.55, K: 0.45 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, stray)).toBeNull();
    // The filler's support below PADDING_FILLER_MIN_SUPPORT: the K is a reading the decoder keeps, so a competitor.
    const sure = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 40, alts: { K: 0.85, '<': 0.15 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, sure)).toMatchObject({ substitutions: [{ line: 1, index: 40, from: '<', to: 'K' }] });
    // Right after the data (no filler before it), a K is data, not padding: a competitor.
    const data = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 37, alts: { '<': 0.55, K: 0.45 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, data)).toMatchObject({ substitutions: [{ line: 1, index: 37, from: '<', to: 'K' }] });
  });

  it('ignores alternatives that a check digit refutes, and those below minRatio', () => {
    const refuted = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 1, alts: { '8': 0.5, B: 0.5 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, refuted)).toBeNull();
    const faint = alternativesWith(UTOPIA.TD3, [{ line: 1, index: 1, alts: { '8': 0.9999, S: 0.0001 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, faint)).toBeNull();
  });

  it('offers no competitor whose date is no calendar date', () => {
    // Birth date 740812 at line 2 positions 13-18, its digit 2 at 19. A 3 for the month's first digit (+3 x 1) and a
    // 5 for the digit verify the date, and the composite too (+3 x 7 +3 x 3): but month 38 is no month.
    const doubts: Doubt[] = [
      { line: 1, index: 15, alts: { '0': 0.5, '3': 0.5 } },
      { line: 1, index: 19, alts: { '2': 0.5, '5': 0.5 } },
    ];
    const month38 = mutate(mutate(UTOPIA.TD3, 1, 15, '3'), 1, 19, '5');
    expect(verifyChecks('TD3', month38)).toMatchObject({ birthDate: true, composite: true });
    expect(competingReading('TD3', UTOPIA.TD3, alternativesWith(UTOPIA.TD3, doubts))).toBeNull();
    // The same kind of doubt in the day (740812 -> 740815, digit 2 -> 5) is a competitor.
    const day15: Doubt[] = [
      { line: 1, index: 18, alts: { '2': 0.5, '5': 0.5 } },
      { line: 1, index: 19, alts: { '2': 0.5, '5': 0.5 } },
    ];
    expect(competingReading('TD3', UTOPIA.TD3, alternativesWith(UTOPIA.TD3, day15))?.substitutions).toHaveLength(2);
  });

  it('returns several competitors, the most probable first: two misread characters invisible to every digit', () => {
    // A document number 00989 02C3 read UU98902C3 (U weighs 30, as 0 does): one U undone, the other, or both.
    const truth = withCheckDigits(mutate(mutate(UTOPIA.TD3, 1, 0, '0'), 1, 1, '0'));
    const lines = mutate(mutate(truth, 1, 0, 'U'), 1, 1, 'U');
    expect(verifyChecks('TD3', lines)).toMatchObject({ documentNumber: true, composite: true });
    const alts = alternativesWith(lines, [
      { line: 1, index: 0, alts: { U: 0.5, L: 0.3, '0': 0.2 } },
      { line: 1, index: 1, alts: { U: 0.6, '0': 0.4 } },
    ]);
    const all = competingReadings('TD3', lines, alts);
    expect(all.map((c) => c.ratio)).toEqual([...all.map((c) => c.ratio)].sort((a, b) => b - a));
    expect(all.some((c) => c.substitutions.length === 2 && c.substitutions.every((x) => x.to === '0'))).toBe(true);
    expect(competingReadings('TD3', lines, alts, { max: 1 })).toHaveLength(1);
  });

  it('only varies characters under a verifying check digit', () => {
    // Names carry no check digit: doubt there is arbitrateNames' business, not a competitor.
    const alts = alternativesWith(UTOPIA.TD3, [{ line: 0, index: 6, alts: { R: 0.5, P: 0.5 } }]);
    expect(competingReading('TD3', UTOPIA.TD3, alts)).toBeNull();
  });
});
