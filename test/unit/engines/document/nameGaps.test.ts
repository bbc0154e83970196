import { describe, expect, it } from 'vitest';
import { mrzNameExtent } from '../../../../functions/engines/document/mrz/splitMrzName.ts';
import { nameGaps } from '../../../../functions/engines/document/reading/nameGaps.ts';

const TD3_NAME = [{ start: 5, end: 44 }];
/** First frames of a line's characters at a pitch of 3 frames, with `extra` frames added after the given positions. */
const framesOf = (n: number, extra: Record<number, number> = {}): number[][] => {
  let t = 2;
  return Array.from({ length: n }, (_, i) => {
    const frame = t;
    t += 3 + (extra[i] ?? 0);
    return [frame, frame + 1];
  });
};

describe('mrzNameExtent', () => {
  it('ends the name where splitMrzName ends it', () => {
    expect(mrzNameExtent('HORVAT<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<')).toEqual({ start: 0, separator: 6, end: 12 });
    expect(mrzNameExtent('SUKARNO<<<<<<<<<<<<<<<<<<')).toEqual({ start: 0, separator: -1, end: 7 });
    expect(mrzNameExtent('NGUYEN<<OLGA<<<<<<<S<<<<<S<S<')).toEqual({ start: 0, separator: 6, end: 12 });
    expect(mrzNameExtent('NGUYEN<<WILHELMINA<MARGARETH<')).toEqual({ start: 0, separator: 6, end: 28 });
    expect(mrzNameExtent('NGUYEN<WILHELMINA<MARGARETHES')).toEqual({ start: 0, separator: -1, end: 29 });
    expect(mrzNameExtent('<KIM<<LUCAS<<<<')).toEqual({ start: 1, separator: 4, end: 11 });
  });
});

describe('nameGaps', () => {
  const read = 'P<FRAHRVAT<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<<';
  it('counts a step of two pitches inside a name as a dropped character', () => {
    // HORVAT read HRVAT: the alignment steps 6 frames from H to R, and squeezes a filler further on.
    expect(nameGaps(read, framesOf(44, { 5: 3, 30: -2 }), TD3_NAME)).toBe(1);
    expect(nameGaps(read, framesOf(44), TD3_NAME)).toBe(0);
    // A first name letter dropped: the step from the state code's last letter counts too.
    expect(nameGaps(read, framesOf(44, { 4: 3 }), TD3_NAME)).toBe(1);
  });
  it('ignores steps of up to 1.7 pitches, steps beyond the name, and lines without names', () => {
    expect(nameGaps(read, framesOf(44, { 6: 2 }), TD3_NAME)).toBe(0);
    expect(nameGaps(read, framesOf(44, { 30: 4 }), TD3_NAME)).toBe(0);
    expect(nameGaps(read, framesOf(44, { 5: 3 }), [])).toBe(0);
    expect(nameGaps(read, framesOf(44, { 5: 3 }), TD3_NAME, { maxStep: 2.1 })).toBe(0);
  });
});
