import { describe, expect, it } from 'vitest';
import type { Quad } from '../../../../functions/engines/document/geometry/quad.ts';
import { lineEdgeWidth } from '../../../../functions/engines/document/image/edgeWidth.ts';
import type { RgbImage } from '../../../../functions/engines/document/image/loadImage.ts';

/** The error function (Abramowitz and Stegun 7.1.26, |error| < 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/**
 * A line of `chars` monospaced "characters" drawn in code: each a dark vertical stroke (ink 20 on paper 240) a fifth
 * of the pitch wide in the middle of its cell, rows from a quarter to three quarters of the height, blurred along the
 * row by a Gaussian of `sigma` pixels (each pixel the stroke's coverage integrated exactly: differences of erf).
 */
function strokes(chars: number, pitch: number, height: number, sigma: number): RgbImage {
  const width = chars * pitch;
  const data = new Uint8Array(width * height * 3).fill(240);
  const half = pitch / 10;
  for (let x = 0; x < width; x++) {
    const c = x + 0.5;
    const cell = Math.floor(c / pitch);
    let cover = 0;
    for (const k of [cell - 1, cell, cell + 1]) {
      const mid = (k + 0.5) * pitch;
      cover += sigma > 0 ? 0.5 * (erf((c - mid + half) / (sigma * Math.SQRT2)) - erf((c - mid - half) / (sigma * Math.SQRT2))) : Math.abs(c - mid) < half ? 1 : 0;
    }
    const v = Math.round(240 - 220 * Math.min(1, cover));
    for (let y = Math.floor(height / 4); y < Math.ceil((3 * height) / 4); y++) data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return { width, height, data };
}

const whole = (img: RgbImage): Quad => [
  { x: 0, y: 0 },
  { x: img.width, y: 0 },
  { x: img.width, y: img.height },
  { x: 0, y: img.height },
];

describe('lineEdgeWidth', () => {
  it('grows with the blur, as about 2.56 sigma over the pitch', () => {
    const pitch = 12;
    const widths = [0, 0.75, 1.5].map((sigma) => {
      const img = strokes(44, pitch, 30, sigma);
      return lineEdgeWidth(img, whole(img), 44) as number;
    });
    expect(widths[0]).toBeLessThan(0.1);
    for (let i = 1; i < widths.length; i++) expect(widths[i]).toBeGreaterThan(widths[i - 1] as number);
    // The 10-90% rise of an ideal step under a Gaussian is 2.563 sigma; strokes 2.4 px wide and 12 px apart narrow it.
    expect(widths[2]).toBeGreaterThan((0.6 * 2.563 * 1.5) / pitch);
    expect(widths[2]).toBeLessThan((1.2 * 2.563 * 1.5) / pitch);
  });

  it('measures in pitches: the same line drawn twice the size gives about the same width', () => {
    const small = strokes(36, 8, 20, 1.5);
    const large = strokes(36, 16, 40, 3);
    const a = lineEdgeWidth(small, whole(small), 36) as number;
    const b = lineEdgeWidth(large, whole(large), 36) as number;
    expect(Math.abs(a - b) / b).toBeLessThan(0.2);
  });

  it('is null on a line without ink', () => {
    const blank: RgbImage = { width: 300, height: 20, data: new Uint8Array(300 * 20 * 3).fill(240) };
    expect(lineEdgeWidth(blank, whole(blank), 30)).toBeNull();
  });
});
