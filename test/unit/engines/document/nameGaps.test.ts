import { describe, expect, it } from 'vitest';
import { nameExtent, nameGaps } from '../../../../functions/engines/document/reading/nameGaps.ts';

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

describe('nameExtent', () => {
  it('ends the name where the parser ends it', () => {
    expect(nameExtent('HORVAT<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<')).toEqual({ end: 12, separator: 6 });
    expect(nameExtent('SUKARNO<<<<<<<<<<<<<<<<<<')).toEqual({ end: 7, separator: 7 });
    expect(nameExtent('NGUYEN<<OLGA<<<<<<<S<<<<<S<S<')).toEqual({ end: 12, separator: 6 });
    expect(nameExtent('NGUYEN<<WILHELMINA<MARGARETH<')).toEqual({ end: 28, separator: 6 });
    expect(nameExtent('NGUYEN<WILHELMINA<MARGARETHES')).toEqual({ end: 29, separator: -1 });
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
