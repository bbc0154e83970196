import { describe, expect, it } from 'vitest';
import { checksOf, singleProofGroups } from '../../../../functions/engines/document/mrz/layouts.ts';
import { provenCorrectionLines, refuteByGlyphs, refuteByRecognisers, refuteByRivals, rivalRefutes, weighRivals, RIVAL_BOUNDS, undoWhereCompositeFails } from '../../../../functions/engines/document/reading/confirmCorrections.ts';
import { ctcFrames, UTOPIA, mutate } from './fixtures.ts';
import { glyphLine } from './glyphFixtures.ts';
import { GLYPH_MIN_LEAD, GLYPH_MIN_LIKENESS } from '../../../../functions/engines/document/reading/readMrzZone.ts';

const line = glyphLine;

const LINE1 = 'P<UTOHOLM<<ANNA'.padEnd(44, '<'); // no `I`: the zone prints the letter nowhere else
const REST = 'UTO7408122F1204159'.padEnd(43, '<') + '0'; // dates print `0`s and `1`s
const opts = { minLead: GLYPH_MIN_LEAD, minLikeness: GLYPH_MIN_LIKENESS };

/** The TD3 zone read with document number `read`, corrected to `corrected`, its glyphs printed as `printed`. */
function zone(printed: string, read: string, corrected: string) {
  const lines = [LINE1, `${corrected}6${REST}`];
  const glyphs = [line(LINE1, LINE1), line(`${printed}6${REST}`, lines[1] as string)];
  return { lines, glyphs, correction: { field: 'documentNumber' as const, from: `${read}6`, to: `${corrected}6` } };
}

describe('refuteByGlyphs (step 12: single-proof corrections put to the zone\'s glyphs)', () => {
  it('undoes an O "corrected" to 0 where the glyph is like the zone\'s other Os', () => {
    const { lines, glyphs, correction } = zone('L8O890245', 'L8O890245', 'L80890245');
    const out = refuteByGlyphs('TD3', lines, [correction], glyphs, opts);
    expect(out.corrected).toEqual([]);
    expect(out.lines[1]?.slice(0, 9)).toBe('L8O890245');
  });

  it('keeps the correction where the glyph is like the zone\'s zeros', () => {
    const { lines, glyphs, correction } = zone('L80890245', 'L8O890245', 'L80890245');
    expect(refuteByGlyphs('TD3', lines, [correction], glyphs, opts)).toEqual({ lines, corrected: [correction] });
  });

  it('tells onLikeness the likenesses it measured at each changed position', () => {
    const told: Array<[string, { read: number | null; corrected: number | null }]> = [];
    const onLikeness = (at: { line: number; index: number }, likeness: { read: number | null; corrected: number | null }) => told.push([`${at.line}:${at.index}`, likeness]);
    const o = zone('L8O890245', 'L8O890245', 'L80890245');
    refuteByGlyphs('TD3', o.lines, [o.correction], o.glyphs, { ...opts, onLikeness });
    expect(told).toHaveLength(1);
    expect(told[0]?.[0]).toBe('1:2');
    expect(told[0]?.[1].read).toBeGreaterThan((told[0]?.[1].corrected ?? 1) + GLYPH_MIN_LEAD);
    // The zone prints no other I: the likeness to the character read is null.
    const i = zone('L8I890245', 'L8I890245', 'L81890245');
    refuteByGlyphs('TD3', i.lines, [i.correction], i.glyphs, { ...opts, onLikeness });
    expect(told[1]?.[1]).toEqual({ read: null, corrected: expect.any(Number) });
  });

  it('undoes an I "corrected" to 1 where the zone prints no other I and the glyph is unlike its 1s', () => {
    const { lines, glyphs, correction } = zone('L8I890245', 'L8I890245', 'L81890245');
    const out = refuteByGlyphs('TD3', lines, [correction], glyphs, opts);
    expect(out.corrected).toEqual([]);
    expect(out.lines[1]?.slice(0, 9)).toBe('L8I890245');
    // A 1 printed there looks like the zone's other 1s: kept.
    const right = zone('L81890245', 'L8I890245', 'L81890245');
    expect(refuteByGlyphs('TD3', right.lines, [right.correction], right.glyphs, opts).corrected).toEqual([right.correction]);
  });

  it('keeps a correction from a character printed nowhere else that another recogniser reads itself', () => {
    const { lines, glyphs, correction } = zone('L8I890245', 'L8I890245', 'L81890245');
    const spaced = (text: string) => `${[...text].join('_')}_`;
    // Another recogniser read the line again with the correction's 1 (0.9 per frame), or with the I as read.
    const readsOne = ctcFrames(spaced(lines[1] as string), 0.9);
    const readsI = ctcFrames(spaced(`L8I8902456${REST}`), 0.9);
    expect(refuteByGlyphs('TD3', lines, [correction], glyphs, { ...opts, readings: [[], [readsOne]] }).corrected).toEqual([correction]);
    expect(refuteByGlyphs('TD3', lines, [correction], glyphs, { ...opts, readings: [[], [readsI]] }).corrected).toEqual([]);
    // The lead rule stands whatever the recognisers read: an O like the zone's other Os is undone.
    const o = zone('L8O890245', 'L8O890245', 'L80890245');
    const readsZero = ctcFrames(spaced(o.lines[1] as string), 0.9);
    expect(refuteByGlyphs('TD3', o.lines, [o.correction], o.glyphs, { ...opts, readings: [[], [readsZero]] }).corrected).toEqual([]);
  });

  it('never undoes a pair turned by its shapes in a field that verified as read (no check digit proved it)', () => {
    const read = 'CA0O000O';
    const digit = '4'; // CA0O000O and CA000000 both verify with 4 (24 x 3 + 24 x 7 = 240)
    const lines = [LINE1, `CA000000<${digit}${REST}`];
    const glyphs = [line(LINE1, LINE1), line(`CA0O000O<${digit}${REST}`, lines[1] as string)];
    const pair = { field: 'documentNumber' as const, from: `${read}<${digit}`, to: `CA000000<${digit}` };
    expect(refuteByGlyphs('TD3', lines, [pair], glyphs, opts).corrected).toEqual([pair]);
  });

  it('leaves corrections that two check digits prove (a date, checked by the composite at other weights)', () => {
    const lines = [LINE1, `L808902456UTO7408122F1204159${'<'.repeat(15)}0`];
    const glyphs = [line(LINE1, LINE1), line(`L808902456UTO74O8122F1204159${'<'.repeat(15)}0`, lines[1] as string)];
    const correction = { field: 'birthDate' as const, from: '74O8122', to: '7408122' };
    expect(refuteByGlyphs('TD3', lines, [correction], glyphs, opts).corrected).toEqual([correction]);
  });
});

describe('refuteByRecognisers (step 12: proven corrections put to both recognisers)', () => {
  const lines = [...UTOPIA.TD3];
  // The number's 0 (line 2, position 5) read 8, which fails the number's digit; corrected back to 0.
  const misread = mutate(lines, 1, 5, '8');
  const correction = { field: 'documentNumber' as const, from: (misread[1] as string).slice(0, 10), to: (lines[1] as string).slice(0, 10) };
  const spaced = (text: string) => `${[...text].join('_')}_`;
  // The own recogniser reads 8 (0.6) with D second (0.3); the other reads `second` at 0.9.
  const own = ctcFrames(spaced(misread[1] as string), 0.9, { 10: ['D', 0.3] });
  const other = (second: string) => ctcFrames(spaced(mutate(lines, 1, 5, second)[1] as string), 0.9);

  it('undoes a correction where the recognisers together read a third character', () => {
    expect(provenCorrectionLines('TD3', lines, [correction])).toEqual([1]);
    const out = refuteByRecognisers('TD3', lines, [correction], [[], [own, other('D')]]);
    expect(out.lines).toEqual(misread);
    expect(out.corrected).toEqual([]);
  });

  it("keeps it where the other recogniser reads the correction's character, or only one recogniser read the line", () => {
    expect(refuteByRecognisers('TD3', lines, [correction], [[], [own, other('0')]])).toEqual({ lines, corrected: [correction] });
    expect(refuteByRecognisers('TD3', lines, [correction], [[], [own]])).toEqual({ lines, corrected: [correction] });
  });

  it('keeps a correction where both recognisers read the character the digit refuses', () => {
    expect(refuteByRecognisers('TD3', lines, [correction], [[], [other('8'), other('8')]]).corrected).toEqual([correction]);
  });
});

describe('refuteByRivals (step 12: single-proof corrections chosen between characters the decoding found alike)', () => {
  const lines = [...UTOPIA.TD3];
  // The number's 0 (line 2, position 5) read 8, which fails the number's digit; corrected back to 0.
  const misread = mutate(lines, 1, 5, '8');
  const correction = { field: 'documentNumber' as const, from: (misread[1] as string).slice(0, 10), to: (lines[1] as string).slice(0, 10) };
  /** The reading's alternatives: nothing but `alts` at line 2, position `k`. */
  const altsAt = (k: number, alts: Array<{ char: string; p: number }>) => lines.map((text, i) => [...text].map((_, j) => (i === 1 && j === k ? alts : [])));

  // Blind photo seed 83 `0099_fail`: a printed `6` read `0` 0.343, `8` 0.258, `6` 0.244; the `8` verified by chance.
  it('undoes a correction where the decoding gave a third character at least RIVAL_BOUNDS.minShare of the correction', () => {
    const out = refuteByRivals('TD3', lines, [correction], altsAt(5, [{ char: '8', p: 0.343 }, { char: '0', p: 0.258 }, { char: '6', p: 0.244 }]));
    expect(out).toEqual({ lines: misread, corrected: [] });
    expect(RIVAL_BOUNDS.minShare).toBeLessThan(0.244 / 0.258);
  });

  // The French residence card blurred by 1.5 px: its composite's `O` corrected to `0` (0.366), `B` at 0.263.
  it('keeps it where the third character lies below that share or below minP, or the position has no alternatives', () => {
    expect(refuteByRivals('TD3', lines, [correction], altsAt(5, [{ char: '8', p: 0.367 }, { char: '0', p: 0.366 }, { char: '6', p: 0.263 }])).corrected).toEqual([correction]);
    // A correction the decoding all but excluded (taken on the glyph's measured shape) and a third as unlikely.
    expect(refuteByRivals('TD3', lines, [correction], altsAt(5, [{ char: '8', p: 0.989 }, { char: '0', p: 0.003 }, { char: '6', p: 0.003 }])).corrected).toEqual([correction]);
    expect(refuteByRivals('TD3', lines, [correction], altsAt(5, [])).corrected).toEqual([correction]);
  });

  it('leaves fields the composite seconds (a date) alone', () => {
    const date = { field: 'expiryDate' as const, from: '7204159', to: '1204159' };
    const out = refuteByRivals('TD3', lines, [date], altsAt(21, [{ char: '7', p: 0.4 }, { char: '1', p: 0.3 }, { char: '4', p: 0.25 }]));
    expect(out.corrected).toEqual([date]);
  });

  it('weighs each such correction with the correction\'s probability and the strongest third character (weighRivals)', () => {
    const weighed = weighRivals('TD3', lines, [correction], altsAt(5, [{ char: '8', p: 0.343 }, { char: '0', p: 0.258 }, { char: '6', p: 0.244 }, { char: 'B', p: 0.1 }]));
    expect(weighed).toEqual([
      { correction, weighed: { field: 'documentNumber', from: correction.from, to: correction.to, changes: [{ line: 1, index: 5, from: '8', to: '0', p: 0.258, rival: { char: '6', p: 0.244 } }], refutedBy: null } },
    ]);
    expect(rivalRefutes(weighed[0]!.weighed.changes[0]!)).toBe(true);
    // No alternatives: p 0 and no rival, which refutes nothing; a date (seconded by the composite) is not weighed.
    expect(weighRivals('TD3', lines, [correction], altsAt(5, []))[0]?.weighed.changes).toEqual([{ line: 1, index: 5, from: '8', to: '0', p: 0, rival: null }]);
    expect(rivalRefutes({ line: 1, index: 5, from: '8', to: '0', p: 0, rival: { char: '6', p: 0.5 } })).toBe(false);
    expect(weighRivals('TD3', lines, [{ field: 'expiryDate', from: '7204159', to: '1204159' }], altsAt(21, []))).toEqual([]);
  });
});

describe('undoWhereCompositeFails (step 12: field corrections the composite contradicts)', () => {
  // ICAO's specimen: expiry 120415 (digit 9). Printed with its expiry changed to 120416 after the digits were
  // computed, read with its 1 "corrected" to a 4, which makes the date's own digit verify by chance (120446) and
  // leaves the composite failing.
  const printed = mutate(UTOPIA.TD3, 1, 26, '6');
  const corrected = mutate(printed, 1, 25, '4');
  const correction = { field: 'expiryDate' as const, from: '1204169', to: '1204469' };

  it('undoes a date correction while the composite fails, so that the date fails again', () => {
    const out = undoWhereCompositeFails('TD3', corrected, [correction]);
    expect(out).toEqual({ lines: printed, corrected: [] });
  });

  it('keeps corrections when the composite verifies (the specimen read with its expiry 1 as 7)', () => {
    const misread = { field: 'expiryDate' as const, from: '7204159', to: '1204159' };
    expect(undoWhereCompositeFails('TD3', [...UTOPIA.TD3], [misread])).toEqual({ lines: [...UTOPIA.TD3], corrected: [misread] });
  });
});

describe('singleProofGroups (check digits the composite does not second)', () => {
  it('is the document number everywhere, the TD3 personal number, and the composite', () => {
    const of = (format: 'TD1' | 'TD2' | 'TD3') => [...singleProofGroups(checksOf(format, ['', '', '']))].sort();
    expect(of('TD1')).toEqual(['composite', 'documentNumber']);
    expect(of('TD2')).toEqual(['composite', 'documentNumber']);
    expect(of('TD3')).toEqual(['composite', 'documentNumber', 'personalNumber']);
  });
});
