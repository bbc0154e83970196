import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEMPLATES_SEED } from '../../../../functions/engines/document/index.ts';
import type { LineRecognizer } from '../../../../functions/engines/document/ocr/lineRecognizer.ts';
import { MRZ_MIN_PITCH_PX } from '../../../../functions/engines/document/checks/checkMrzResolution.ts';
import { NAMES_MIN_MARGIN } from '../../../../functions/engines/document/checks/checkNamesConfident.ts';
import { verifyDocument } from '../../../../functions/engines/document/reading/verifyDocument.ts';
import { ctcFrames, lineBox, mutate, UTOPIA } from './fixtures.ts';

/** A reader whose detector finds two MRZ lines and whose recogniser reads them as `lines` (text). */
const readerOf = (lines: readonly string[]) => {
  const recognizer: LineRecognizer = {
    id: 'fake',
    read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: (q[0].y + q[2].y) / 2 < 600 ? (lines[0] as string) : (lines[1] as string), confidence: 0.9 })),
  };
  return { mrz: { detect: async () => [560, 610].map((y) => ({ quad: lineBox(y), score: 0.9 })), recognizer }, readPdf417: async () => null };
};

const passport = DOCUMENT_TEMPLATES_SEED.find((t) => t.id === 'doc_passport')!;
const NOW = new Date('2026-11-21T12:00:00Z');

describe('verifyDocument with an MRZ too damaged to read', async () => {
  const front = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#ffffff' } }).png().toBuffer();
  // The TD3 specimen with its document-number and personal-number check digits misread: 2 of 5 verify.
  const damaged = mutate(mutate(UTOPIA.TD3, 1, 9, '7'), 1, 42, '5');

  it('refuses a damaged MRZ as unreadable', async () => {
    const reading = await verifyDocument(readerOf(damaged), { front, template: passport, now: NOW });
    expect(reading.outcome).toBe('unprocessable');
    expect(reading.result.errorCategory).toBe('mrz_checksum_failed');
    expect(reading.result.documentNumber).toBeNull();
  });

  it("refuses a damaged visa's MRZ sent as a passport as the wrong document, every field null, as a readable visa", async () => {
    const visa = [`V${damaged[0]!.slice(1)}`, damaged[1]!];
    const reading = await verifyDocument(readerOf(visa), { front, template: passport, now: NOW });
    // Told by its document code: the step answers Completed with result.errorCategory, not Failed with no result.
    expect(reading.outcome).toBe('read');
    expect(reading.result.errorCategory).toBe('document_type_mismatch');
    expect(reading.decision).toBe('Declined');
    expect(reading.result.documentNumber).toBeNull();
    expect(reading.result.lastName).toBeNull();
  });

  it('refuses a reading coded V none of whose check digits verify as unreadable, not as a visa', async () => {
    // The document number, birth date and expiry check digits all misread: nothing shows the lines are a visa's.
    const garbled = mutate(mutate(mutate(damaged, 1, 19, '3'), 1, 27, '1'), 1, 9, '7');
    const reading = await verifyDocument(readerOf([`V${garbled[0]!.slice(1)}`, garbled[1]!]), { front, template: passport, now: NOW });
    expect(reading.outcome).toBe('unprocessable');
    expect(reading.result.errorCategory).toBe('mrz_checksum_failed');
  });
});

describe('verifyDocument with names the recognisers leave in doubt', async () => {
  const front = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#ffffff' } }).png().toBuffer();
  // Before the specimen's expiry (2012-04-15), so that nothing but the names can hold the page back.
  const before = new Date('2011-01-01T12:00:00Z');
  /**
   * A recogniser returning CTC frames of the specimen's lines (each character at 0.99, then a blank), with the O of
   * ERIKSSON (line 1, position 11, frame 22) read as `letter` and `rival` of its 0.99 given to the other of O and D.
   */
  const recogniser = (id: string, letter: 'O' | 'D', rival: number): LineRecognizer => ({
    id,
    read: async (_image, quads) =>
      quads.map((q) => {
        const upper = (q[0].y + q[2].y) / 2 < 600;
        const text = (upper ? mutate(UTOPIA.TD3, 0, 11, letter)[0] : UTOPIA.TD3[1]) as string;
        return { kind: 'probabilities' as const, line: ctcFrames(`${[...text].join('_')}_`, 0.99, upper ? { 22: [letter === 'O' ? 'D' : 'O', rival] } : {}) };
      }),
  });
  const readerWith = (first: LineRecognizer, second: LineRecognizer) => ({
    mrz: { detect: async () => [560, 610].map((y) => ({ quad: lineBox(y), score: 0.9 })), recognizer: first, secondRecognizer: second },
    readPdf417: async () => null,
  });

  it('sends the page to review as low quality, the names returned, when they barely lead a rival one letter away', async () => {
    // The first reads D (0.54, O 0.45), the second O (0.60, D 0.39): ERIKSSON leads ERIKSSDN by about e^0.25.
    const reading = await verifyDocument(readerWith(recogniser('first', 'D', 0.45), recogniser('second', 'O', 0.39)), { front, template: passport, now: before });
    expect(reading.outcome).toBe('read');
    expect(reading.mrz?.namesMargin).toBeLessThan(NAMES_MIN_MARGIN);
    expect(reading.decision).toBe('InReview');
    expect(reading.result.errorCategory).toBe('low_quality');
    expect(reading.result.lastName).toBe('ERIKSSON');
    expect(reading.result.documentNumber).toBe('L898902C3');
    expect(reading.checks.find((c) => c.id === 'names_confident')?.passed).toBe(false);
  });

  it('approves names in doubt that the session expects', async () => {
    const doubtful = readerWith(recogniser('first', 'D', 0.45), recogniser('second', 'O', 0.39));
    const expected = { firstName: 'Anna Maria', lastName: 'Eriksson' };
    const reading = await verifyDocument(doubtful, { front, template: passport, now: before, expected });
    expect(reading.decision).toBe('Approved');
    expect(reading.checks.find((c) => c.id === 'names_confident')).toMatchObject({ passed: true, detail: expect.stringMatching(/agree with the expected names/) });
  });

  /** A visual-zone reader finding one text box above the MRZ (and one on each MRZ line) that reads `printed`. */
  const visualZone = (printed: string) => {
    const seen: number[] = [];
    return {
      seen,
      reader: {
        detect: async () => [300, 560, 610].map((y) => ({ quad: lineBox(y), score: 0.9 })),
        readText: async (crops: readonly unknown[]) => {
          seen.push(crops.length);
          return crops.map(() => ({ text: printed }));
        },
      },
    };
  };

  it('approves names in doubt that the visual zone prints, and not their rival', async () => {
    const viz = visualZone('Surname: Eriksson');
    const reader = { ...readerWith(recogniser('first', 'D', 0.45), recogniser('second', 'O', 0.39)), visualZone: viz.reader };
    const reading = await verifyDocument(reader, { front, template: passport, now: before });
    expect(reading.decision).toBe('Approved');
    expect(reading.result.lastName).toBe('ERIKSSON');
    expect(reading.mrz?.namesWitnessed).toMatchObject({ line: 0, from: UTOPIA.TD3[0]!.slice(5), to: UTOPIA.TD3[0]!.slice(5) });
    expect(reading.checks.find((c) => c.id === 'names_confident')).toMatchObject({ passed: true, detail: expect.stringMatching(/visual zone prints them/) });
    // The MRZ's own lines are not read as the visual zone.
    expect(viz.seen).toEqual([1]);
  });

  it('returns the spelling the visual zone prints where the recognisers chose its rival', async () => {
    // Both lean to D: ERIKSSDN is chosen, ERIKSSON barely behind.
    const reader = { ...readerWith(recogniser('first', 'D', 0.45), recogniser('second', 'D', 0.39)), visualZone: visualZone('ERIKSSON').reader };
    const reading = await verifyDocument(reader, { front, template: passport, now: before });
    expect(reading.mrz?.namesWitnessed?.from).toContain('ERIKSSDN');
    expect(reading.result.lastName).toBe('ERIKSSON');
    expect(reading.mrz?.lines[0]).toBe(UTOPIA.TD3[0]);
    expect(reading.decision).toBe('Approved');
  });

  it('leaves names in doubt in review when the visual zone prints neither spelling, or both', async () => {
    for (const printed of ['PASSPORT UTOPIA', 'ERIKSSON ERIKSSDN']) {
      const reader = { ...readerWith(recogniser('first', 'D', 0.45), recogniser('second', 'O', 0.39)), visualZone: visualZone(printed).reader };
      const reading = await verifyDocument(reader, { front, template: passport, now: before });
      expect(reading.decision).toBe('InReview');
      expect(reading.mrz?.namesWitnessed).toBeNull();
      expect(reading.result.errorCategory).toBe('low_quality');
    }
  });

  it('does not read the visual zone when the names are not in doubt', async () => {
    const viz = visualZone('ERIKSSDN');
    const reader = { ...readerWith(recogniser('first', 'O', 0.05), recogniser('second', 'O', 0.05)), visualZone: viz.reader };
    const reading = await verifyDocument(reader, { front, template: passport, now: before });
    expect(reading.result.lastName).toBe('ERIKSSON');
    expect(viz.seen).toEqual([]);
  });

  it('approves the page when both recognisers read the names clearly', async () => {
    // Both read O at 0.94 against D 0.05: ERIKSSON leads by about e^5.9.
    const reading = await verifyDocument(readerWith(recogniser('first', 'O', 0.05), recogniser('second', 'O', 0.05)), { front, template: passport, now: before });
    expect(reading.mrz?.namesMargin).toBeGreaterThan(NAMES_MIN_MARGIN);
    expect(reading.decision).toBe('Approved');
    expect(reading.result.errorCategory).toBeNull();
    expect(reading.checks.find((c) => c.id === 'names_confident')?.passed).toBe(true);
  });
});

describe('verifyDocument with a state code on no list', async () => {
  const front = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const before = new Date('2011-01-01T12:00:00Z');

  it('sends the page to review as low quality, every field returned, the issuing state null', async () => {
    // UTO read UTQ: no check digit covers the issuing state, so every digit still verifies.
    const reading = await verifyDocument(readerOf(mutate(UTOPIA.TD3, 0, 4, 'Q')), { front, template: passport, now: before });
    expect(reading.outcome).toBe('read');
    expect(reading.decision).toBe('InReview');
    expect(reading.result.errorCategory).toBe('low_quality');
    expect(reading.result.issuingCountry).toBeNull();
    expect(reading.result.documentNumber).toBe('L898902C3');
    expect(reading.document?.mrzIssuingState).toBe('UTQ');
    expect(reading.checks.find((c) => c.id === 'state_codes_listed')).toMatchObject({ passed: false, detail: expect.stringMatching(/issuing state UTQ/) });
  });

  it('approves the same page with its listed code, though UTO names no country', async () => {
    const reading = await verifyDocument(readerOf(UTOPIA.TD3), { front, template: passport, now: before });
    expect(reading.decision).toBe('Approved');
    expect(reading.result.issuingCountry).toBeNull();
    expect(reading.checks.find((c) => c.id === 'state_codes_listed')?.passed).toBe(true);
  });
});

describe('verifyDocument with an MRZ too small to trust', async () => {
  const front = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const before = new Date('2011-01-01T12:00:00Z');
  /** The UTOPIA specimen read from two lines `width` px long and 8 px high (44 characters each). */
  const readerAt = (width: number) => {
    const box = (y: number) => [{ x: 60, y }, { x: 60 + width, y }, { x: 60 + width, y: y + 8 }, { x: 60, y: y + 8 }] as const;
    const recognizer: LineRecognizer = {
      id: 'fake',
      read: async (_image, quads) => quads.map((q) => ({ kind: 'text' as const, text: (q[0].y < 570 ? UTOPIA.TD3[0] : UTOPIA.TD3[1]) as string, confidence: 0.9 })),
    };
    return { mrz: { detect: async () => [560, 575].map((y) => ({ quad: box(y), score: 0.9 })), recognizer }, readPdf417: async () => null };
  };

  it('sends the page to review as low quality, every field returned', async () => {
    // 220 px for 44 characters: 5 px each.
    const reading = await verifyDocument(readerAt(220), { front, template: passport, now: before });
    expect(reading.outcome).toBe('read');
    expect(reading.mrz?.characterPitch).toBeCloseTo(5, 6);
    expect(reading.decision).toBe('InReview');
    expect(reading.result.errorCategory).toBe('low_quality');
    expect(reading.result.documentNumber).toBe('L898902C3');
    expect(reading.result.lastName).toBe('ERIKSSON');
    expect(reading.checks.find((c) => c.id === 'mrz_resolution')).toMatchObject({ passed: false, detail: expect.stringMatching(/5\.0 px apart/) });
  });

  it('approves the same page read from lines long enough', async () => {
    const reading = await verifyDocument(readerAt(44 * MRZ_MIN_PITCH_PX), { front, template: passport, now: before });
    expect(reading.decision).toBe('Approved');
    expect(reading.checks.find((c) => c.id === 'mrz_resolution')?.passed).toBe(true);
  });
});
