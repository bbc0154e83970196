import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { loadImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import type { LineReading } from '../../../../functions/engines/document/ocr/lineRecognizer.ts';
import { loadOnnxSession } from '../../../../functions/engines/document/ocr/paddle/loadOnnxSession.ts';
import { createPaddleLineRecognizer } from '../../../../functions/engines/document/ocr/paddle/paddleLineRecognizer.ts';
import { defaultPaddleModelsDir, PADDLE_MODELS } from '../../../../functions/engines/document/ocr/paddle/paddleModels.ts';
import { buildRecClassMap } from '../../../../functions/engines/document/ocr/paddle/recognizeLines.ts';
import { composeMrz } from '../../../../functions/engines/document/synthetic/composeMrz.ts';
import { createRandom } from '../../../../functions/engines/document/synthetic/random.ts';
import { randomIdentity } from '../../../../functions/engines/document/synthetic/randomIdentity.ts';
import { renderDocument } from '../../../../functions/engines/document/synthetic/renderDocument.ts';

// A dictionary in the format of PaddleOCR's ppocr_keys_v1.txt (one key per line; class i+1 is line i), holding the
// MRZ characters after some other keys, a few lower-case and full-width variants, and a duplicate key.
const keys = ['的', ...MRZ_ALPHABET, 'r', 'z', 'o', '０', 'Ｚ', '＜', 'R'];
const dictionary = `${keys.join('\n')}\n`;
const classOf = (key: string) => keys.indexOf(key) + 1;

describe('buildRecClassMap', () => {
  const map = buildRecClassMap(dictionary);

  it('gives each MRZ character its own class first, then its small-capital lower case and full-width forms', () => {
    // `r` is not an `R` drawn smaller, so it stays out; `z` and `o` are.
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('R')]).toEqual([classOf('R')]);
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('Z')]).toEqual([classOf('Z'), classOf('z'), classOf('Ｚ')]);
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('O')]).toEqual([classOf('O'), classOf('o')]);
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('0')]).toEqual([classOf('0'), classOf('０')]);
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('<')]).toEqual([classOf('<'), classOf('＜')]);
    expect(map.mrzClasses[MRZ_ALPHABET.indexOf('A')]).toEqual([classOf('A')]);
  });

  it('places the space class last, after the dictionary keys', () => {
    expect(map.spaceClass).toBe(keys.length + 1);
    expect(map.outputClasses).toBe(keys.length + 2);
  });

  it('refuses a dictionary without an MRZ character', () => {
    expect(() => buildRecClassMap(keys.filter((k) => k !== 'Q').join('\n'))).toThrow(RangeError);
  });
});

describe('the PaddleOCR recogniser on letter-spaced MRZ lines', () => {
  // A TD1 card whose MRZ is set as one string per line in OCR-B of 2.9 mm letter-spaced to the 2.54 mm pitch, drawn
  // at 17.5 px/mm (renderDocument `mrzTypesetting: text`). The recogniser gives such glyphs much of their mass as
  // full-width and lower-case forms; readMrzZone.ts takes a line for MRZ text only at an MRZ mass of 0.75 or more.
  let lines: Array<{ mrzMass: number; ownMass: number }>;
  let readings: LineReading[];
  let squeezed: LineReading[];

  beforeAll(async () => {
    const dir = defaultPaddleModelsDir();
    const session = await loadOnnxSession(dir, PADDLE_MODELS.recognition, 2, true);
    const keys = (await readFile(path.join(dir, PADDLE_MODELS.dictionary.file))).toString('utf8');
    const shipped = buildRecClassMap(keys);
    // The map before 2026-11-25: each character's own class only, and the space not counted as the blank (a class
    // the model gives nothing on an MRZ, the Chinese character 的, stands in for it).
    const ownOnly = { ...shipped, mrzClasses: shipped.mrzClasses.map((c) => [c[0] as number]), spaceClass: keys.split('\n').indexOf('的') + 1 };
    const rng = createRandom(3);
    const identity = randomIdentity(rng, new Date('2026-11-21T12:00:00Z'));
    const mrz = composeMrz(identity, 'TD1', 'I<');
    const scale = 17.5;
    const png = await renderDocument({ shape: 'TD1', mrz, identity, title: 'DOCUMENT', portrait: false, scale, mrzTypesetting: { mode: 'text', fontMm: 2.9 } }, rng);
    const image = await loadImage(png);
    // The TD1 MRZ of renderDocument: 4.6 mm from the left edge, baselines at 41.3, 45.53 and 49.76 mm.
    const quads = [41.3, 45.53, 49.76].map((b): Quad => {
      const x0 = 3.6 * scale, x1 = (4.6 + 30 * 2.54 + 1) * scale, y0 = (b - 2.4) * scale, y1 = (b + 0.5) * scale;
      return [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
    });
    const mass = (r: LineReading) => (r.kind === 'probabilities' ? r.line.mrzMass : 0);
    const withVariants = await createPaddleLineRecognizer(session, shipped).read(image, quads, 'windows');
    const own = await createPaddleLineRecognizer(session, ownOnly).read(image, quads, 'windows');
    lines = mrz.map((_, i) => ({ mrzMass: mass(withVariants[i] as LineReading), ownMass: mass(own[i] as LineReading) }));
    readings = withVariants;
    squeezed = await createPaddleLineRecognizer(session, shipped).read(image, quads, 'squeezed');
  }, 60_000);

  it('reads each line in its narrowest crop (720 pixels) in squeezed mode', () => {
    expect(squeezed.map((r) => (r.kind === 'probabilities' ? r.image?.width : null))).toEqual([720, 720, 720]);
    expect(readings.every((r) => r.kind === 'probabilities' && (r.image?.width ?? 0) > 720)).toBe(true);
    // 90 frames, three per character of a TD1 line. A line whose full-width reading is right may read worse squeezed
    // (this card's line 1 greedily as `<G0F592<<…`, 2026-11-25), so readMrzZone.ts takes it only as a third opinion.
    expect(squeezed.every((r) => r.kind === 'probabilities' && r.line.frames === 90)).toBe(true);
  });

  it('keeps every line above the MRZ mass bar with the variants folded in', () => {
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.mrzMass).toBeGreaterThan(0.9);
  });

  it('returns each line also with a margin for measuring glyphs, whose middle rows are the crop it read', () => {
    for (const r of readings) {
      if (r.kind !== 'probabilities' || !r.image || !r.margined) throw new Error('expected a line image with its margin');
      const { image: tall, lineRows } = r.margined;
      // measureMargin 0.15 of the 48-pixel crop: 7 rows above and below, the same columns.
      expect(lineRows).toEqual([7, 55]);
      expect([tall.width, tall.height]).toEqual([r.image.width, 62]);
      let worst = 0;
      for (let y = 0; y < 48; y++) {
        for (let i = 0; i < r.image.width * 3; i++) worst = Math.max(worst, Math.abs((r.image.data[y * r.image.width * 3 + i] as number) - (tall.data[(y + 7) * tall.width * 3 + i] as number)));
      }
      expect(worst).toBeLessThanOrEqual(1);
    }
  });

  it("would drop a line below the bar with each character's own class alone", () => {
    expect(Math.min(...lines.map((l) => l.ownMass))).toBeLessThan(0.75);
  });
});
