import { describe, expect, it } from 'vitest';
import { chooseByGlyphs, glyphLikeness } from '../../../../functions/engines/document/image/compareGlyphs.ts';
import { glyphLine } from './glyphFixtures.ts';

const line = glyphLine;

describe('glyphLikeness (a glyph against the same characters printed elsewhere in the zone)', () => {
  it('finds a glyph most like the exemplars of the character it is', () => {
    const lines = [line('O0O0I')];
    const asO = glyphLikeness(lines, { line: 0, index: 0 }, 'O', new Set());
    const asZero = glyphLikeness(lines, { line: 0, index: 0 }, '0', new Set());
    expect(asO).toBeCloseTo(1, 5);
    expect(asZero as number).toBeLessThan((asO as number) - 0.08);
  });

  it('compares across lines and tolerates a vertical offset of a pixel or two', () => {
    const lines = [line('I0I'), line('OIO', 'OIO', 2)];
    expect(glyphLikeness(lines, { line: 0, index: 1 }, '0', new Set())).toBeNull();
    expect(glyphLikeness(lines, { line: 1, index: 0 }, 'O', new Set())).toBeCloseTo(1, 5);
    const zeroAsO = glyphLikeness(lines, { line: 0, index: 1 }, 'O', new Set()) as number;
    expect(zeroAsO).toBeLessThan(0.95);
  });

  it('has no opinion without an exemplar: the character absent, or its only occurrences excluded', () => {
    const lines = [line('O0O')];
    expect(glyphLikeness(lines, { line: 0, index: 0 }, 'I', new Set())).toBeNull();
    expect(glyphLikeness(lines, { line: 0, index: 0 }, '0', new Set(['0:1']))).toBeNull();
  });
});

describe('chooseByGlyphs (which of two readings the zone\'s own glyphs support)', () => {
  // The reading says `0` at position 1 where an `O` is printed; the other reading says `O`.
  const lines = [line('OO00I', 'O000I')];
  const reading = ['O000I'];
  const rival = ['OO00I'];
  const opts = { minLead: 0.08, minLikeness: 0.9 };

  it('picks the text whose character looks like the same character elsewhere in the zone', () => {
    expect(chooseByGlyphs(lines, [reading, rival], opts)).toBe(1);
    expect(chooseByGlyphs(lines, [rival, reading], opts)).toBe(0);
  });

  it('decides nothing when the lead is below the margin, or a character has no exemplar', () => {
    expect(chooseByGlyphs(lines, [reading, rival], { ...opts, minLead: 1.5 })).toBeNull();
    expect(chooseByGlyphs(lines, [reading, ['OG00I']], opts)).toBeNull();
    expect(chooseByGlyphs(lines, [reading, reading], opts)).toBeNull();
  });

  it('refuses a winner whose other guarded characters look unlike what it says they are', () => {
    // Both texts misread the final `I` as `0`: the winner's `0` there is unlike the zone's other zeros.
    const misread = [line('OO00I', 'O0000')];
    const guarded = [0, 1, 2, 3, 4].map((index) => ({ line: 0, index }));
    expect(chooseByGlyphs(misread, [['O0000'], ['OO000']], { ...opts, guarded: guarded.slice(0, 4) })).toBe(1);
    expect(chooseByGlyphs(misread, [['O0000'], ['OO000']], { ...opts, guarded })).toBeNull();
  });

  it('guards fillers too: a character read as a filler must look like the zone\'s other fillers', () => {
    const guarded = [0, 1, 2, 3, 4, 5, 6].map((index) => ({ line: 0, index }));
    // Printed fillers pass the guard...
    const padded = [line('OO00<<<', 'O000<<<')];
    expect(chooseByGlyphs(padded, [['O000<<<'], ['OO00<<<']], { ...opts, guarded })).toBe(1);
    // ...an `I` both texts read as a filler does not.
    const lost = [line('OO00I<<', 'O000<<<')];
    expect(chooseByGlyphs(lost, [['O000<<<'], ['OO00<<<']], { ...opts, guarded: guarded.filter((p) => p.index !== 4) })).toBe(1);
    expect(chooseByGlyphs(lost, [['O000<<<'], ['OO00<<<']], { ...opts, guarded })).toBeNull();
  });

  it('does not take exemplars from positions in dispute', () => {
    // The only other `O` (position 0) disputed too: no exemplar of `O` is left.
    expect(chooseByGlyphs(lines, [reading, rival], { ...opts, disputed: [{ line: 0, index: 0 }] })).toBeNull();
  });
});
