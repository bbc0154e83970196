import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { detectText } from '../../../../functions/engines/document/ocr/paddle/detectText.ts';
import { loadOnnxSession, readVerified } from '../../../../functions/engines/document/ocr/paddle/loadOnnxSession.ts';
import { defaultPaddleModelsDir, PADDLE_MODELS } from '../../../../functions/engines/document/ocr/paddle/paddleModels.ts';
import { recognitionLabels, recognizeText } from '../../../../functions/engines/document/ocr/paddle/recognizeText.ts';
import { readVisualZoneWords, type VisualZoneReader } from '../../../../functions/engines/document/reading/readVisualZone.ts';
import { readMrzZone } from '../../../../functions/engines/document/reading/readMrzZone.ts';
import { loadMrzLineRecognizer } from '../../../../functions/engines/document/ocr/mrzNet/mrzLineRecognizer.ts';
import { defaultDocumentModelsDir } from '../../../../functions/engines/document/ocr/mrzNet/mrzNetModel.ts';
import { generateSet, type SyntheticDocument } from '../../../../functions/engines/document/synthetic/generateSet.ts';

/**
 * Whether the words read hold a name, word by word or with its words joined: the recogniser often reads the space
 * between printed names as nothing (`MIA JOHN` as `MIAJOHN`).
 */
const printedName = (words: ReadonlySet<string>, name: unknown): boolean =>
  typeof name === 'string' && name !== '' && (words.has(name.replace(/ /g, '')) || name.split(' ').every((w) => words.has(w)));

let reader: VisualZoneReader;
let mrzDetect: VisualZoneReader['detect'];
let dir: string;
let docs: SyntheticDocument[];

beforeAll(async () => {
  const models = defaultPaddleModelsDir();
  const [det, rec, dictionary] = await Promise.all([
    loadOnnxSession(models, PADDLE_MODELS.detection, 2, true),
    loadOnnxSession(models, PADDLE_MODELS.recognition, 2, true),
    readVerified(path.join(models, PADDLE_MODELS.dictionary.file), PADDLE_MODELS.dictionary.sha256),
  ]);
  const labels = recognitionLabels(dictionary.toString('utf8'));
  reader = { detect: (image) => detectText(det, image), readText: (crops) => recognizeText(rec, labels, crops) };
  mrzDetect = reader.detect;
  dir = await mkdtemp(path.join(tmpdir(), 'viz-'));
  // Clean synthetic captures of a fixed seed: a passport data page, and a TD1 card with its front.
  docs = await generateSet({ dir, count: 2, seed: 5, mix: [1, 0, 0], sequence: ['passport', 'id_card'] });
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readVisualZoneWords (PP-OCRv4, unrestricted)', () => {
  it('reads the names printed on a synthetic passport page, in capitals, outside the MRZ', async () => {
    const d = docs.find((x) => x.documentType === 'TD3');
    const image = await loadImage(await readFile(path.join(dir, d?.images[0]?.file ?? '')));
    const recognizer = await loadMrzLineRecognizer(defaultDocumentModelsDir(), 2);
    const mrz = await readMrzZone(image, { detect: mrzDetect, recognizer });
    expect(mrz).not.toBeNull();
    const words = await readVisualZoneWords(reader, image, mrz?.quads ?? []);
    expect(printedName(words, d?.expected?.lastName)).toBe(true);
    expect(printedName(words, d?.expected?.firstName)).toBe(true);
    // The page's labels are read too (the witness compares names only).
    expect(words).toContain('PASSPORT');
    // The MRZ's lines are left out: its names line would give the state and surname as one word (`TURMARTIN`).
    const mrzWord = d?.mrz?.lines[0]?.split('<').find((w) => w.length > 3);
    expect(mrzWord).toBeDefined();
    expect(words).not.toContain(mrzWord);
  }, 60_000);

  it("reads a card's front as the other side, in the MRZ's direction", async () => {
    const d = docs.find((x) => x.documentType === 'TD1' && x.frontFile);
    const back = await loadImage(await readFile(path.join(dir, d?.images[0]?.file ?? '')));
    const front = await loadImage(await readFile(path.join(dir, d?.frontFile ?? '')));
    const recognizer = await loadMrzLineRecognizer(defaultDocumentModelsDir(), 2);
    const mrz = await readMrzZone(back, { detect: mrzDetect, recognizer });
    const words = await readVisualZoneWords(reader, front, mrz?.quads ?? [], false);
    expect(printedName(words, d?.expected?.lastName)).toBe(true);
  }, 60_000);

  it('reads nothing without the MRZ lines to give the direction', async () => {
    const d = docs[0] as SyntheticDocument;
    const image = await loadImage(await readFile(path.join(dir, d.images[0]?.file ?? '')));
    expect((await readVisualZoneWords(reader, image, [])).size).toBe(0);
  });
});

describe('readVisualZoneWords (fake detector and recogniser)', () => {
  const box = (y: number, x0 = 60, x1 = 940) => ({ quad: [{ x: x0, y }, { x: x1, y }, { x: x1, y: y + 30 }, { x: x0, y: y + 30 }] as const, score: 0.9 });
  const image = { width: 1000, height: 700, data: new Uint8Array(1000 * 700 * 3).fill(255) };
  const mrz = [box(560).quad, box(610).quad];
  const fake = (texts: string[]) => {
    const read: number[] = [];
    return {
      read,
      reader: {
        detect: async () => [box(200), box(300), box(565), box(40, 10, 30)].map((b, i) => (i === 3 ? { ...b, quad: [{ x: 10, y: 100 }, { x: 10, y: 40 }, { x: 40, y: 40 }, { x: 40, y: 100 }] as const } : b)),
        readText: async (crops: readonly unknown[]) => {
          read.push(crops.length);
          return crops.map((_, i) => ({ text: texts[i] ?? '' }));
        },
      },
    };
  };

  it('reads boxes outside the MRZ that run along it, transliterated and split into capital words of two letters or more', async () => {
    const f = fake(['Surname / Nom: García', 'Müller-Lüdenscheidt A.']);
    const words = await readVisualZoneWords(f.reader, image, mrz);
    // The box on an MRZ line and the box across the lines are not read.
    expect(f.read).toEqual([2]);
    expect([...words].sort()).toEqual(['GARCIA', 'LUDENSCHEIDT', 'MULLER', 'NOM', 'SURNAME']);
  });

  it('drops a text holding the MRZ filler: an MRZ line the quads missed', async () => {
    const words = await readVisualZoneWords(fake(['P<UTOERIKSSON<<ANNA', 'ANNA MARIA']).reader, image, mrz);
    expect([...words].sort()).toEqual(['ANNA', 'MARIA']);
  });

  it("reads the other side's boxes all, in the MRZ's direction", async () => {
    const f = fake(['A', 'B', 'C']);
    await readVisualZoneWords(f.reader, image, mrz, false);
    expect(f.read).toEqual([3]);
  });
});
