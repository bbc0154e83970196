import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { cropQuad, rectifyQuad } from '../../../../functions/engines/document/image/cropQuad.ts';
import { estimateLineSlant, SLANT_MAX, SLANT_MIN, slantedQuad, slantSpans, uprightQuad } from '../../../../functions/engines/document/image/estimateSlant.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { UTOPIA } from './fixtures.ts';

const WIDTH = 2200;
const HEIGHT = 200;
const BASELINE = 130;
/** Font size of the drawn lines: OCR-B capitals about 45 px high, 46 px apart (advance 0.718 em). */
const FONT_PX = 64;
/** The drawn line's box as a text detector gives it: the capitals with a margin, from the first to the last character. */
const LINE: Quad = [
  { x: 50, y: 75 },
  { x: 2110, y: 75 },
  { x: 2110, y: 145 },
  { x: 50, y: 145 },
];

/**
 * `text` drawn in Debian's OCR-B (fonts-ocr-b, as the synthetic documents are) from x = 60 on a white image, sheared
 * about its baseline so that a vertical stroke's top stands `slant` times its height further right (an italic lean).
 */
async function drawnLine(text: string, slant: number): Promise<RgbImage> {
  const escaped = text.replace(/</g, '&lt;');
  const skew = (-Math.atan(slant) * 180) / Math.PI;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f4f1ea"/><g transform="translate(0 ${BASELINE}) skewX(${skew}) translate(0 ${-BASELINE})"><text x="60" y="${BASELINE}" font-family="OCR B" font-size="${FONT_PX}" fill="#202020">${escaped}</text></g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('estimateLineSlant', () => {
  it('finds no slant in an upright line, and uprightQuad keeps its quad', async () => {
    const image = await drawnLine(UTOPIA.TD3[1], 0);
    expect(estimateLineSlant(image, LINE)).toMatchObject({ start: 0, end: 0 });
    expect(uprightQuad(image, LINE)).toBe(LINE);
  });

  it.each([0.15, -0.2])('measures a line leaning by %d at both ends, within 0.04', async (slant) => {
    const image = await drawnLine(UTOPIA.TD3[1], slant);
    const measured = estimateLineSlant(image, LINE);
    expect(Math.abs(measured.start - slant)).toBeLessThanOrEqual(0.04);
    expect(Math.abs(measured.end - slant)).toBeLessThanOrEqual(0.04);
  });

  it('reads a leaning line upright through uprightQuad: its crop measures no slant left', async () => {
    const image = await drawnLine(UTOPIA.TD3[1], 0.2);
    const leaning = uprightQuad(image, LINE);
    expect(leaning).not.toBe(LINE);
    expect(uprightQuad(image, LINE)).toEqual(leaning);
    const crop = cropQuad(image, leaning, 2060, 70);
    const left = estimateLineSlant(crop, [{ x: 0, y: 0 }, { x: 2060, y: 0 }, { x: 2060, y: 70 }, { x: 0, y: 70 }]);
    expect(Math.abs(left.start)).toBeLessThan(SLANT_MIN);
    expect(Math.abs(left.end)).toBeLessThan(SLANT_MIN);
  });

  it('takes no slant from an upright run of fillers, whose diagonals lean either way', async () => {
    const image = await drawnLine('<'.repeat(44), 0);
    expect(estimateLineSlant(image, LINE)).toMatchObject({ start: 0, end: 0 });
  });

  it('takes no slant where the profile peaks at the edge of the range (strokes leaning beyond SLANT_MAX)', async () => {
    const image = await drawnLine('I'.repeat(44), SLANT_MAX + 0.3);
    expect(estimateLineSlant(image, LINE)).toMatchObject({ start: 0, end: 0 });
    // Within the range the same strokes are measured.
    expect(Math.abs(estimateLineSlant(await drawnLine('I'.repeat(44), 0.3), LINE).start - 0.3)).toBeLessThanOrEqual(0.04);
  });

  it('measures a names line where its letters end, not in its trailing fillers', async () => {
    const names = 'P<UTOERIKSSON<<ANNA<MARIA<LOUIS<<<<<<<<<<<<<';
    // The letters lean by 0.2, the fillers after them stand upright (as a photo's blurred far end of fillers gives no
    // slant): drawn as two runs, the fillers from the 32nd character's place on (OCR-B advances 0.718 em).
    const letters = await drawnLine(names.slice(0, 31), 0.2);
    const fillers = await drawnLine(' '.repeat(31) + names.slice(31), 0);
    const image: RgbImage = { ...letters, data: letters.data.map((v, i) => Math.min(v, fillers.data[i] as number)) };
    // Over the fixed last 30% (fillers only) the end measures upright.
    expect(estimateLineSlant(image, LINE).end).toBe(0);
    const spans = slantSpans(names);
    expect(spans?.end[1]).toBeCloseTo(31 / 44, 9);
    const measured = estimateLineSlant(image, LINE, spans);
    expect(Math.abs(measured.end - 0.2)).toBeLessThanOrEqual(0.04);
    expect(measured.endAt).toBeCloseTo(((spans?.end[0] ?? 0) + (spans?.end[1] ?? 0)) / 2, 9);
    // uprightQuad leans the line by about 0.2 at its start and where its letters end (the lean along it is linear).
    const leaning = uprightQuad(image, LINE, names);
    const atStart = (leaning[0].x - leaning[3].x) / 70, atEnd = (leaning[1].x - leaning[2].x) / 70;
    expect(Math.abs(atStart - 0.2)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(atStart + (31 / 44) * (atEnd - atStart) - 0.2)).toBeLessThanOrEqual(0.05);
  });

  it('measures nothing on a line too short for its height', () => {
    const image: RgbImage = { width: 100, height: 100, data: new Uint8Array(100 * 100 * 3).fill(200) };
    expect(estimateLineSlant(image, [{ x: 10, y: 10 }, { x: 60, y: 10 }, { x: 60, y: 50 }, { x: 10, y: 50 }])).toMatchObject({ start: 0, end: 0 });
  });
});

describe('slantedQuad', () => {
  /** A line 1000 px long and 40 px high, along the x axis. */
  const q: Quad = [
    { x: 0, y: 0 },
    { x: 1000, y: 0 },
    { x: 1000, y: 40 },
    { x: 0, y: 40 },
  ];

  it('moves the top corners along the line by half the slant times the height, the bottom ones back', () => {
    expect(slantedQuad(q, { start: 0.2, end: 0.2 })).toEqual([
      { x: 4, y: 0 },
      { x: 1004, y: 0 },
      { x: 996, y: 40 },
      { x: -4, y: 40 },
    ]);
    // Slants measured at the spans' centres (15% and 85% of the length) are extended linearly to the ends.
    const apart = slantedQuad(q, { start: 0.2, end: -0.2 });
    expect(apart[0].x).toBeCloseTo(4 + (0.4 / 0.7) * 0.15 * 20, 9);
    expect(apart[1].x).toBeCloseTo(1000 - (4 + (0.4 / 0.7) * 0.15 * 20), 9);
    expect(apart[0].y).toBe(0);
    expect(apart[3].y).toBe(40);
  });

  it('extends slants measured elsewhere along the line to its ends, within SLANT_MAX', () => {
    // Measured at 10% and 50% of the length: 0.1 and 0.2, so 0.075 at the start and 0.325 at the end.
    const q1 = slantedQuad(q, { start: 0.1, end: 0.2, startAt: 0.1, endAt: 0.5 });
    expect(q1[0].x).toBeCloseTo(0.075 * 20, 9);
    expect(q1[1].x).toBeCloseTo(1000 + 0.325 * 20, 9);
    // Extended beyond the range measured, the end stops at SLANT_MAX.
    const q2 = slantedQuad(q, { start: 0.1, end: 0.3, startAt: 0.1, endAt: 0.3 });
    expect(q2[1].x).toBeCloseTo(1000 + SLANT_MAX * 20, 9);
  });
});

describe('slantSpans', () => {
  it('spans 30% of the line at its start and up to its last character other than a filler', () => {
    expect(slantSpans('P<FRAMARTIN<<MAELYS<GAELLE<MARIE<<<<<<<<<<<<')).toEqual({ start: [0, 13 / 44], end: [19 / 44, 32 / 44] });
    expect(slantSpans('ERIKSSON<<ANNA<MARIA<<<<<<<<<<')).toEqual({ start: [0, 9 / 30], end: [11 / 30, 20 / 30] });
    // Ending in no filler, or too few characters for two spans apart: the fixed shares (null).
    expect(slantSpans('8610164X3409257UTO<<<<<<<<<<<5')).toBeNull();
    expect(slantSpans('SMITH<<JOHN<<<<<<<<<<<<<<<<<<<')).toBeNull();
    expect(slantSpans('I<UTO' + '<'.repeat(25))).toBeNull();
  });
});

describe('cropQuad', () => {
  it('samples a quad that is no parallelogram through the homography of its corners', () => {
    const image: RgbImage = { width: 64, height: 64, data: Uint8Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7) % 251) };
    const trapezoid: Quad = [
      { x: 10, y: 10 },
      { x: 50, y: 12 },
      { x: 54, y: 40 },
      { x: 8, y: 38 },
    ];
    expect(cropQuad(image, trapezoid, 30, 20)).toEqual(rectifyQuad(image, trapezoid, 30, 20));
  });
});
