import path from 'node:path';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../../../../functions/engines/document/ocr/ctc/lineProbabilities.ts';

/** Repository root (test/unit/engines/document -> ../../../..). */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** The shared real-document set (never copied into the repository). */
export const sharedDocuments = path.resolve(repoRoot, '..', 'shared', 'data', 'documents');

/** ICAO Doc 9303 specimen MRZs ("Utopia"): Part 4 Appendix (TD3), Part 6 (TD2), Part 5 (TD1). */
export const UTOPIA = {
  TD3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  TD2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  TD1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
} as const;

/** Replaces one character of one line. */
export function mutate(lines: readonly string[], line: number, index: number, ch: string): string[] {
  return lines.map((l, i) => (i === line ? l.slice(0, index) + ch + l.slice(index + 1) : l));
}

/**
 * CTC frames from a path string: `_` is blank, other characters are emitted with probability `p`, the rest spread
 * evenly; `alt` moves part of a frame's probability to another class (`_` for blank).
 */
export function ctcFrames(path: string, p = 0.9, alt: Record<number, [string, number]> = {}): LineProbabilities {
  const probs = new Float32Array(path.length * MRZ_CLASSES);
  const cls = (ch: string) => (ch === '_' ? 0 : MRZ_ALPHABET.indexOf(ch) + 1);
  [...path].forEach((ch, t) => {
    const rest = (1 - p) / (MRZ_CLASSES - 1);
    for (let c = 0; c < MRZ_CLASSES; c++) probs[t * MRZ_CLASSES + c] = rest;
    probs[t * MRZ_CLASSES + cls(ch)] = p;
    const a = alt[t];
    if (a) {
      probs[t * MRZ_CLASSES + cls(a[0])] = a[1];
      probs[t * MRZ_CLASSES + cls(ch)] = p - a[1];
    }
  });
  return { frames: path.length, probs, mrzMass: 1 };
}

/** A horizontal text-line box 880 x 30 px whose top edge is at `y` (fake detector output for 1000 x 700 images). */
export function lineBox(y: number): Quad {
  return [
    { x: 60, y },
    { x: 940, y },
    { x: 940, y: y + 30 },
    { x: 60, y: y + 30 },
  ];
}

/** Pitch of {@link drawGlyphLine}'s characters: two frames of 8 pixels each. */
const PITCH = 16;
/** Height of {@link drawGlyphLine}'s images: the PaddleOCR recogniser's input. */
const HEIGHT = 48;

/**
 * A line image of `glyphs` (one per character, `PITCH` apart, vertically centred): each a dark shape `h` pixels
 * high, 10 wide; `T` draws a bar 3 rows thick with a 2-pixel stem (the stem's rows hold little ink on average), and
 * `blur` box-blurs the result that many times (3 x 3).
 */
export function drawGlyphLine(glyphs: ReadonlyArray<{ h: number; shape?: 'box' | 'T' }>, blur = 0): RgbImage {
  const width = glyphs.length * PITCH;
  let grey = new Float64Array(width * HEIGHT).fill(235);
  glyphs.forEach(({ h, shape = 'box' }, i) => {
    const x0 = i * PITCH + 3;
    const y0 = Math.round((HEIGHT - h) / 2);
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + 10; x++) {
        const ink = shape === 'box' || y < y0 + 3 || (x >= x0 + 4 && x < x0 + 6);
        if (ink) grey[y * width + x] = 30;
      }
    }
  });
  for (let k = 0; k < blur; k++) {
    const next = new Float64Array(grey.length);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy, xx = x + dx;
            if (yy < 0 || yy >= HEIGHT || xx < 0 || xx >= width) continue;
            sum += grey[yy * width + xx] as number;
            n++;
          }
        }
        next[y * width + x] = sum / n;
      }
    }
    grey = next;
  }
  const data = new Uint8Array(width * HEIGHT * 3);
  grey.forEach((v, i) => data.fill(Math.round(v), i * 3, i * 3 + 3));
  return { width, height: HEIGHT, data };
}

/**
 * A white `width x height` image, dark (grey 20) where `dark(x, y)` holds, each pixel the mean of 4x4 samples, as a
 * camera's pixels average the light over their area (hard-edged shapes would be staircases of edges).
 */
export function supersampled(width: number, height: number, dark: (x: number, y: number) => boolean): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) if (dark(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) n++;
      data.fill(Math.round(255 - (235 * n) / 16), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { width, height, data };
}

/** The ink-weighted (255 minus grey) mean row of a grey image's columns `[x0, x1)`. */
export function inkRow(image: RgbImage, x0: number, x1: number): number {
  let sum = 0, weight = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = x0; x < x1; x++) {
      const ink = 255 - (image.data[(y * image.width + x) * 3] as number);
      sum += ink * y;
      weight += ink;
    }
  }
  return sum / weight;
}

/**
 * A white `width x height` image ({@link supersampled}) with two rows of dark blocks (6 px wide, 8 px high, every
 * 10 px: the characters of two text lines) over the middle 90% of the width, their tops at `top(x)` and 14 px lower.
 */
export function blockRows(width: number, height: number, top: (x: number) => number): RgbImage {
  return supersampled(width, height, (x, y) => {
    if (x < width * 0.05 || x > width * 0.95 || x % 10 >= 6) return false;
    const t = top(x);
    return (y >= t && y < t + 8) || (y >= t + 14 && y < t + 22);
  });
}
