import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEMPLATES_SEED } from '../../../../functions/engines/document/index.ts';
import type { LineRecognizer } from '../../../../functions/engines/document/ocr/lineRecognizer.ts';
import { verifyDocument } from '../../../../functions/engines/document/reading/verifyDocument.ts';
import { lineBox, mutate, UTOPIA } from './fixtures.ts';

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

  it("refuses a damaged visa's MRZ sent as a passport as the wrong document, with nothing read", async () => {
    const visa = [`V${damaged[0]!.slice(1)}`, damaged[1]!];
    const reading = await verifyDocument(readerOf(visa), { front, template: passport, now: NOW });
    expect(reading.outcome).toBe('unprocessable');
    expect(reading.result.errorCategory).toBe('document_type_mismatch');
    expect(reading.decision).toBe('Declined');
    expect(reading.result.documentNumber).toBeNull();
    expect(reading.result.lastName).toBeNull();
  });
});
