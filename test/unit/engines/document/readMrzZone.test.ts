import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import type { LineRecognizer } from '../../../../functions/engines/document/ocr/lineRecognizer.ts';
import type { DetectedBox } from '../../../../functions/engines/document/ocr/paddle/dbPostprocess.ts';
import { chooseByArbiter, chooseReading, NAME_VIEWS, NAME_VIEWS_MAX_MARGIN, readMrzZone, readOnce, WITNESS_SHARE } from '../../../../functions/engines/document/reading/readMrzZone.ts';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { MRZ_CLASSES } from '../../../../functions/engines/document/ocr/ctc/lineProbabilities.ts';
import { ctcFrames, drawGlyphLine, lineBox, mutate, UTOPIA } from './fixtures.ts';

const IMAGE: RgbImage = { width: 1000, height: 700, data: new Uint8Array(1000 * 700 * 3) };
const MRZ_BOXES: DetectedBox[] = [
  { quad: lineBox(560), score: 0.9 },
  { quad: lineBox(610), score: 0.9 },
];

/**
 * A recogniser reading each quad as `textAt` its centre's height (px), confidence 0.9, recording every call's mode and
 * the rounded centre heights of its quads.
 */
function recordingRecognizer(textAt: (y: number) => string): { recognizer: LineRecognizer; calls: Array<{ mode: string; rows: number[] }> } {
  const calls: Array<{ mode: string; rows: number[] }> = [];
  const recognizer: LineRecognizer = {
    id: 'fake',
    read: async (_image, quads, mode = 'line') => {
      calls.push({ mode, rows: quads.map((q) => Math.round((q[0].y + q[2].y) / 2)) });
      return quads.map((q) => ({ kind: 'text' as const, text: textAt((q[0].y + q[2].y) / 2), confidence: 0.9 }));
    },
  };
  return { recognizer, calls };
}

/** The two lines of {@link MRZ_BOXES} as the detector boxes them when it stops at `right` (x, px) instead of 940. */
function shortMrzBoxes(right: number): DetectedBox[] {
  return [560, 610].map((y) => ({
    quad: [
      { x: 60, y },
      { x: right, y },
      { x: right, y: y + 30 },
      { x: 60, y: y + 30 },
    ],
    score: 0.9,
  }));
}

/**
 * A text recogniser (confidence 0.9) reading the upper or lower of the two `lines` by the box's height in the image,
 * as `shown` gives it for the crop's width (px); it records every width it was asked for.
 */
function widthRecognizer(lines: readonly string[], shown: (full: string, width: number) => string): { recognizer: LineRecognizer; widths: number[] } {
  const widths: number[] = [];
  const recognizer: LineRecognizer = {
    id: 'fake',
    read: async (_image, quads) =>
      quads.map((q) => {
        const width = q[1].x - q[0].x;
        widths.push(width);
        const full = (q[0].y + q[2].y) / 2 < 600 ? (lines[0] as string) : (lines[1] as string);
        return { kind: 'text' as const, text: shown(full, width), confidence: 0.9 };
      }),
  };
  return { recognizer, widths };
}

/** A recogniser returning the TD3 specimen's lines as text, by the box's height in the image. */
const recognizer: LineRecognizer = {
  id: 'fake',
  read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? UTOPIA.TD3[0] : UTOPIA.TD3[1], confidence: 0.9 })),
};

describe('readMrzZone', () => {
  it('searches again with the detector at the fallback side when the first detection finds no MRZ', async () => {
    const sides: Array<number | undefined> = [];
    // The first detection (default side) finds no MRZ line; only the larger one does (a small, blurred capture).
    const detect = async (_image: RgbImage, side?: number) => {
      sides.push(side);
      return side === 1600 ? MRZ_BOXES : [];
    };
    const reading = await readMrzZone(IMAGE, { detect, recognizer });
    expect(sides).toEqual([undefined, 1600]);
    expect(reading?.format).toBe('TD3');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
  });
  it('does not search again when the first detection finds the MRZ, nor when the fallback is off', async () => {
    const sides: Array<number | undefined> = [];
    const found = await readMrzZone(IMAGE, { detect: async (_i, side) => (sides.push(side), MRZ_BOXES), recognizer });
    expect(found?.format).toBe('TD3');
    expect(sides).toEqual([undefined]);
    const none = await readMrzZone(IMAGE, { detect: async (_i, side) => (side === 1600 ? MRZ_BOXES : []), recognizer }, { fallbackSides: [] });
    expect(none).toBeNull();
  });
  it('tries the fallback sides in turn and stops at the first that finds the MRZ', async () => {
    const sides: Array<number | undefined> = [];
    const detect = async (_image: RgbImage, side?: number) => (sides.push(side), side === 2400 ? MRZ_BOXES : []);
    expect((await readMrzZone(IMAGE, { detect, recognizer }))?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(sides).toEqual([undefined, 1600, 2400]);
    sides.length = 0;
    expect(await readMrzZone(IMAGE, { detect, recognizer }, { fallbackSides: [1600] })).toBeNull();
    expect(sides).toEqual([undefined, 1600]);
  });
  it('searches again at the fallback sides when the first detection gives only a reading too damaged to use', async () => {
    // At the default side the lines read with the number, birth and expiry digits failing (1 of 5 verifying: a card's
    // lines cut short and read as another format, blind print seed 55 `073`); at 1600 px they read whole.
    const damaged = mutate(mutate(mutate(UTOPIA.TD3, 1, 9, '7'), 1, 19, '3'), 1, 27, '1');
    let side: number | undefined;
    const sides: Array<number | undefined> = [];
    const detect = async (_image: RgbImage, s?: number) => (sides.push(s), (side = s), MRZ_BOXES);
    const reader: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: ((side === undefined ? damaged : UTOPIA.TD3)[(q[0].y + q[2].y) / 2 < 600 ? 0 : 1]) as string, confidence: 0.9 })),
    };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: reader }, { minSkewDeg: 90 });
    expect(sides.slice(0, 2)).toEqual([undefined, 1600]);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    // Damaged at every side: each fallback side is tried in turn.
    sides.length = 0;
    const alwaysDamaged: LineRecognizer = { id: 'fake', read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: damaged[(q[0].y + q[2].y) / 2 < 600 ? 0 : 1] as string, confidence: 0.9 })) };
    expect((await readMrzZone(IMAGE, { detect, recognizer: alwaysDamaged }, { minSkewDeg: 90 }))?.checkRate).toBeLessThan(0.5);
    expect(sides.slice(0, 3)).toEqual([undefined, 1600, 2400]);
    // Without the fallback the damaged reading is all there is.
    side = undefined;
    expect((await readMrzZone(IMAGE, { detect: async () => ((side = undefined), MRZ_BOXES), recognizer: reader }, { fallbackSides: [], minSkewDeg: 90 }))?.checkRate).toBeLessThan(0.5);
  });
  it('goes on past page text read as MRZ text to the MRZ lines further down the candidates (a specimen on a web page)', async () => {
    // Eight paragraph lines, more elongated than the MRZ lines, that the recogniser reads as MRZ characters (the own
    // recogniser knows no others: the blind specimen set's screenshots); the MRZ lines come 9th and 10th.
    const paragraphs: DetectedBox[] = Array.from({ length: 8 }, (_, i) => ({
      quad: [
        { x: 20, y: 40 + 50 * i },
        { x: 980, y: 40 + 50 * i },
        { x: 980, y: 64 + 50 * i },
        { x: 20, y: 64 + 50 * i },
      ],
      score: 0.9,
    }));
    const { recognizer: page, calls } = recordingRecognizer((y) => (y < 550 ? 'CUCKOP01B0B0OTOBVB1BF0BFVBFSO0OFU0BSPBCU00BL' : y < 600 ? UTOPIA.TD3[0] : UTOPIA.TD3[1]));
    const detect = async () => [...paragraphs, ...MRZ_BOXES];
    const reading = await readMrzZone(IMAGE, { detect, recognizer: page }, { fallbackSides: [] });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    // The first pair of paragraphs is taken for anchors and its rows read in windows (no reading comes of them); the
    // paragraphs after it hold no filler pair, are not taken for anchors, and their rows are never read so.
    expect(calls[0]).toEqual({ mode: 'line', rows: [52, 102] });
    const windowed = calls.filter((c) => c.mode === 'windows').flatMap((c) => c.rows.filter((y) => y < 550));
    expect(windowed.length).toBeGreaterThan(0);
    expect(windowed.every((y) => y <= 102 + 3.2 * 24)).toBe(true);
    // Six candidates (the value until the forty-fourth session) never reach the MRZ lines.
    expect(await readMrzZone(IMAGE, { detect, recognizer: page }, { fallbackSides: [], maxCandidates: 6 })).toBeNull();
  });
  // Blind specimen seed 56 `043`: a visa whose data line the detector boxed together with a stamp across it. The box,
  // 69 px high against the name line's 30, came in a later pair of candidates than the name line.
  it('stacks the anchors of a later pair of candidates with those found before', async () => {
    const box = (y: number, height: number, x0 = 60, x1 = 940): DetectedBox => ({
      quad: [
        { x: x0, y },
        { x: x1, y },
        { x: x1, y: y + height },
        { x: x0, y: y + height },
      ],
      score: 0.9,
    });
    // The name line, a heading read as no MRZ text, a short line, the data line boxed tall with the stamp.
    const boxes = [box(560, 30), box(100, 20, 60, 700), box(200, 20, 60, 400), box(585, 80)];
    const { recognizer: read, calls } = recordingRecognizer((y) => (y < 150 ? 'SPECIMEN VISA' : y < 300 ? 'ENTRY' : y < 600 ? UTOPIA.TD2[0] : UTOPIA.TD2[1]));
    const reading = await readMrzZone(IMAGE, { detect: async () => boxes, recognizer: read }, { fallbackSides: [] });
    expect(calls[0]).toEqual({ mode: 'line', rows: [110, 575] });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD2);
  });

  // Blind photo seed 57 `0138`: the data line read whole misread the birth date; read in windows, a `0` of the
  // personal number as `O`. Each reading verifies what the other fails.
  it('splices the rows read whole and in windows where each verifies what the other fails', async () => {
    const whole = mutate(UTOPIA.TD3, 1, 15, '9');
    const windows = mutate(UTOPIA.TD3, 1, 33, '7');
    const read: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads, mode = 'line') =>
        quads.map((q) => {
          const lines = mode === 'windows' ? windows : whole;
          return { kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? (lines[0] as string) : (lines[1] as string), confidence: mode === 'windows' ? 0.95 : 0.9 };
        }),
    };
    const reading = await readMrzZone(IMAGE, { detect: async () => MRZ_BOXES, recognizer: read }, { fallbackSides: [] });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.spliced?.length).toBe(1);
  });

  it('detects the image again with its colour dropped when the colour detection breaks the MRZ lines (a stamp across the zone)', async () => {
    // A red page: every pixel coloured. The detector, fed colour, finds no MRZ line (a translucent stamp's letter
    // edges break them into pieces); fed the colour-dropped view (three channels equal), it finds both.
    const red: RgbImage = { width: 1000, height: 700, data: new Uint8Array(1000 * 700 * 3).map((_, i) => (i % 3 === 0 ? 200 : 40)) };
    const seen: string[] = [];
    const detect = async (image: RgbImage) => {
      const grey = image.data[0] === image.data[1] && image.data[1] === image.data[2];
      seen.push(grey ? 'grey' : 'colour');
      return grey ? MRZ_BOXES : [];
    };
    const cropped: RgbImage[] = [];
    const watching: LineRecognizer = { id: 'fake', read: async (image, quads, mode) => (cropped.push(image), recognizer.read(image, quads, mode)) };
    const reading = await readMrzZone(red, { detect, recognizer: watching }, { fallbackSides: [] });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    expect(seen).toEqual(['colour', 'grey']);
    // The crops are cut from the image as it is (the recognisers drop colour themselves).
    expect(cropped.every((image) => image === red)).toBe(true);
    // A page without colour is not detected again: its colour-dropped view is what the detector saw.
    seen.length = 0;
    expect(await readMrzZone(IMAGE, { detect: async (image) => (seen.push('any'), image === IMAGE ? [] : MRZ_BOXES), recognizer }, { fallbackSides: [] })).toBeNull();
    expect(seen).toEqual(['any']);
  });
  it('reads a colour-dropped detection again only where it holds a line the first did not', async () => {
    // The birth date's check digit misread: the first reading fails a check digit, so the colour-dropped view is
    // detected; it boxes the same lines, so nothing is read again (the recogniser is asked as often as on a grey page).
    const l2 = UTOPIA.TD3[1];
    const calls = { n: 0 };
    const misread: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => (calls.n++, quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? UTOPIA.TD3[0] : `${l2.slice(0, 19)}9${l2.slice(20)}`, confidence: 0.9 }))),
    };
    const red: RgbImage = { width: 1000, height: 700, data: new Uint8Array(1000 * 700 * 3).map((_, i) => (i % 3 === 0 ? 200 : 40)) };
    const detections: string[] = [];
    const detect = async (image: RgbImage) => (detections.push(image === red || image === IMAGE ? 'image' : 'other'), MRZ_BOXES);
    const onGrey = await readMrzZone(IMAGE, { detect, recognizer: misread }, { fallbackSides: [], minSkewDeg: 90 });
    const greyCalls = calls.n, greyDetections = detections.length;
    calls.n = 0;
    const onRed = await readMrzZone(red, { detect, recognizer: misread }, { fallbackSides: [], minSkewDeg: 90 });
    expect(onRed?.checkRate).toBe(onGrey?.checkRate);
    expect(onRed?.checkRate).toBeLessThan(1);
    expect(calls.n).toBe(greyCalls);
    // One detection more: the colour-dropped view's.
    expect(detections.length - greyDetections).toBe(greyDetections + 1);
  });
  it('reads the zone around a lone line that its own check digits prove an MRZ line, where the detector boxed no other', async () => {
    // The detector boxes only the data line on the page (the names line under a stamp, blind specimen seed 69 `099`);
    // cut out around it (2 line heights above and below), the crop's detection boxes both lines.
    const crop = (image: RgbImage) => image !== IMAGE;
    const detected: string[] = [];
    const detect = async (image: RgbImage): Promise<DetectedBox[]> => {
      detected.push(crop(image) ? `crop ${image.width}x${image.height}` : 'page');
      if (!crop(image)) return [{ quad: lineBox(610), score: 0.9 }];
      // In the crop (its top 60 px above the data line's top), the names line lies 50 px above the data line.
      return [10, 60].map((y) => ({ quad: [{ x: 70, y }, { x: 950, y }, { x: 950, y: y + 30 }, { x: 70, y: y + 30 }] as Quad, score: 0.9 }));
    };
    const reader = (lines: readonly string[]): LineRecognizer => ({
      id: 'fake',
      read: async (image, quads) => quads.map((q) => ({ kind: 'text' as const, text: ((q[0].y + q[2].y) / 2 < (crop(image) ? 50 : 600) ? lines[0] : lines[1]) as string, confidence: 0.9 })),
    });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: reader(UTOPIA.TD3) }, { fallbackSides: [], minSkewDeg: 90 });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    expect(detected).toEqual(['page', 'crop 1021x150']);
    // The reading's quads are in the page's pixels: the names line 50 px above the data line.
    expect(reading?.quads.map((q) => Math.round(q[0].y))).toEqual([560, 610]);
    // A lone line without two check digits of its own (here the data line with its number, birth date and expiry
    // misread: only the personal number verifies) is no reason to look again.
    detected.length = 0;
    const broken = mutate(mutate(mutate(UTOPIA.TD3, 1, 9, '7'), 1, 19, '3'), 1, 27, '1');
    expect(await readMrzZone(IMAGE, { detect, recognizer: reader(broken) }, { fallbackSides: [], minSkewDeg: 90 })).toBeNull();
    expect(detected).toEqual(['page']);
  });

  it('reads the rows again only when the anchors alone do not make a whole, verifying TD3', async () => {
    const counting = (lines: readonly string[]) => {
      let calls = 0;
      const r: LineRecognizer = {
        id: 'fake',
        read: async (_image, quads) => {
          calls++;
          return quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? (lines[0] as string) : (lines[1] as string), confidence: 0.9 }));
        },
      };
      return { r, calls: () => calls };
    };
    const detect = async () => MRZ_BOXES;
    const good = counting(UTOPIA.TD3);
    expect((await readMrzZone(IMAGE, { detect, recognizer: good.r }))?.checkRate).toBe(1);
    expect(good.calls()).toBe(1);
    // Birth-date check digit misread: the rows are read again (rebuilt rows, then windows).
    const l2 = UTOPIA.TD3[1];
    const bad = counting([UTOPIA.TD3[0], `${l2.slice(0, 19)}9${l2.slice(20)}`]);
    expect((await readMrzZone(IMAGE, { detect, recognizer: bad.r }))?.checkRate).toBeLessThan(1);
    expect(bad.calls()).toBeGreaterThan(1);
  });

  it('reads a name row again but not a data row that crops as its anchor, nor page text beyond a two-line MRZ', async () => {
    // A line of the visual zone above the MRZ, too short to be an anchor but a piece of a row 1.8 heights up.
    const printed: Quad = [
      { x: 60, y: 505 },
      { x: 310, y: 505 },
      { x: 310, y: 535 },
      { x: 60, y: 535 },
    ];
    const l2 = UTOPIA.TD3[1];
    const badBirthCheck = `${l2.slice(0, 19)}9${l2.slice(20)}`;
    const { recognizer: recording, calls } = recordingRecognizer((y) => (y < 550 ? 'JOHN' : y < 600 ? UTOPIA.TD3[0] : badBirthCheck));
    await readMrzZone(IMAGE, { detect: async () => [...MRZ_BOXES, { quad: printed, score: 0.9 }], recognizer: recording });
    // Anchors (both MRZ lines), then the rebuilt rows: only the name row; then every MRZ row in windows (a check
    // digit fails; a TD3 is not read squeezed). The printed line is never read. (The check digit still failing, the
    // zone is then cut out and read again, step 6: calls after these three.)
    expect(calls.slice(0, 3).map((c) => c.mode)).toEqual(['line', 'line', 'windows']);
    expect(calls.some((c) => c.mode === 'squeezed')).toBe(false);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls[0]?.rows).toEqual([575, 625]);
    expect(calls[1]?.rows).toEqual([575]);
    expect(calls[2]?.rows).toEqual([575, 625]);
  });

  it('takes the squeezed reading of a TD1 line that reads only in its narrowest crop', async () => {
    // A recogniser that, like PP-OCRv4 on a widely letter-spaced name line (probe seed 10 `probe-0175`), garbles the
    // card's name line in its full-width crop and in windows, and reads it in the squeezed crop.
    const garbled = 'ERIKSSONQEH<<<<<<<<<<<';
    const modes: string[] = [];
    const card: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads, mode = 'line') => {
        modes.push(mode);
        return quads.map((q) => {
          const i = Math.round(((q[0].y + q[2].y) / 2 - 575) / 50);
          return { kind: 'text' as const, text: i === 2 && mode !== 'squeezed' ? garbled : (UTOPIA.TD1[i] ?? ''), confidence: 0.9 };
        });
      },
    };
    const boxes: DetectedBox[] = [560, 610, 660].map((y) => ({ quad: lineBox(y), score: 0.9 }));
    const reading = await readMrzZone(IMAGE, { detect: async () => boxes, recognizer: card }, { fallbackSides: [] });
    expect(modes).toContain('squeezed');
    expect(reading?.format).toBe('TD1');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD1);
  });

  it('takes a reading whose state codes are both unlisted only when every check digit verifies as read', async () => {
    // The ICAO TD1 specimen with its codes replaced by XQZ, a code no state has; no check digit covers the codes.
    const unlisted = [`I<XQZ${UTOPIA.TD1[0].slice(5)}`, `${UTOPIA.TD1[1].slice(0, 15)}XQZ${UTOPIA.TD1[1].slice(18)}`, UTOPIA.TD1[2]];
    const card = (lines: readonly string[]): LineRecognizer => ({
      id: 'fake',
      read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: lines[Math.round(((q[0].y + q[2].y) / 2 - 575) / 50)] ?? '', confidence: 0.9 })),
    });
    const boxes: DetectedBox[] = [560, 610, 660].map((y) => ({ quad: lineBox(y), score: 0.9 }));
    const detect = async () => boxes;
    const verified = await readMrzZone(IMAGE, { detect, recognizer: card(unlisted) });
    expect(verified?.format).toBe('TD1');
    expect(verified?.parsed.issuingStateCode).toBe('XQZ');
    expect(verified?.checkRate).toBe(1);
    // The same with the birth date's check digit misread: nothing says it is an MRZ.
    const failing = mutate(unlisted, 1, 6, '9');
    expect(await readMrzZone(IMAGE, { detect, recognizer: card(failing) }, { fallbackSides: [] })).toBeNull();
    // With a listed code, or an ISO alpha-2 code as the pre-2013 Slovenian card prints (SI<), the failing reading is
    // still an MRZ (its other fields are checked one by one).
    const listed = mutate(UTOPIA.TD1, 1, 6, '9');
    expect((await readMrzZone(IMAGE, { detect, recognizer: card(listed) }, { fallbackSides: [] }))?.checkRate).toBeLessThan(1);
    // A document code no ICAO document has (Y) counts only when the reading verifies as read.
    const stray = (lines: readonly string[]) => [`Y${lines[0]!.slice(1)}`, ...lines.slice(1)];
    expect((await readMrzZone(IMAGE, { detect, recognizer: card(stray(UTOPIA.TD1)) }, { fallbackSides: [] }))?.parsed.documentCode).toBe('Y');
    expect(await readMrzZone(IMAGE, { detect, recognizer: card(stray(listed)) }, { fallbackSides: [] })).toBeNull();
    const alpha2 = failing.map((l) => l.replace('XQZ', 'SI<'));
    expect((await readMrzZone(IMAGE, { detect, recognizer: card(alpha2) }, { fallbackSides: [] }))?.parsed.issuingStateCode).toBe('SI');
  });

  it('never reads a passport as a TD2: a 2 x 36 reading coded P is no MRZ', async () => {
    // Every crop shows only the first 36 characters of each TD3 line (fillers and personal number never read).
    const prefixes: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: ((q[0].y + q[2].y) / 2 < 600 ? UTOPIA.TD3[0] : UTOPIA.TD3[1]).slice(0, 36), confidence: 0.9 })),
    };
    // Read as TD3 (the missing characters padded with fillers, checks that cover them failing), never as TD2.
    const reading = await readMrzZone(IMAGE, { detect: async () => MRZ_BOXES, recognizer: prefixes }, { fallbackSides: [] });
    expect(reading?.format).toBe('TD3');
    expect(reading?.parsed.documentNumber).toBe('L898902C3');
    // A TD2 coded I (ICAO Doc 9303 Part 6 specimen) is read.
    const td2: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? UTOPIA.TD2[0] : UTOPIA.TD2[1], confidence: 0.9 })),
    };
    expect((await readMrzZone(IMAGE, { detect: async () => MRZ_BOXES, recognizer: td2 }, { fallbackSides: [] }))?.format).toBe('TD2');
  });

  it('reads a passport whose detected boxes stop inside the fillers again at the TD3 length, and keeps the TD3', async () => {
    // Boxes 600 px wide hold the first 36 characters of each TD3 line (what the detector saw); a crop at least as
    // wide as 44 characters of that pitch shows the whole line.
    const boxes = shortMrzBoxes(660);
    const pitch = 600 / 36;
    const { recognizer: cropped, widths } = widthRecognizer(UTOPIA.TD3, (full, width) => (width >= 43.5 * pitch ? full : full.slice(0, 36)));
    const reading = await readMrzZone(IMAGE, { detect: async () => boxes, recognizer: cropped });
    expect(reading?.format).toBe('TD3');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(44 * pitch);
  });

  it('keeps a damaged TD3 read from the rows extended to its length, where the rows rebuilt made no reading', async () => {
    // Boxes 350 px wide hold the first 21 characters of each TD3 line (a light spot over the rest: blind photo seed 27,
    // `0129_td3`), so the rows are rebuilt for a TD1's 30 characters, and their crops show those 21 only. The rows
    // extended to the TD3 length show whole lines, the expiry's check digit misread: two of five check digits fail.
    const boxes = shortMrzBoxes(410);
    const pitch = 350 / 21;
    const l2 = `${UTOPIA.TD3[1].slice(0, 27)}4${UTOPIA.TD3[1].slice(28)}`;
    const glared = widthRecognizer([UTOPIA.TD3[0], l2], (full, width) => (width >= 43.5 * pitch ? full : full.slice(0, 21))).recognizer;
    const reading = await readMrzZone(IMAGE, { detect: async () => boxes, recognizer: glared }, { fallbackSides: [] });
    expect(reading?.format).toBe('TD3');
    expect(reading?.parsed.lines[0]).toBe(UTOPIA.TD3[0]);
    expect(reading?.checkRate).toBeGreaterThanOrEqual(0.5);
  });

  it('takes the TD2 the rows extended to the TD3 length read whole, where the rows rebuilt stop short of its end', async () => {
    // Every crop narrower than 43.5 characters shows the first 33 characters of each TD2 line (a card turned and
    // bent: the rows rebuilt end three characters early); the rows extended to the TD3 length show the whole line,
    // and nothing but background after it.
    const pitch = 880 / 36;
    const cut = widthRecognizer(UTOPIA.TD2, (full, width) => (width >= 43.5 * pitch ? full : full.slice(0, 33))).recognizer;
    const reading = await readMrzZone(IMAGE, { detect: async () => MRZ_BOXES, recognizer: cut }, { fallbackSides: [] });
    expect(reading?.format).toBe('TD2');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD2);
    expect(reading?.checkRate).toBe(1);
  });

  it('reads a TD2 found in rows built for a TD1 again in rows of its own length, where the TD3-length rows overran it', async () => {
    // Boxes 500 px wide hold the first 30 characters of each TD2 line, so the rows are first built for a TD1's 30.
    // A crop of at least 36 characters shows the whole line; one of 44 runs past the card's edge, where the
    // recogniser reads `U<<` more (blind photo seed 61 `0002_td2`).
    const boxes = shortMrzBoxes(560);
    const pitch = 500 / 30;
    const { recognizer: overrun, widths } = widthRecognizer(UTOPIA.TD2, (full, width) => (width >= 43.5 * pitch ? `${full}U<<` : width >= 35.5 * pitch ? full : full.slice(0, 30)));
    const reading = await readMrzZone(IMAGE, { detect: async () => boxes, recognizer: overrun }, { fallbackSides: [] });
    expect(reading?.format).toBe('TD2');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD2);
    expect(reading?.checkRate).toBe(1);
    expect(reading?.lengthMisfit).toBe(0);
    expect(widths.some((w) => Math.abs(w - 37 * pitch) < 1)).toBe(true);
  });

  it('reads as fillers the Cs of a name field whose glyphs are filler-sized in the recogniser\'s line image', async () => {
    const [line1, line2] = UTOPIA.TD3;
    // The name field's fillers read as C, but for the last three.
    const read1 = line1.slice(0, 5) + line1.slice(5, 41).replace(/</g, 'C') + line1.slice(41);
    const image = drawGlyphLine([...line1].map((ch) => ({ h: ch === '<' ? 24 : 30 })));
    const frames = ctcFrames([...read1].map((ch) => `${ch}_`).join(''), 0.99);
    const reading = (withImage: boolean): LineRecognizer => ({
      id: 'fake',
      read: async (_image, quads) =>
        quads.map((q) =>
          (q[0].y + q[2].y) / 2 < 600
            ? { kind: 'probabilities' as const, line: frames, ...(withImage ? { image, framePixels: 8 } : {}) }
            : { kind: 'text' as const, text: line2, confidence: 0.9 },
        ),
    });
    const detect = async () => MRZ_BOXES;
    expect((await readMrzZone(IMAGE, { detect, recognizer: reading(true) }))?.parsed.lines[0]).toBe(line1);
    expect((await readMrzZone(IMAGE, { detect, recognizer: reading(false) }))?.parsed.lines[0]).toBe(read1);
  });

  it('reads as fillers the filler-sized padding of a personal number, where every check digit then verifies', async () => {
    const [line1, line2] = UTOPIA.TD3;
    const read2 = `${line2.slice(0, 37)}44444${line2.slice(42)}`;
    // Line 2 has no filler left to measure: the filler height comes from line 1.
    const drawn = (line: string) => drawGlyphLine([...line].map((ch) => ({ h: ch === '<' ? 24 : 30 })));
    const ctc = (line: string) => ctcFrames([...line].map((ch) => `${ch}_`).join(''), 0.99);
    const lines = [
      { frames: ctc(line1), image: drawn(line1) },
      { frames: ctc(read2), image: drawn(line2) },
    ];
    const reading = (withImage: boolean): LineRecognizer => ({
      id: 'fake',
      read: async (_image, quads) =>
        quads.map((q) => {
          const l = lines[(q[0].y + q[2].y) / 2 < 600 ? 0 : 1] as (typeof lines)[number];
          return { kind: 'probabilities' as const, line: l.frames, ...(withImage ? { image: l.image, framePixels: 8 } : {}) };
        }),
    });
    const detect = async () => MRZ_BOXES;
    const restored = await readMrzZone(IMAGE, { detect, recognizer: reading(true) });
    expect(restored?.parsed.lines[1]).toBe(line2);
    expect(restored?.checkRate).toBe(1);
    const asRead = await readMrzZone(IMAGE, { detect, recognizer: reading(false) });
    expect(asRead?.parsed.lines[1]).not.toBe(line2);
    expect(asRead?.checkRate).toBeLessThan(1);
  });
  it('reads lines whose characters lean (a page seen obliquely) again in leaning quads, and keeps those quads', async () => {
    // The two MRZ lines of MRZ_BOXES drawn in OCR-B, leaning by 0.2 (a stroke's top 0.2 of its height further right).
    const text = UTOPIA.TD3.map((line, i) => {
      const baseline = [584, 634][i] as number;
      return `<g transform="translate(0 ${baseline}) skewX(${(-Math.atan(0.2) * 180) / Math.PI}) translate(0 ${-baseline})"><text x="64" y="${baseline}" font-family="OCR B" font-size="27.5" fill="#202020">${line.replace(/</g, '&lt;')}</text></g>`;
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700"><rect width="1000" height="700" fill="#f4f1ea"/>${text.join('')}</svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image: RgbImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const asked: Quad[][] = [];
    const leaningReader: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => (asked.push([...quads]), recognizer.read(_image, quads)),
    };
    const found = await readMrzZone(image, { detect: async () => MRZ_BOXES, recognizer: leaningReader });
    expect(found?.parsed.lines).toEqual(UTOPIA.TD3);
    // First the detector's boxes, then the same lines again in quads whose tops lie further right than their feet.
    expect(asked[0]).toEqual(MRZ_BOXES.map((b) => b.quad));
    expect(asked[1]).toHaveLength(2);
    for (const q of [...(asked[1] as Quad[]), ...(found?.quads ?? [])]) {
      expect(q[0].x - q[3].x).toBeGreaterThan(0.15 * 30);
      expect(q[0].x - q[3].x).toBeLessThan(0.25 * 30);
    }
    // Upright lines are read once, in the detector's boxes.
    asked.length = 0;
    await readMrzZone(IMAGE, { detect: async () => MRZ_BOXES, recognizer: leaningReader });
    expect(asked).toEqual([MRZ_BOXES.map((b) => b.quad)]);
  });
});

/**
 * A text recogniser returning the given TD3 lines by the box's height in the image (or page text for every box, for
 * null), counting its calls.
 */
function countingLines(id: string, td3: readonly string[] | null): { r: LineRecognizer; calls: () => number } {
  let calls = 0;
  const r: LineRecognizer = {
    id,
    read: async (_image, quads) => {
      calls++;
      return quads.map((q) => ({ kind: 'text' as const, text: td3 ? ((q[0].y + q[2].y) / 2 < 600 ? (td3[0] as string) : (td3[1] as string)) : 'PASSPORT', confidence: 0.9 }));
    },
  };
  return { r, calls: () => calls };
}

/** The birth date's check digit (line 2, position 19) misread. */
const misread = mutate(UTOPIA.TD3, 1, 19, '3');
/** The birth date's and the expiry date's check digits (positions 19 and 27) misread. */
const twice = mutate(misread, 1, 27, '1');

describe('readMrzZone with a second recogniser (step 7)', () => {
  const lines = countingLines;
  const detect = async () => MRZ_BOXES;

  it('is not asked when the first reading is clean', async () => {
    const second = lines('second', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', UTOPIA.TD3).r, secondRecognizer: second.r });
    expect(reading?.checkRate).toBe(1);
    expect(second.calls()).toBe(0);
  });

  it('replaces a reading whose check digit fails with its own when that verifies', async () => {
    const second = lines('second', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', misread).r, secondRecognizer: second.r });
    expect(second.calls()).toBeGreaterThan(0);
    expect(reading?.checkRate).toBe(1);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });

  it('does not detect the same image again for the second recogniser', async () => {
    const onImage: Array<number | undefined> = [];
    const counting = async (image: RgbImage, side?: number) => {
      if (image === IMAGE) onImage.push(side);
      return MRZ_BOXES;
    };
    const reading = await readMrzZone(IMAGE, { detect: counting, recognizer: lines('first', misread).r, secondRecognizer: lines('second', UTOPIA.TD3).r });
    expect(reading?.checkRate).toBe(1);
    expect(onImage).toEqual([undefined]);
  });

  it('keeps the first reading when the second does no better', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', misread).r, secondRecognizer: lines('second', twice).r });
    expect(reading?.readLines).toEqual(misread);
  });

  it('reads an MRZ the first recogniser did not take for MRZ text', async () => {
    const blind: LineRecognizer = { id: 'blind', read: async (_image, quads) => quads.map(() => ({ kind: 'text' as const, text: 'PASSPORT', confidence: 0.9 })) };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: blind, secondRecognizer: lines('second', UTOPIA.TD3).r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });

  it('reads only the first detection where the first recogniser found no MRZ at any side, not the fallback sides again', async () => {
    const blind: LineRecognizer = { id: 'blind', read: async (_image, quads) => quads.map(() => ({ kind: 'text' as const, text: 'PASSPORT', confidence: 0.9 })) };
    // The MRZ is only found at 1600 px (a small line): the first recogniser reads it there as page text.
    const sides: Array<number | undefined> = [];
    const smallLine = async (image: RgbImage, side?: number) => {
      if (image === IMAGE) sides.push(side);
      return side === 1600 ? MRZ_BOXES : [];
    };
    const second = lines('second', UTOPIA.TD3);
    expect(await readMrzZone(IMAGE, { detect: smallLine, recognizer: blind, secondRecognizer: second.r })).toBeNull();
    expect(sides).toEqual([undefined, 1600, 2400]);
    expect(second.calls()).toBe(0);
    // The first detection's boxes are read by the second recogniser as before.
    const atFirstSide = lines('second', UTOPIA.TD3);
    expect((await readMrzZone(IMAGE, { detect, recognizer: blind, secondRecognizer: atFirstSide.r }))?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(atFirstSide.calls()).toBeGreaterThan(0);
  });

  it('reads only the first detection where the first recogniser found only an MRZ too damaged to use', async () => {
    // Found at 1600 px only, three of its five check digits misread (page text in capitals read as an MRZ reads so).
    const damaged = mutate(mutate(mutate(UTOPIA.TD3, 1, 9, '1'), 1, 19, '3'), 1, 27, '1');
    const atLarge = async (_image: RgbImage, side?: number) => (side === 1600 ? MRZ_BOXES : []);
    const second = lines('second', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect: atLarge, recognizer: lines('first', damaged).r, secondRecognizer: second.r });
    expect(reading?.checkRate).toBeLessThan(0.5);
    expect(second.calls()).toBe(0);
  });

  it('takes the first recogniser\'s reading of the lines the second found, where that is better (7b)', async () => {
    // The first recogniser misreads two check digits until the second has read (then it reads the second's quads
    // right); the second misreads one.
    const second = lines('second', misread);
    const first: LineRecognizer = { id: 'first', read: async (image, quads, mode) => lines('first', second.calls() > 0 ? UTOPIA.TD3 : twice).r.read(image, quads, mode) };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: first, secondRecognizer: second.r });
    expect(second.calls()).toBeGreaterThan(0);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });

  it('keeps the second reading when the first recogniser reads its lines no better (7b)', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', twice).r, secondRecognizer: lines('second', misread).r });
    expect(reading?.readLines).toEqual(misread);
  });

  // Blind photo seed 56 `0010`: a light spot over a passport's data line; the first recogniser read the birth date
  // wrong, the second the personal number.
  it('splices the two readings field by field where each verifies what the other fails (7c)', async () => {
    const birth = mutate(UTOPIA.TD3, 1, 15, '9');
    const personal = mutate(UTOPIA.TD3, 1, 33, '7');
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', birth).r, secondRecognizer: lines('second', personal).r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
    expect(reading?.spliced).toEqual(['birthDate']);
    // The first reading as read, the birth date taken as its correction (for step 12 to weigh).
    expect(reading?.readLines).toEqual(birth);
    expect(reading?.corrected).toEqual([{ field: 'birthDate', from: '7498122', to: '7408122' }]);
    // Without a field the second verifies that the first fails, nothing is spliced.
    const both = await readMrzZone(IMAGE, { detect, recognizer: lines('first', birth).r, secondRecognizer: lines('second', mutate(birth, 1, 33, '7')).r });
    expect(both?.spliced).toBeUndefined();
    expect(both?.checkRate).toBeLessThan(1);
  });

  it('reads the fallback sides again where the first recogniser found an MRZ there', async () => {
    const atLarge = async (_image: RgbImage, side?: number) => (side === 1600 ? MRZ_BOXES : []);
    const second = lines('second', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect: atLarge, recognizer: lines('first', misread).r, secondRecognizer: second.r });
    expect(second.calls()).toBeGreaterThan(0);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });
});

/**
 * A white page of {@link IMAGE}'s size with the two lines of {@link MRZ_BOXES} drawn as 44 dark strokes each (one per
 * character cell of 20 px, 4 px wide, 18 px high), blurred by a Gaussian of `sigma` px (sharp/libvips; 0: sharp edges).
 * Edges 4 px wide are a fifth of a pitch: blurred so, the lines measure as blurred (image/edgeWidth.ts).
 */
async function strokedPage(sigma: number): Promise<RgbImage> {
  const { width, height } = IMAGE;
  const data = new Uint8Array(width * height * 3).fill(235);
  for (const top of [566, 616]) {
    for (let c = 0; c < 44; c++) {
      for (let y = top; y < top + 18; y++) data.fill(30, (y * width + 60 + c * 20 + 8) * 3, (y * width + 60 + c * 20 + 12) * 3);
    }
  }
  if (sigma === 0) return { width, height, data };
  const raw = await sharp(data, { raw: { width, height, channels: 3 } }).blur(sigma).raw().toBuffer();
  return { width, height, data: new Uint8Array(raw) };
}

describe('readMrzZone with a recogniser of blurred lines (step 15)', () => {
  const lines = countingLines;
  const detect = async () => MRZ_BOXES;

  it('is not asked when the page reads cleanly', async () => {
    const blur = lines('blur', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', UTOPIA.TD3).r, secondRecognizer: lines('second', misread).r, blurRecognizer: blur.r });
    expect(reading?.checkRate).toBe(1);
    expect(blur.calls()).toBe(0);
  });

  it('reads a page on which neither recogniser found an MRZ', async () => {
    const blur = lines('blur', UTOPIA.TD3);
    const reader = { detect, recognizer: lines('first', null).r, secondRecognizer: lines('second', null).r };
    expect(await readMrzZone(IMAGE, reader)).toBeNull();
    const reading = await readMrzZone(IMAGE, { ...reader, blurRecognizer: blur.r });
    expect(blur.calls()).toBeGreaterThan(0);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });

  it('replaces a reading failing a check digit only with a better one', async () => {
    const reader = { detect, recognizer: lines('first', misread).r, secondRecognizer: lines('second', twice).r };
    expect((await readMrzZone(IMAGE, { ...reader, blurRecognizer: lines('blur', UTOPIA.TD3).r }))?.parsed.lines).toEqual(UTOPIA.TD3);
    // Read worse by the recogniser of blurred lines (and by the second as before): the first reading stays.
    const worse = lines('blur', twice);
    expect((await readMrzZone(IMAGE, { ...reader, blurRecognizer: worse.r }))?.readLines).toEqual(misread);
    expect(worse.calls()).toBeGreaterThan(0);
  });

  it('takes the first reading\'s detections of the image instead of detecting it again', async () => {
    const sides: Array<number | undefined> = [];
    const counting = async (image: RgbImage, side?: number) => {
      if (image === IMAGE) sides.push(side);
      return side === 1600 ? MRZ_BOXES : [];
    };
    const blur = lines('blur', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect: counting, recognizer: lines('first', null).r, secondRecognizer: lines('second', null).r, blurRecognizer: blur.r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(blur.calls()).toBeGreaterThan(0);
    expect(sides).toEqual([undefined, 1600, 2400]);
  });

  it('detects no image, the page\'s straightened views among them, twice at one size across both passes', async () => {
    // Two long boxes lying 10° askew: step 6 turns the page upright in each pass, and nothing is ever read.
    const tilt = (10 * Math.PI) / 180;
    const askew = [300, 360].map((y) => {
      const at = (x: number, dy: number) => ({ x: 60 + x * Math.cos(tilt) - dy * Math.sin(tilt), y: y + x * Math.sin(tilt) + dy * Math.cos(tilt) });
      return { quad: [at(0, 0), at(880, 0), at(880, 30), at(0, 30)] as Quad, score: 0.9 };
    });
    const detections = async (blurRecognizer?: LineRecognizer) => {
      const seen = new Map<RgbImage, Array<number | undefined>>();
      const detect = async (image: RgbImage, side?: number) => {
        seen.set(image, [...(seen.get(image) ?? []), side]);
        return image === IMAGE ? askew : [];
      };
      const reader = { detect, recognizer: lines('first', null).r, secondRecognizer: lines('second', null).r };
      expect(await readMrzZone(IMAGE, blurRecognizer ? { ...reader, blurRecognizer } : reader)).toBeNull();
      return seen;
    };
    const once = await detections();
    const blur = lines('blur', null);
    const twice = await detections(blur.r);
    expect(blur.calls()).toBeGreaterThan(0);
    // The page and its straightened view(s), each detected once per size, in one pass as in two.
    expect(once.size).toBeGreaterThan(1);
    expect(twice.size).toBe(once.size);
    for (const sides of twice.values()) expect(new Set(sides).size).toBe(sides.length);
  });

  it('asks the second recogniser no crop of the page it read in steps 1-14 again', async () => {
    const asked: string[] = [];
    const second: LineRecognizer = {
      id: 'second',
      read: async (image, quads, mode) => {
        asked.push(`${image === IMAGE ? 'page' : 'other'} ${mode ?? 'line'} ${JSON.stringify(quads)}`);
        return quads.map(() => ({ kind: 'text' as const, text: 'PASSPORT', confidence: 0.9 }));
      },
    };
    const blur = lines('blur', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', null).r, secondRecognizer: second, blurRecognizer: blur.r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(blur.calls()).toBeGreaterThan(0);
    const onPage = asked.filter((a) => a.startsWith('page'));
    expect(onPage.length).toBeGreaterThan(0);
    expect(new Set(onPage).size).toBe(onPage.length);
  });

  it('does not read again a sharp page whose field\'s check digit fails, and reads the same page blurred again', async () => {
    const reader = { detect, recognizer: lines('first', misread).r, secondRecognizer: lines('second', twice).r };
    const onSharp = lines('blur', UTOPIA.TD3);
    expect((await readMrzZone(await strokedPage(0), { ...reader, blurRecognizer: onSharp.r }))?.readLines).toEqual(misread);
    expect(onSharp.calls()).toBe(0);
    const onBlurred = lines('blur', UTOPIA.TD3);
    expect((await readMrzZone(await strokedPage(4), { ...reader, blurRecognizer: onBlurred.r }))?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(onBlurred.calls()).toBeGreaterThan(0);
  });

  it('does not read again a page whose composite alone fails (a document printed with a wrong composite)', async () => {
    const composite = mutate(UTOPIA.TD3, 1, 43, UTOPIA.TD3[1]?.[43] === '0' ? '1' : '0');
    const blur = lines('blur', UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: lines('first', composite).r, secondRecognizer: lines('second', composite).r, blurRecognizer: blur.r });
    expect(reading?.parsed.checks.composite).toBe(false);
    expect(blur.calls()).toBe(0);
  });
});

describe('readMrzZone with a second recogniser: the lines read with the ink\'s contrast evened (step 6b)', () => {
  /**
   * A recogniser reading the TD3 lines `plain` in every mode but `evened`, and `evened` there, each character emitted
   * with the given probability (CTC frames); it records the modes it was asked for.
   */
  const byMode = (plain: readonly string[], evened: readonly string[], p = { plain: 0.99, evened: 0.99 }) => {
    const modes: string[] = [];
    const r: LineRecognizer = {
      id: 'first',
      read: async (_image, quads, mode = 'line') => {
        modes.push(mode);
        const td3 = mode === 'evened' ? evened : plain;
        return quads.map((q) => {
          const text = (q[0].y + q[2].y) / 2 < 600 ? (td3[0] as string) : (td3[1] as string);
          return { kind: 'probabilities' as const, line: ctcFrames(`${[...text].join('_')}_`, mode === 'evened' ? p.evened : p.plain) };
        });
      },
    };
    return { r, modes };
  };
  /** A second recogniser reading the TD3 lines `td3` as text. */
  const second = (td3: readonly string[] = UTOPIA.TD3): LineRecognizer => ({
    id: 'second',
    read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? (td3[0] as string) : (td3[1] as string), confidence: 0.9 })),
  });
  const detect = async () => MRZ_BOXES;
  // The birth date's check digit (line 2, position 19) misread.
  const misread = mutate(UTOPIA.TD3, 1, 19, '3');
  // The personal number's `E` (14) read `O` (24): ten apart, so its check digit and the composite verify by chance.
  const byChance = mutate(UTOPIA.TD3, 1, 29, 'O');

  it('takes the evened reading where every check digit of it verifies and the plain one fails', async () => {
    // The second recogniser misreads alike, so only the evened reading verifies.
    const first = byMode(misread, UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: first.r, secondRecognizer: second(misread) });
    expect(first.modes).toContain('evened');
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
  });

  it('takes the evened reading over a plain one verifying by chance, where it is the more probable', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: byMode(byChance, UTOPIA.TD3, { plain: 0.8, evened: 0.99 }).r, secondRecognizer: second() });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
  });

  it('keeps the plain reading where the evened one is less probable, or fails a check digit', async () => {
    const lessProbable = await readMrzZone(IMAGE, { detect, recognizer: byMode(UTOPIA.TD3, byChance, { plain: 0.99, evened: 0.8 }).r, secondRecognizer: second() });
    expect(lessProbable?.parsed.lines).toEqual(UTOPIA.TD3);
    const failing = await readMrzZone(IMAGE, { detect, recognizer: byMode(UTOPIA.TD3, misread, { plain: 0.8, evened: 0.99 }).r, secondRecognizer: second() });
    expect(failing?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(failing?.checkRate).toBe(1);
  });

  it('is not read without a second recogniser', async () => {
    const first = byMode(misread, UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: first.r });
    expect(first.modes).not.toContain('evened');
    expect(reading?.readLines).toEqual(misread);
  });
});

describe('readMrzZone with a second recogniser: names read by both (step 8)', () => {
  /**
   * A recogniser returning CTC frames of the given lines (each character then a blank), by the box's height. Each
   * character at 0.99: at 0.9 the rest (0.0027 per class) would make characters of equal weight (8 and S) a
   * competitor above COMPETITOR_MIN_RATIO, and step 9 would read the lines once more.
   */
  const framesOf = (id: string, td3: readonly string[], alt: Record<number, [string, number]> = {}) => {
    let calls = 0;
    const r: LineRecognizer = {
      id,
      read: async (_image, quads) => {
        calls++;
        return quads.map((q) => {
          const upper = (q[0].y + q[2].y) / 2 < 600;
          const text = upper ? (td3[0] as string) : (td3[1] as string);
          return { kind: 'probabilities' as const, line: ctcFrames(`${[...text].join('_')}_`, 0.99, upper ? alt : {}) };
        });
      },
    };
    return { r, calls: () => calls };
  };
  const detect = async () => MRZ_BOXES;
  // The O of ERIKSSON (line 1, position 11, frame 22) read as D by the first recogniser (0.55, O 0.35), as O by the
  // second (0.85, D 0.05): every check digit verifies either way (names have none).
  const misread = mutate(UTOPIA.TD3, 0, 11, 'D');

  it('puts in the name letter both recognisers together find likelier, although the first reading was clean', async () => {
    const second = framesOf('second', UTOPIA.TD3, { 22: ['D', 0.05] });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', misread, { 22: ['O', 0.35] }).r, secondRecognizer: second.r });
    // The O leads the D by e^2.4, less than NAME_VIEWS_MAX_MARGIN: the name line is read in the further crops too.
    // The line's own box, the further crops, and the box evened (RecognitionMode `evened`).
    expect(second.calls()).toBe(2 + NAME_VIEWS.length);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.readLines).toEqual(UTOPIA.TD3);
    expect(reading?.parsed.name.lastName).toBe('ERIKSSON');
    // The names' lead over the closest text one character away (ERIKSDON): the two recognisers' odds at the O, the
    // first's 0.35 against 0.64 for D, the second's 0.94 against 0.05.
    expect(reading?.namesMargin).toBeCloseTo(Math.log(0.35 / 0.64) + Math.log(0.94 / 0.05), 1);
  });

  it('reports no names margin without a second recogniser', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', UTOPIA.TD3).r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.namesMargin).toBeUndefined();
  });

  it('counts a recogniser as its evidenceWeight says at the height of the line\'s quad', async () => {
    const second = framesOf('second', UTOPIA.TD3, { 22: ['D', 0.05] });
    const heights: number[] = [];
    // Faint on lines lower than 35 px: the name line's box (lineBox: 30 px high) is; its crop grown by 15% (39 px) is not.
    const faint: LineRecognizer = { ...second.r, evidenceWeight: (h) => (heights.push(h), h < 35 ? 0.1 : 1) };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', misread, { 22: ['O', 0.35] }).r, secondRecognizer: faint });
    // 0.1 x ln(0.85 / 0.05) < ln(0.55 / 0.35): the first reading's D stands. The names are in doubt, so the line is
    // read in its further crops too, and the second counts there as at the line's own height: weighed at the grown
    // crop's, its mean weight would be 0.4, and 0.4 x ln(0.85 / 0.05) > ln(0.55 / 0.35) would take the O.
    expect(reading?.parsed.lines).toEqual(misread);
    expect(heights[0]).toBe(30);
    expect(heights).toHaveLength(2 + NAME_VIEWS.length);
  });

  it('keeps the first reading’s letter when it is the likelier, and reads the name line once more', async () => {
    const second = framesOf('second', misread, { 22: ['O', 0.3] });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', UTOPIA.TD3).r, secondRecognizer: second.r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    // The O leads by e^7.4 (the first's 0.99 against 0.00027, the second's 0.3 against 0.69): not in doubt.
    expect(second.calls()).toBe(1);
  });

  it('reads a name line in the further crops only while its names are in doubt, each crop grown across by its share, then evened', async () => {
    const heights: number[] = [];
    const modes: Array<string | undefined> = [];
    const recording = (inner: LineRecognizer): LineRecognizer => ({ ...inner, read: async (image, quads, mode) => (heights.push(...quads.map((q) => q[3].y - q[0].y)), modes.push(mode), inner.read(image, quads, mode)) });
    // Both recognisers read ERIKSSON's O, the second doubting it a little (D 0.05): a lead of e^2.9 x e^8.2.
    const sure = framesOf('second', UTOPIA.TD3, { 22: ['D', 0.05] });
    await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', UTOPIA.TD3).r, secondRecognizer: recording(sure.r) });
    expect(Math.log(0.94 / 0.05) + Math.log(0.99 / 0.00027)).toBeGreaterThan(NAME_VIEWS_MAX_MARGIN);
    expect(heights).toEqual([30]);
    expect(modes).toEqual(['line']);
    // Split as in the first test: the name line in its box (30 px high), in each further crop, and in its box evened.
    heights.length = 0;
    modes.length = 0;
    const split = framesOf('second', UTOPIA.TD3, { 22: ['D', 0.05] });
    await readMrzZone(IMAGE, { detect, recognizer: framesOf('first', misread, { 22: ['O', 0.35] }).r, secondRecognizer: recording(split.r) });
    expect(heights.map((h) => Math.round(h * 10) / 10)).toEqual([30, ...NAME_VIEWS.map((g) => Math.round(30 * (1 + 2 * g) * 10) / 10), 30]);
    expect(modes).toEqual(['line', ...NAME_VIEWS.map(() => 'line'), 'evened']);
  });

  it('asks the name witness too, which outvotes a letter the first recogniser alone misreads', async () => {
    // The first reads D (0.64, O 0.35: e^0.60 for D), the second leans to O by e^0.18 only (0.54, D 0.45): alone the
    // D stands. The witness reads O (0.94, D 0.05: e^2.93), and with each of the three at two thirds the O leads by
    // (2.93 + 0.18 - 0.60) x 2/3: the names become ERIKSSON.
    const first = () => framesOf('first', misread, { 22: ['O', 0.35] }).r;
    const second = () => framesOf('second', UTOPIA.TD3, { 22: ['D', 0.45] }).r;
    const alone = await readMrzZone(IMAGE, { detect, recognizer: first(), secondRecognizer: second() });
    expect(alone?.parsed.name.lastName).toBe('ERIKSSDN');
    const witness = framesOf('witness', UTOPIA.TD3, { 22: ['D', 0.05] });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: first(), secondRecognizer: second(), nameWitness: witness.r });
    expect(reading?.parsed.name.lastName).toBe('ERIKSSON');
    expect(witness.calls()).toBeGreaterThanOrEqual(1);
  });

  it('counts each of three recognisers two thirds (WITNESS_SHARE): three weigh as much as two, doubt measured on that scale', async () => {
    // All three read ERIKSSON's O, each doubting it (D 0.05): e^2.93 each. Counted fully, the lead (e^8.8) would pass
    // NAME_VIEWS_MAX_MARGIN and no further crop would be read; at two thirds each it is e^5.9, and the crops are read.
    const lead = Math.log(0.94 / 0.05);
    expect(3 * lead).toBeGreaterThan(NAME_VIEWS_MAX_MARGIN);
    expect(3 * WITNESS_SHARE * lead).toBeLessThan(NAME_VIEWS_MAX_MARGIN);
    const second = framesOf('second', UTOPIA.TD3, { 22: ['D', 0.05] });
    const reading = await readMrzZone(IMAGE, {
      detect,
      recognizer: framesOf('first', UTOPIA.TD3, { 22: ['D', 0.05] }).r,
      secondRecognizer: second.r,
      nameWitness: framesOf('witness', UTOPIA.TD3, { 22: ['D', 0.05] }).r,
    });
    expect(reading?.parsed.name.lastName).toBe('ERIKSSON');
    // The line's own box, the further crops, and the box evened (RecognitionMode `evened`).
    expect(second.calls()).toBe(2 + NAME_VIEWS.length);
  });
});

describe('readMrzZone with a second recogniser: state codes read as no listed code (step 10)', () => {
  // The Icelandic nationality (line 2, positions 10-12; no check digit covers it) on the specimen's data line.
  const withS = mutate(mutate(mutate(UTOPIA.TD3, 1, 10, 'I'), 1, 11, 'S'), 1, 12, 'L');
  const withD = mutate(withS, 1, 11, 'D'); // IDL: on no list
  /** CTC frames of the lines (each character at 0.99, then a blank); on the data line, `probs` moved at the S/D frame. */
  const framesOf = (td3: readonly string[], at22: Record<string, number> = {}) => {
    let calls = 0;
    const r: LineRecognizer = {
      id: 'frames',
      read: async (_image, quads) => {
        calls++;
        return quads.map((q) => {
          const upper = (q[0].y + q[2].y) / 2 < 600;
          const line = ctcFrames(`${[...(upper ? td3[0] : td3[1]) as string].join('_')}_`, 0.99);
          if (!upper) for (const [ch, p] of Object.entries(at22)) line.probs[22 * MRZ_CLASSES + MRZ_ALPHABET.indexOf(ch) + 1] = p;
          return { kind: 'probabilities' as const, line };
        });
      },
    };
    return { r, calls: () => calls };
  };
  const detect = async () => MRZ_BOXES;

  it('puts in the listed code both recognisers together find likeliest, where the first alone could not decide', async () => {
    // The first recogniser read D (0.95), S and R at 0.02 each: ISL and IRL tie for it, so its decoding keeps IDL.
    // The second read S (0.99). Together ISL leads every other listed code, and is likelier than IDL.
    const second = framesOf(withS);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(withD, { D: 0.95, S: 0.02, R: 0.02 }).r, secondRecognizer: second.r });
    expect(reading?.parsed.lines).toEqual(withS);
    expect(reading?.readLines[1]).toBe(withS[1]);
    expect(reading?.parsed.nationalityCode).toBe('ISL');
    expect(reading?.statesArbitrated).toMatchObject([{ line: 1, start: 10, from: 'IDL', to: 'ISL' }]);
    expect(reading?.checkRate).toBe(1);
    // Read once for the names (step 8) and once for the code.
    expect(second.calls()).toBe(2);
  });

  it('reads nothing again when every code is listed', async () => {
    const second = framesOf(withS);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(withS).r, secondRecognizer: second.r });
    expect(reading?.statesArbitrated).toEqual([]);
    expect(second.calls()).toBe(1);
  });
});

describe('readMrzZone with a second recogniser: readings the check digits cannot tell apart (step 9)', () => {
  /** A recogniser returning CTC frames of the given lines, with `alt` moving probability on the data line's frames. */
  const framesOf = (td3: readonly string[], alt: Record<number, [string, number]>, p = 0.9): LineRecognizer => ({
    id: 'frames',
    read: async (_image, quads) =>
      quads.map((q) => {
        const upper = (q[0].y + q[2].y) / 2 < 600;
        const text = upper ? (td3[0] as string) : (td3[1] as string);
        return { kind: 'probabilities' as const, line: ctcFrames(`${[...text].join('_')}_`, p, upper ? {} : alt) };
      }),
  });
  const detect = async () => MRZ_BOXES;
  // The document number's 8 (line 2, position 1, frame 2) read as S: 8 and S weigh alike (8 and 28), so every check
  // digit verifies either way.
  const misread = mutate(UTOPIA.TD3, 1, 1, 'S');

  it('refuses the document number when the recognisers prefer a competitor the first decoding did not', async () => {
    // The first recogniser decoded S (0.5 against 0.4 for 8); read again, both find 8 much likelier. The evidence
    // disagrees: neither text is returned.
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(misread, { 2: ['8', 0.4] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }) });
    expect(reading?.competitor).toMatchObject({ resolution: 'undecided', failedGroups: ['documentNumber'] });
    expect(reading?.parsed.checks.documentNumber).toBe(false);
    expect(reading?.parsed.checks.composite).toBe(true);
  });

  it('keeps the reading the recognisers find much likelier', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.3] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }) });
    expect(reading?.competitor).toMatchObject({ resolution: 'kept' });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
  });

  it('lets the document number\'s check digit fail when neither reading is much likelier', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(misread, { 2: ['8', 0.4] }), secondRecognizer: framesOf(misread, { 2: ['8', 0.4] }) });
    expect(reading?.competitor).toMatchObject({ resolution: 'undecided' });
    expect(reading?.parsed.checks.documentNumber).toBe(false);
    expect(reading?.parsed.checks.birthDate).toBe(true);
    expect(reading?.checkRate).toBeLessThan(1);
  });

  it('takes the text the second recogniser and the arbiter both prefer against the first (a face the first misreads)', async () => {
    const arbiter = framesOf(UTOPIA.TD3, { 2: ['S', 0.02] });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(misread, { 2: ['8', 0.4] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter });
    expect(reading?.competitor).toMatchObject({ resolution: 'taken', byArbiter: true, byGlyphs: false, failedGroups: [] });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
  });

  it('reads only the lines step 9 did not read again for the arbiter: the disputed line\'s re-read is reused', async () => {
    const first = framesOf(misread, { 2: ['8', 0.4] });
    const calls: number[][] = [];
    const counting: LineRecognizer = { ...first, read: async (image, quads, mode) => (calls.push(quads.map((q) => ((q[0].y + q[2].y) / 2 < 600 ? 0 : 1))), first.read(image, quads, mode)) };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: counting, secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter: framesOf(UTOPIA.TD3, {}) });
    expect(reading?.competitor).toMatchObject({ resolution: 'taken', byArbiter: true });
    // Step 9's re-read of the data line, the name line for the glyphs, the name line for the arbiter's scores; then
    // step 13's re-read of the data line, whose document number holds a 0.
    expect(calls.slice(-4)).toEqual([[1], [0], [0], [1]]);
  });

  it('leaves the dispute undecided when the arbiter sides with the first recogniser: it is no independent witness for it', async () => {
    const arbiter = framesOf(misread, { 2: ['8', 0.02] });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(misread, { 2: ['8', 0.4] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter });
    expect(reading?.competitor).toMatchObject({ resolution: 'undecided', byArbiter: false, failedGroups: ['documentNumber'] });
    expect(reading?.parsed.checks.documentNumber).toBe(false);
  });

  it('takes the arbiter\'s own reading of the checked characters when the first misread more than a competitor changes', async () => {
    // The first recogniser read both 8s of the document number as S (8 and S weigh alike), doubting only the first:
    // the finalists are SxS and 8xS, both wrong. PaddleOCR and the arbiter read 8x8, which verifies.
    const twice = mutate(misread, 1, 3, 'S');
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(twice, { 2: ['8', 0.4] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter: framesOf(UTOPIA.TD3, {}) });
    expect(reading?.competitor).toMatchObject({ resolution: 'taken', byArbiter: true, ratio: 0, groups: ['documentNumber', 'composite'] });
    expect(reading?.competitor?.substitutions).toEqual([
      { line: 1, index: 1, from: 'S', to: '8' },
      { line: 1, index: 3, from: 'S', to: '8' },
    ]);
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.checkRate).toBe(1);
  });

  it('leaves the dispute undecided when the arbiter reads another checked character otherwise', async () => {
    // The arbiter agrees on the 8 but reads the birth date's last digit 3: its reading fails that check digit, and the
    // finalist it prefers is not its own reading there.
    const arbiter = framesOf(mutate(UTOPIA.TD3, 1, 18, '3'), {});
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(misread, { 2: ['8', 0.4] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter });
    expect(reading?.competitor).toMatchObject({ resolution: 'undecided', byArbiter: false, failedGroups: ['documentNumber'] });
  });

  it('does not ask the arbiter when the recognisers decided', async () => {
    let asked = 0;
    const arbiter: LineRecognizer = { id: 'arbiter', read: async () => (asked++, []) };
    // The first recogniser's doubt below step 13's OWN_DOUBT_MIN_P (0.1), which would ask the arbiter there.
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.08] }), secondRecognizer: framesOf(UTOPIA.TD3, { 2: ['S', 0.02] }), arbiter });
    expect(reading?.competitor).toMatchObject({ resolution: 'kept', byArbiter: false });
    expect(asked).toBe(0);
  });

  it('does not read the disputed line a third time for the glyph comparison: the re-read\'s line is reused', async () => {
    const first = framesOf(misread, { 2: ['8', 0.4] });
    const calls: number[][] = [];
    const counting: LineRecognizer = { ...first, read: async (image, quads, mode) => (calls.push(quads.map((q) => ((q[0].y + q[2].y) / 2 < 600 ? 0 : 1))), first.read(image, quads, mode)) };
    const reading = await readMrzZone(IMAGE, { detect, recognizer: counting, secondRecognizer: framesOf(misread, { 2: ['8', 0.4] }) });
    expect(reading?.competitor).toMatchObject({ resolution: 'undecided' });
    // Step 9 reads the data line again, then only the name line for the glyphs; last, step 13 reads the data line,
    // whose dates verify (the document number step 9 left undecided is not looked at).
    expect(calls.slice(-3)).toEqual([[1], [0], [1]]);
  });
});

describe('chooseByArbiter (step 9\'s last opinion)', () => {
  const lead = Math.log(10);
  it('chooses the text the second recogniser and the arbiter each prefer by ten times, against the first', () => {
    expect(chooseByArbiter([-5, -9], [-9, -5], [-8, -8 + lead])).toBe(1);
    expect(chooseByArbiter([-9, -5], [-5, -9], [-5, -5 - lead])).toBe(0);
  });
  it('does not decide when the arbiter or the second recogniser leads by less than ten times', () => {
    expect(chooseByArbiter([-5, -9], [-9, -5], [-8, -8 + lead - 0.01])).toBeNull();
    expect(chooseByArbiter([-5, -9], [-9, -9 + lead - 0.01], [-9, -5])).toBeNull();
  });
  it('does not decide when the first recogniser prefers the same text, or none', () => {
    expect(chooseByArbiter([-9, -5], [-9, -5], [-9, -5])).toBeNull();
    expect(chooseByArbiter([-5, -5], [-9, -5], [-9, -5])).toBeNull();
  });
  it('does not side with the first recogniser however sure the arbiter is', () => {
    expect(chooseByArbiter([-5, -9], [-9, -5], [-1, -20])).toBeNull();
  });
  it('weighs a third text (the arbiter\'s own reading) against both finalists', () => {
    expect(chooseByArbiter([-5, -6, -9], [-20, -15, -3], [-30, -25, -1])).toBe(2);
    // The second recogniser leads the third text over one finalist by less than ten times.
    expect(chooseByArbiter([-5, -6, -9], [-20, -4, -3], [-30, -25, -1])).toBeNull();
  });
});

describe('chooseReading (step 9: the recognisers\' scores of the reading and its competitors)', () => {
  const rival = (ratio: number) => ({ substitutions: [{ line: 1, index: 1, from: 'S', to: '8' }], ratio, groups: ['documentNumber' as const, 'composite' as const] });
  it('keeps the reading ten times likelier than every competitor', () => {
    const kept = chooseReading([-10, -13, -20], [rival(0.5), rival(0.2)]);
    expect(kept.resolution).toBe('kept');
    expect(kept.margin).toBeCloseTo(3 - Math.log(0.5), 9);
  });
  it('counts the first decoding as a third opinion: a re-read leaning slightly towards an unlikely competitor does not overturn the reading', () => {
    // Seed 60606 syn-0049: the lines read again gave the competitor e^2.8 more, the first decoding 0.0045 of the reading.
    const kept = chooseReading([-12.8, -10], [rival(0.0045)]);
    expect(kept.resolution).toBe('kept');
    expect(kept.margin).toBeCloseTo(-Math.log(0.0045) - 2.8, 9);
    // The same lean without the first decoding's doubt leaves nothing decided.
    expect(chooseReading([-12.8, -10], [rival(1)]).resolution).toBe('undecided');
  });
  it('takes a competitor ten times likelier than the rest that the first decoding preferred too', () => {
    const taken = rival(7.1);
    const choice = chooseReading([-20, -10], [taken]);
    expect(choice).toMatchObject({ resolution: 'taken', reported: taken });
    expect(choice.margin).toBeCloseTo(10 + Math.log(7.1), 9);
  });
  it('decides nothing when the evidence disagrees or no text wins by ten times', () => {
    expect(chooseReading([-20, -10], [rival(0.14)])).toMatchObject({ resolution: 'undecided', contenders: [expect.objectContaining({ ratio: 0.14 })] });
    const close = chooseReading([-10, -11, -30], [rival(0.5), rival(0.2)]);
    expect(close.resolution).toBe('undecided');
    expect(close.margin).toBeCloseTo(1 - Math.log(0.5), 9);
    expect(close.contenders).toHaveLength(1);
    expect(chooseReading([-30, -10, -10.5], [rival(2), rival(3)]).contenders).toHaveLength(2);
  });
  it('names the two likeliest texts, the first decoding counted, for the glyphs to decide between', () => {
    expect(chooseReading([-10, -11, -30], [rival(0.5), rival(0.2)]).finalists).toEqual([0, 1]);
    expect(chooseReading([-30, -10, -10.5], [rival(2), rival(3)]).finalists).toEqual([1, 2]);
    expect(chooseReading([-20, -10], [rival(0.14)]).finalists).toEqual([1, 0]);
  });
});

describe('readMrzZone with a second recogniser: the own recogniser\'s zeros and Os (step 13)', () => {
  const detect = async () => MRZ_BOXES;
  /** A recogniser returning CTC frames of the given lines, each character at 0.995, by the box's height. */
  const framesOf = (td3: readonly string[]) => {
    const reads: number[] = [];
    const r: LineRecognizer = {
      id: 'frames',
      read: async (_image, quads) => {
        reads.push(quads.length);
        return quads.map((q) => ({ kind: 'probabilities' as const, line: ctcFrames(`${[...((q[0].y + q[2].y) / 2 < 600 ? td3[0] : td3[1]) as string].join('_')}_`, 0.995) }));
      },
    };
    return { r, reads };
  };
  // The specimen printed with an O in place of the 0 of its number L898902C3: the number's check digit fails as
  // printed. PaddleOCR reads the O as 0 (its reading verifies and replaces the first's, step 7).
  const printed = mutate(UTOPIA.TD3, 1, 5, 'O');

  it('sets back the O the own recogniser read where the reading returned a 0, and the number is refused', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(printed).r, secondRecognizer: framesOf(UTOPIA.TD3).r });
    expect(reading?.parsed.lines).toEqual(printed);
    expect(reading?.parsed.checks.documentNumber).toBe(false);
    expect(reading?.lookAlikesRestored).toEqual([{ field: 'documentNumber', line: 1, index: 5, from: '0', to: 'O', p: expect.closeTo(0.995, 2) }]);
  });

  it('leaves a number both recognisers read with its 0 alone', async () => {
    const first = framesOf(UTOPIA.TD3);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: first.r, secondRecognizer: framesOf(UTOPIA.TD3).r });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.parsed.checks.documentNumber).toBe(true);
    expect(reading?.lookAlikesRestored).toBeUndefined();
  });

  // The same number printed with a `K` in place of its `9` at position 4: the own recogniser and the arbiter read
  // the `K`, PaddleOCR the original `9` (the number verifies as it reads it).
  const printedK = mutate(UTOPIA.TD3, 1, 4, 'K');

  it('sets back another character where the own recogniser and the arbiter both read it, and the number is refused', async () => {
    const arbiter = framesOf(printedK);
    const reading = await readMrzZone(IMAGE, { detect, recognizer: framesOf(printedK).r, secondRecognizer: framesOf(UTOPIA.TD3).r, arbiter: arbiter.r });
    expect(reading?.parsed.lines).toEqual(printedK);
    expect(reading?.parsed.checks.documentNumber).toBe(false);
    expect(reading?.lookAlikesRestored).toEqual([{ field: 'documentNumber', line: 1, index: 4, from: '9', to: 'K', p: expect.closeTo(0.995, 2), thirdP: expect.closeTo(0.995, 2) }]);
  });

  it('keeps the number where the arbiter reads it as the reading does, and asks the arbiter only when the own recogniser disagrees', async () => {
    const arbiter = framesOf(UTOPIA.TD3);
    const disputed = await readMrzZone(IMAGE, { detect, recognizer: framesOf(printedK).r, secondRecognizer: framesOf(UTOPIA.TD3).r, arbiter: arbiter.r });
    expect(disputed?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(disputed?.lookAlikesRestored).toBeUndefined();
    expect(arbiter.reads.at(-1)).toBe(1);
    const quiet = framesOf(UTOPIA.TD3);
    const agreed = await readMrzZone(IMAGE, { detect, recognizer: framesOf(UTOPIA.TD3).r, secondRecognizer: framesOf(UTOPIA.TD3).r, arbiter: quiet.r });
    expect(agreed?.parsed.checks.documentNumber).toBe(true);
    expect(quiet.reads).toEqual([]);
  });

  // Blind photo seed 52 `0098` under noise: the composite printed wrong, the detector's box cut the last glyph
  // through and the cut glyph read as the composite's true value. Step 13 reads the lines again one character pitch
  // wider at each end (880 px / 44 = 20 px), where the whole glyph is seen.
  it("reads the lines again one pitch wider: a composite digit cut off by the box is set back to the digit printed", async () => {
    const composite = (UTOPIA.TD3[1] as string).charAt(43);
    const printedComposite = mutate(UTOPIA.TD3, 1, 43, String((Number(composite) + 3) % 10));
    const widths: number[] = [];
    /** Reads the printed lines in a quad at least 20 px wider than the detector's box, the verifying text in it. */
    const cutAtEnd = (): LineRecognizer => ({
      id: 'cut',
      read: async (_image, quads) => {
        widths.push(...quads.map((q) => q[1].x - q[0].x));
        return quads.map((q) => {
          const lines = q[1].x - q[0].x >= 880 + 2 * 20 ? printedComposite : UTOPIA.TD3;
          return { kind: 'probabilities' as const, line: ctcFrames(`${[...((q[0].y + q[2].y) / 2 < 600 ? lines[0] : lines[1]) as string].join('_')}_`, 0.995) };
        });
      },
    });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: cutAtEnd(), secondRecognizer: cutAtEnd(), arbiter: cutAtEnd() });
    expect(widths).toContain(920);
    expect(reading?.parsed.lines).toEqual(printedComposite);
    expect(reading?.parsed.checks.composite).toBe(false);
    expect(reading?.lookAlikesRestored).toEqual([{ field: 'composite', line: 1, index: 43, from: composite, to: printedComposite[1]!.charAt(43), p: expect.closeTo(0.995, 2), thirdP: expect.closeTo(0.995, 2) }]);
  });

  // Blind generator seed 62 `indep-td1-083`: the composite printed right, the detector's box cut its glyph, and the
  // cut glyph read as another digit, so the composite alone failed. Read one pitch wider, the own recogniser and
  // PaddleOCR read the digit printed, which verifies.
  it('sets in a composite digit cut off by the box that the own recogniser and PaddleOCR read wider as the digit verifying it', async () => {
    const composite = (UTOPIA.TD3[1] as string).charAt(43);
    const cutComposite = mutate(UTOPIA.TD3, 1, 43, String((Number(composite) + 3) % 10));
    /** Reads `wide` (the lines as printed) in a quad at least 20 px wider than the detector's box, the cut digit in it. */
    const cutAtEnd = (id: string, wide: readonly string[] = UTOPIA.TD3): LineRecognizer => ({
      id,
      read: async (_image, quads) =>
        quads.map((q) => {
          const lines = q[1].x - q[0].x >= 880 + 2 * 20 ? wide : cutComposite;
          return { kind: 'probabilities' as const, line: ctcFrames(`${[...((q[0].y + q[2].y) / 2 < 600 ? lines[0] : lines[1]) as string].join('_')}_`, 0.995) };
        }),
    });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: cutAtEnd('own'), secondRecognizer: cutAtEnd('paddle'), arbiter: cutAtEnd('arbiter') });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(Object.values(reading?.parsed.checks ?? {}).every(Boolean)).toBe(true);
    expect(reading?.corrected).toEqual([{ field: 'composite', from: expect.stringMatching(new RegExp(`${cutComposite[1]!.charAt(43)}$`)), to: expect.stringMatching(new RegExp(`${composite}$`)) }]);
    // PaddleOCR reading the wider quad otherwise: the composite stays failing.
    const stays = await readMrzZone(IMAGE, { detect, recognizer: cutAtEnd('own'), secondRecognizer: cutAtEnd('paddle', cutComposite), arbiter: cutAtEnd('arbiter') });
    expect(stays?.parsed.lines).toEqual(cutComposite);
    expect(stays?.parsed.checks.composite).toBe(false);
  });

  it('reads a line again wider without a mark beyond its end pushing it out of step (blind photo seed 66 0088)', async () => {
    /**
     * Reads the lines as printed, two frames to a character; in a quad at least 20 px wider than the detector's box
     * (grown by a pitch at each end), with a blank pitch before the line and, in the second line's last frame, an `8`
     * (the page's edge), its personal-number check digit (position 42) read with less confidence.
     */
    const edgeAtEnd = (id: string): LineRecognizer => ({
      id,
      read: async (_image, quads) =>
        quads.map((q) => {
          const second = (q[0].y + q[2].y) / 2 >= 600;
          const text = (second ? UTOPIA.TD3[1] : UTOPIA.TD3[0]) as string;
          const wide = q[1].x - q[0].x >= 880 + 2 * 20;
          if (!wide) return { kind: 'probabilities' as const, line: ctcFrames(`${[...text].join('_')}_`, 0.995) };
          return { kind: 'probabilities' as const, line: ctcFrames(`__${[...text].join('_')}_${second ? '_8' : '__'}`, 0.995, second ? { [2 + 2 * 42]: ['_', 0.3] } : {}) };
        }),
    });
    const reading = await readMrzZone(IMAGE, { detect, recognizer: edgeAtEnd('own'), secondRecognizer: edgeAtEnd('paddle'), arbiter: edgeAtEnd('arbiter') });
    expect(reading?.parsed.lines).toEqual(UTOPIA.TD3);
    expect(reading?.lookAlikesRestored ?? []).toEqual([]);
  });
});

describe('readMrzZone: the corrections step 12 weighed (MrzZoneReading.correctionsWeighed)', () => {
  const detect = async () => MRZ_BOXES;
  /**
   * A recogniser returning CTC frames of the specimen's lines (each character at 0.995), the data line's number
   * character at position 5 (the `0` of L898902C3, frame 10) decoded with the probabilities `at` (the rest spread).
   */
  const recogniser = (at: Record<string, number>): LineRecognizer => ({
    id: 'frames',
    read: async (_image, quads) =>
      quads.map((q) => {
        const top = (q[0].y + q[2].y) / 2 < 600;
        const line = ctcFrames(`${[...(top ? UTOPIA.TD3[0] : UTOPIA.TD3[1])].join('_')}_`, 0.995);
        if (!top) {
          const given = Object.values(at).reduce((a, b) => a + b, 0);
          for (let c = 0; c < MRZ_CLASSES; c++) line.probs[10 * MRZ_CLASSES + c] = (1 - given) / (MRZ_CLASSES - Object.keys(at).length);
          for (const [ch, pr] of Object.entries(at)) line.probs[10 * MRZ_CLASSES + MRZ_ALPHABET.indexOf(ch) + 1] = pr;
        }
        return { kind: 'probabilities' as const, line };
      }),
  });

  // Blind photo seed 83 `0099_fail`: the printed character decoded 8 0.343, 0 0.258 (the number's digit verifies
  // with it), 6 0.244.
  it('records a correction the decoding found a third character as likely for, undone by the rivals', async () => {
    const reading = await readMrzZone(IMAGE, { detect, recognizer: recogniser({ '8': 0.343, '0': 0.258, '6': 0.244 }) }, { fallbackSides: [] });
    expect(reading?.parsed.checks.documentNumber).toBe(false);
    expect(reading?.correctionsWeighed).toEqual([
      {
        field: 'documentNumber',
        from: 'L898982C36',
        to: 'L898902C36',
        changes: [{ line: 1, index: 5, from: '8', to: '0', p: expect.closeTo(0.258, 1), rival: { char: '6', p: expect.closeTo(0.244, 1) } }],
        refutedBy: 'rivals',
      },
    ]);
  });

  it('records a correction kept where the third character lies below RIVAL_BOUNDS, and nothing without corrections', async () => {
    const kept = await readMrzZone(IMAGE, { detect, recognizer: recogniser({ '8': 0.5, '0': 0.4, '6': 0.05 }) }, { fallbackSides: [] });
    expect(kept?.parsed.documentNumber).toBe('L898902C3');
    expect(kept?.correctionsWeighed).toMatchObject([{ field: 'documentNumber', changes: [{ from: '8', to: '0', rival: { char: '6' } }], refutedBy: null }]);
    const clean = await readMrzZone(IMAGE, { detect, recognizer: recogniser({ '0': 0.995 }) }, { fallbackSides: [] });
    expect(clean?.correctionsWeighed).toBeUndefined();
  });
});

describe('readOnce', () => {
  const quads = MRZ_BOXES.map((b) => b.quad);

  it('reads given quads of an image in a mode once, and anything else as asked', async () => {
    const { r, calls } = countingLines('counted', UTOPIA.TD3);
    const once = readOnce(r);
    const first = await once.read(IMAGE, quads, 'line');
    expect(await once.read(IMAGE, quads, 'line')).toBe(first);
    expect(calls()).toBe(1);
    await once.read(IMAGE, quads, 'windows');
    await once.read(IMAGE, quads.slice(0, 1), 'line');
    await once.read({ ...IMAGE }, quads, 'line');
    expect(calls()).toBe(4);
    expect(once.id).toBe('counted');
  });

  it('keeps the recogniser\'s evidence weight', () => {
    const weighed: LineRecognizer = { id: 'w', read: async () => [], evidenceWeight: (h) => (h < 10 ? 0.5 : 1) };
    expect(readOnce(weighed).evidenceWeight?.(8)).toBe(0.5);
    expect(readOnce(countingLines('plain', null).r).evidenceWeight).toBeUndefined();
  });
});
