import { describe, expect, it } from 'vitest';
import { correctionSpread, judgeCorrection, rivalShare, type JudgedCorrection } from '../../../../functions/engines/document/evaluation/correctionEvidence.ts';
import type { WeighedChange, WeighedCorrection } from '../../../../functions/engines/document/reading/confirmCorrections.ts';
import { UTOPIA } from './fixtures.ts';

/** A document-number correction of the specimen's `0` (line 2, position 5) read `from`, with the given probabilities. */
const weighed = (to: string, p: number, rival: WeighedChange['rival'], from = '8'): WeighedCorrection => ({
  field: 'documentNumber',
  from: `L898${from}02C36`,
  to: `L898${to}02C36`,
  changes: [{ line: 1, index: 5, from, to, p, rival }],
  refutedBy: null,
});

describe('judgeCorrection (eval:document --corrections)', () => {
  it('is right where every change restores the printed character, wrong where one does not', () => {
    expect(judgeCorrection(UTOPIA.TD3, weighed('0', 0.3, null))).toBe('right');
    expect(judgeCorrection(UTOPIA.TD3, weighed('6', 0.3, null))).toBe('wrong');
  });

  it('is unknown without printed lines or where a change lies outside them', () => {
    expect(judgeCorrection(null, weighed('0', 0.3, null))).toBe('unknown');
    expect(judgeCorrection([UTOPIA.TD3[0]], weighed('0', 0.3, null))).toBe('unknown');
  });
});

describe('rivalShare and correctionSpread', () => {
  it('gives the third character\'s share where it reaches RIVAL_BOUNDS.minP, else null', () => {
    expect(rivalShare(weighed('0', 0.258, { char: '6', p: 0.244 }))).toBeCloseTo(0.946, 3);
    expect(rivalShare(weighed('0', 0.5, { char: '6', p: 0.1 }))).toBeNull();
    expect(rivalShare(weighed('0', 0, { char: '6', p: 0.5 }))).toBeNull();
    expect(rivalShare(weighed('0', 0.5, null))).toBeNull();
  });

  it('sums up right and wrong corrections apart, counting those RIVAL_BOUNDS refutes, largest shares first', () => {
    const judge = (name: string, w: WeighedCorrection): JudgedCorrection => ({ case: name, weighed: w, truth: judgeCorrection(UTOPIA.TD3, w), share: rivalShare(w) });
    const judged = [
      judge('a', weighed('0', 0.366, { char: 'B', p: 0.263 })),
      judge('b', weighed('0', 0.487, { char: '9', p: 0.227 })),
      judge('c', weighed('6', 0.258, { char: '0', p: 0.244 })),
      judge('d', weighed('0', 0.9, null)),
      { ...judge('e', weighed('0', 0.3, { char: '6', p: 0.3 })), truth: 'unknown' as const },
    ];
    const spread = correctionSpread(judged);
    expect(spread.right.count).toBe(3);
    expect(spread.right.refuted).toBe(0);
    expect(spread.right.largest.map((j) => j.case)).toEqual(['a', 'b']);
    expect(spread.wrong).toMatchObject({ count: 1, refuted: 1, largest: [{ case: 'c' }] });
    expect(correctionSpread(judged, 1).right.largest.map((j) => j.case)).toEqual(['a']);
  });
});
