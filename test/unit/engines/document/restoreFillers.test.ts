import { describe, expect, it } from 'vitest';
import { glyphHeights } from '../../../../functions/engines/document/image/glyphHeights.ts';
import { RESTORED_PADDING_MIN_SUPPORT, restoreFillers, restorePadding, takesRestoredPadding } from '../../../../functions/engines/document/reading/restoreFillers.ts';
import { restoreNameFillers, restoreSeparator } from '../../../../functions/engines/document/reading/restoreSeparator.ts';
import { drawGlyphLine as drawLine, UTOPIA } from './fixtures.ts';

const FRAME = 8;

/** Each character emitted at both of its two frames: centred on its glyph. */
const framesOf = (n: number) => Array.from({ length: n }, (_, i) => [2 * i, 2 * i + 1]);

describe('glyphHeights', () => {
  it('measures each glyph at half its darkness, sharp or blurred, within half a pixel', () => {
    const heights = [30, 24, 30, 20, 12];
    for (const blur of [0, 2]) {
      const measured = glyphHeights(drawLine(heights.map((h) => ({ h })), blur), framesOf(heights.length), { framePixels: FRAME });
      measured.forEach((m, i) => expect(Math.abs((m as number) - (heights[i] as number))).toBeLessThanOrEqual(0.5));
    }
  });
  it('gives a T its full height, though its stem holds little of the ink', () => {
    const [t] = glyphHeights(drawLine([{ h: 30, shape: 'T' }, { h: 30 }]), framesOf(2), { framePixels: FRAME });
    expect(t).toBeGreaterThan(29);
  });
  it('with the rows the recogniser read, follows a glyph beyond them and leaves out ink of another line', () => {
    // Glyphs 30 high (rows 9-38 of 48); the recogniser read rows 12-36 only, and rows 0-3 hold a neighbouring line's
    // ink, beyond a gap.
    const image = drawLine([{ h: 30 }, { h: 30 }]);
    for (let y = 0; y < 4; y++) image.data.fill(30, y * image.width * 3, (y + 1) * image.width * 3);
    const whole = glyphHeights(image, framesOf(2), { framePixels: FRAME });
    expect(whole[0]).toBeGreaterThan(35);
    const banded = glyphHeights(image, framesOf(2), { framePixels: FRAME, lineRows: [12, 36] });
    banded.forEach((m) => expect(Math.abs((m as number) - 30)).toBeLessThanOrEqual(0.5));
  });
  it('leaves positions without frames unmeasured, and a line without two placed characters', () => {
    const image = drawLine([{ h: 30 }, { h: 24 }, { h: 30 }]);
    expect(glyphHeights(image, [[0, 1], [], [4, 5]], { framePixels: FRAME })[1]).toBeNull();
    expect(glyphHeights(image, [[0, 1], [], []], { framePixels: FRAME })).toEqual([null, null, null]);
  });
});

describe('restoreFillers', () => {
  const names = [{ start: 5, end: 26 }];
  // P<UTO then a name field, some of whose fillers were read as C; heights: letters 30, fillers 24.
  const truth = 'P<UTOCHEN<<LUCAS<AHMED<<<<';
  const read = 'P<UTOCHENCCLUCASCAHMED<<<C';
  const heights: number[] = [...truth].map((ch) => (ch === '<' ? 24 : 30));
  it('turns the filler-sized Cs of a name field into fillers and keeps the letter-sized ones', () => {
    const r = restoreFillers(read, heights, names);
    expect(r.text).toBe(truth);
    expect(r.restored).toEqual([9, 10, 16, 25]);
  });
  it('keeps a C whose height is more than maxShare of the way to the letters', () => {
    const h = [...heights];
    h[16] = 24 + 0.4 * 6;
    expect(restoreFillers(read, h, names).text).toBe('P<UTOCHEN<<LUCASCAHMED<<<<');
    h[16] = 24 + 0.3 * 6;
    expect(restoreFillers(read, h, names).text).toBe(truth);
  });
  it('changes nothing outside the name fields, nor without enough fillers and letters to compare, nor when they are as tall', () => {
    expect(restoreFillers(read, heights, [{ start: 11, end: 20 }]).text).toBe('P<UTOCHENCCLUCAS<AHMED<<<C');
    // Only two fillers read as such: too few to know the filler height.
    const fewFillers = 'PCUTOCHENCCLUCASCAHMED<<CC';
    expect(restoreFillers(fewFillers, heights, names)).toEqual({ text: fewFillers, restored: [] });
    const flat = heights.map(() => 30);
    expect(restoreFillers(read, flat, names).restored).toEqual([]);
    expect(restoreFillers(read, heights.map((h, i) => (i === 9 ? null : h)), names).restored).toEqual([10, 16, 25]);
  });
  it('turns a filler-sized K into a filler only where the recogniser also doubted it', () => {
    // `YUKI<ANNA<<<` read `YUKI<ANNAK<<` (synthetic seed 31 syn-0029, clean): the K measured 28 px, the fillers 30-36,
    // the letters 41; a genuine K of a blurred line measures as low, but then the recogniser does not doubt it.
    const kTruth = 'P<UTOKIM<<YUKI<ANNA<<<<<<';
    const kRead = 'P<UTOKIM<<YUKI<ANNAK<<<<<';
    const kHeights: number[] = [...kTruth].map((ch) => (ch === '<' ? 24 : 30));
    kHeights[5] = 23;
    const kNames = [{ start: 5, end: 25 }];
    // The K of KIM measures filler-sized too, read with certainty; the K after ANNA is doubted.
    expect(restoreFillers(kRead, kHeights, kNames, alternativesOf(kRead, { 19: 0.2 }))).toEqual({ text: kTruth, restored: [19] });
    expect(restoreFillers(kRead, kHeights, kNames).restored).toEqual([]);
    const tall = kHeights.map((h, i) => (i === 19 ? 30 : h));
    expect(restoreFillers(kRead, tall, kNames, alternativesOf(kRead, { 19: 0.2 })).restored).toEqual([]);
  });
});

describe('restorePadding', () => {
  const [line1, line2] = UTOPIA.TD3;
  const sized = (line: string) => [...line].map((ch) => (ch === '<' ? 24 : 30));
  // The personal number's padding (positions 37-41) read as 4s; the glyphs are filler-sized.
  const read2 = `${line2.slice(0, 37)}44444${line2.slice(42)}`;
  it('turns filler-sized characters of the personal number into fillers', () => {
    expect(restorePadding('TD3', [line1, read2], [sized(line1), sized(line2)])).toEqual([line1, line2]);
  });
  it('takes the filler height from the other line when the line has too few fillers read', () => {
    const all4 = `${line2.slice(0, 28)}${'4'.repeat(15)}${line2.slice(43)}`;
    const h2 = [...line2].map((_, i) => (i >= 28 && i < 43 ? 24 : 30));
    const out = restorePadding('TD3', [line1, all4], [sized(line1), h2]);
    expect(out?.[1]).toBe(`${line2.slice(0, 28)}${'<'.repeat(15)}${line2.slice(43)}`);
  });
  it('leaves letter-sized data, fields without padding, and lines without an image alone', () => {
    expect(restorePadding('TD3', [line1, read2], [sized(line1), [...read2].map(() => 30)])).toBeNull();
    // A filler-sized date digit is not in a padded field.
    const h = sized(line2);
    h[14] = 24;
    expect(restorePadding('TD3', [line1, line2], [sized(line1), h])).toBeNull();
    expect(restorePadding('TD3', [line1, read2], [sized(line1), null])).toBeNull();
    // Padding follows the data: a filler-sized character inside it stays.
    const inner = sized(line2);
    inner[30] = 24;
    expect(restorePadding('TD3', [line1, line2], [sized(line1), inner])).toBeNull();
    // Characters no check digit can tell from a filler (0, A, K, U) stop the walk, however small.
    const invisible = `${line2.slice(0, 37)}0AKU4${line2.slice(42)}`;
    expect(restorePadding('TD3', [line1, invisible], [sized(line1), sized(line2)])?.[1]).toBe(`${line2.slice(0, 37)}0AKU<${line2.slice(42)}`);
  });
});

/** Alternatives: every position read with certainty, except those given (char read, filler probability). */
const alternativesOf = (text: string, doubtful: Record<number, number>) =>
  [...text].map((ch, i) => {
    const filler = doubtful[i];
    if (filler === undefined) return [{ char: ch, p: 0.995 }, { char: ch === '<' ? 'K' : '<', p: 0.005 }];
    return [{ char: ch, p: 1 - filler }, { char: '<', p: filler }];
  });
const TD1_NAME = [{ start: 0, end: 30 }];

describe('restoreSeparator', () => {

  it('turns back into a filler the letter that hid the surname separator, when the filler was its likely rival', () => {
    const read = 'KOWALSKIK<KARL<<<<<<<<<<<<<<<<';
    expect(restoreSeparator(read, alternativesOf(read, { 8: 0.3 }), TD1_NAME)).toEqual({ text: 'KOWALSKI<<KARL<<<<<<<<<<<<<<<<', restored: 8 });
    const after = 'MARTIN<KCHRISTELLE<HELENE<LAUR';
    expect(restoreSeparator(after, alternativesOf(after, { 7: 0.42 }), TD1_NAME).text).toBe('MARTIN<<CHRISTELLE<HELENE<LAUR');
  });
  it('takes the likeliest of several candidates', () => {
    const read = 'VAN<KOWALSKIK<KARL<<<<<<<<<<<<';
    expect(restoreSeparator(read, alternativesOf(read, { 4: 0.3, 12: 0.4 }), TD1_NAME).restored).toBe(12);
  });
  it('leaves a name that has a separator, a letter read with certainty, and a filler next to the trailing run', () => {
    const withSeparator = 'ERIKSSON<<ANNA<MARIAK<<<<<<<<<';
    expect(restoreSeparator(withSeparator, alternativesOf(withSeparator, { 20: 0.45 }), TD1_NAME)).toEqual({ text: withSeparator, restored: null });
    const certain = 'KOWALSKIK<KARL<<<<<<<<<<<<<<<<';
    expect(restoreSeparator(certain, alternativesOf(certain, {}), TD1_NAME).restored).toBeNull();
    const single = 'SUKARNOK<<<<<<<<<<<<<<<<<<<<<<';
    expect(restoreSeparator(single, alternativesOf(single, { 7: 0.45 }), TD1_NAME).restored).toBeNull();
  });
  it('acts only inside the name fields', () => {
    const td3 = 'P<UTOKOWALSKIK<KARL<<<<<<<<<<<<<<<<<<<<<<<<<';
    expect(restoreSeparator(td3, alternativesOf(td3, { 13: 0.3 }), [{ start: 5, end: 44 }]).text).toBe('P<UTOKOWALSKI<<KARL<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(restoreSeparator(td3, alternativesOf(td3, { 13: 0.3 }), []).restored).toBeNull();
  });
});

describe('restoreNameFillers', () => {
  it('turns back into fillers the doubted letters before a filler, from the field end, so that runs go whole', () => {
    // Ratios of the filler's probability to the letter's: 0.064 and 0.19 after the name, 0.43 inside the filler run.
    const read = 'NGUYEN<<OLGASS<<<<<<<<<<<<S<S<';
    expect(restoreNameFillers(read, alternativesOf(read, { 12: 0.06, 13: 0.16, 28: 0.3 }), TD1_NAME)).toEqual({
      text: 'NGUYEN<<OLGA<<<<<<<<<<<<<<S<<<',
      restored: [28, 13, 12],
    });
    // Fillers read as C to the field's end (synthetic seed 99 syn-0026).
    const ccc = 'P<UTOKOWALSKI<<ELENACCCCCECCCCCCCCCCCCCCCCCC';
    const doubtful = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [20 + i, 0.2]));
    expect(restoreNameFillers(ccc, alternativesOf(ccc, doubtful), [{ start: 5, end: 44 }]).text).toBe('P<UTOKOWALSKI<<ELENA<<<<<<<<<<<<<<<<<<<<<<<<');
  });
  it('leaves letters read with certainty or just below minRatio, letters before a letter, every K, and other fields', () => {
    const certain = 'NGUYEN<<OLGAS<<<<<<<<<<<<<<<<<';
    expect(restoreNameFillers(certain, alternativesOf(certain, {}), TD1_NAME).restored).toEqual([]);
    // 0.045 / 0.955: a ratio of 0.047.
    expect(restoreNameFillers(certain, alternativesOf(certain, { 12: 0.045 }), TD1_NAME).restored).toEqual([]);
    // The X that starts a given name, doubted (probe seed 6 probe-0029), and a C before a letter stay.
    const xavier = 'HOLM<<XAVIER<<<<<<<<<<<<<<<<<<';
    expect(restoreNameFillers(xavier, alternativesOf(xavier, { 6: 0.2 }), TD1_NAME).text).toBe(xavier);
    const k = 'NGUYEN<<ANNAK<<<<<<<<<<<<<<<<<';
    expect(restoreNameFillers(k, alternativesOf(k, { 12: 0.4 }), TD1_NAME).text).toBe(k);
    const td3 = 'P<UTOERIKSSON<<ANNAS<<<<<<<<<<<<<<<<<<<<<<<<';
    expect(restoreNameFillers(td3, alternativesOf(td3, { 2: 0.3, 19: 0.2 }), [{ start: 5, end: 44 }]).text).toBe('P<UTOERIKSSON<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(restoreNameFillers(td3, alternativesOf(td3, { 19: 0.2 }), []).text).toBe(td3);
  });
});

describe('takesRestoredPadding', () => {
  const fix = { field: 'personalNumber', from: '0', to: 'O' };
  it('takes restored fillers that verify as read', () => {
    expect(takesRestoredPadding({ checkRate: 0.75, corrected: [] }, { checkRate: 1, corrected: [] }, 0)).toBe(true);
    expect(takesRestoredPadding({ checkRate: 1, corrected: [fix] }, { checkRate: 1, corrected: [] }, 0)).toBe(true);
  });

  it('takes restored fillers mended by a correction only where the reading as decoded needed as many', () => {
    // probe seed 11 `probe-0030`: both readings verify through one correction; the glyph heights decide.
    expect(takesRestoredPadding({ checkRate: 1, corrected: [fix] }, { checkRate: 1, corrected: [fix] }, 0)).toBe(true);
    expect(takesRestoredPadding({ checkRate: 1, corrected: [fix] }, { checkRate: 1, corrected: [fix, fix] }, 1)).toBe(false);
    // A reading that verifies as decoded keeps its characters.
    expect(takesRestoredPadding({ checkRate: 1, corrected: [] }, { checkRate: 1, corrected: [fix] }, 1)).toBe(false);
    expect(takesRestoredPadding({ checkRate: 0.8, corrected: [] }, { checkRate: 1, corrected: [fix] }, 1)).toBe(false);
  });

  it('between two readings that verify as read, takes the fillers only where the recogniser doubted the characters', () => {
    // The independent generator's card seen obliquely: `…262196<` verified, and so did `…262<<<<` (composite, 1 in
    // 10); the recogniser gave the filler at most 5e-6 at the far end's filler-sized digits.
    expect(takesRestoredPadding({ checkRate: 1, corrected: [] }, { checkRate: 1, corrected: [] }, 5e-6)).toBe(false);
    expect(takesRestoredPadding({ checkRate: 1, corrected: [] }, { checkRate: 1, corrected: [] }, RESTORED_PADDING_MIN_SUPPORT)).toBe(true);
  });

  it('never takes restored fillers whose check digits fail', () => {
    expect(takesRestoredPadding({ checkRate: 0.5, corrected: [fix] }, { checkRate: 0.75, corrected: [] }, 1)).toBe(false);
  });
});
