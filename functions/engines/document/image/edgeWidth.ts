import type { Quad } from '../geometry/quad.ts';
import { quadSize } from '../geometry/quad.ts';
import { cropQuad } from './cropQuad.ts';
import type { RgbImage } from './loadImage.ts';
import { luma } from './luma.ts';

/**
 * The crop a line is measured in is drawn at most this many pixels per character pitch (a larger line is sampled
 * down, which leaves its width in pitches unchanged but bounds the cost). Not tuned.
 */
const MAX_PITCH_PX = 16;

/**
 * An edge counts where the grey changes by at least this share of the line's contrast (the 98th less the 2nd
 * percentile of grey in the rows measured) between neighbouring pixels. Not tuned.
 */
const EDGE_MIN_STEP = 0.12;

/**
 * The rows measured: the middle of the line's quad, this share of its height, where the capitals' vertical strokes
 * cross (the quad holds the line with a margin above and below). Not tuned.
 */
const ROWS_SHARE = 0.4;

/**
 * How blurred a line of monospaced text is: the median width of its vertical edges, in character pitches.
 *
 * The edge width is Marziliano et al.'s (P. Marziliano, F. Dufaux, S. Winkler, T. Ebrahimi, "A no-reference
 * perceptual blur metric", ICIP 2002): along each row, at each pixel step where the grey changes by at least
 * {@link EDGE_MIN_STEP} of the line's contrast and most steeply among its neighbours, the rise between the grey's
 * nearest extremes on either side (where it stops rising or falling), measured from 10% to 90% of it (sub-pixel,
 * where Marziliano et al. take the whole distance between the extremes). Measured in the middle {@link ROWS_SHARE} of the
 * quad's rows and divided by the character pitch (the quad's width over its characters: MRZ text is monospaced,
 * ICAO Doc 9303 Part 3 §4.1), so that a page's size does not change it. Sharp real specimens measure 0.10-0.29 pitches
 * (the smaller the page, the more: an edge spans at least a pixel or two); a Gaussian blur of sigma `s` pitches adds
 * about `2.56 s` (the 10-90% rise of a blurred step) until neighbouring strokes merge, at about 0.3-0.4 pitches
 * (docs/document-verification-log.md "Sixty-fifth session").
 *
 * @param image - RGB pixels
 * @param quad - the line, in reading order, in `image`'s pixels
 * @param characters - how many characters the line holds (44, 36 or 30 in an MRZ)
 * @returns the median edge width in character pitches (> 0), or null where the line shows no edge
 */
export function lineEdgeWidth(image: RgbImage, quad: Quad, characters: number): number | null {
  const size = quadSize(quad);
  const pitch = size.width / Math.max(1, characters);
  if (!(pitch > 0) || !(size.height >= 1)) return null;
  const scale = Math.min(1, MAX_PITCH_PX / pitch);
  const width = Math.max(2, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const grey = luma(cropQuad(image, quad, width, height));
  const top = Math.floor((height * (1 - ROWS_SHARE)) / 2);
  const bottom = Math.max(top + 1, Math.ceil((height * (1 + ROWS_SHARE)) / 2));
  const contrast = spread(grey.subarray(top * width, bottom * width));
  if (contrast <= 0) return null;
  const minStep = EDGE_MIN_STEP * contrast;
  const widths: number[] = [];
  for (let y = top; y < bottom; y++) {
    const row = y * width;
    const at = (x: number) => grey[row + x] as number;
    for (let x = 0; x + 1 < width; x++) {
      const step = at(x + 1) - at(x);
      if (Math.abs(step) < minStep) continue;
      // The steepest step of its run: no neighbouring step in the same direction is steeper.
      const left = x > 0 ? at(x) - at(x - 1) : 0;
      const right = x + 2 < width ? at(x + 2) - at(x + 1) : 0;
      if (Math.sign(left) === Math.sign(step) && Math.abs(left) > Math.abs(step)) continue;
      if (Math.sign(right) === Math.sign(step) && Math.abs(right) >= Math.abs(step)) continue;
      const sign = Math.sign(step);
      let start = x;
      while (start > 0 && (at(start) - at(start - 1)) * sign > 0) start--;
      let end = x + 1;
      while (end + 1 < width && (at(end + 1) - at(end)) * sign > 0) end++;
      widths.push(riseWidth(at, start, end));
    }
  }
  if (widths.length === 0) return null;
  widths.sort((a, b) => a - b);
  return (widths[Math.floor(widths.length / 2)] as number) / (pitch * scale);
}

/** The 98th less the 2nd percentile of grey values (ink may cover less than a tenth of the rows measured). */
function spread(grey: Float32Array): number {
  const sorted = Float32Array.from(grey).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return at(0.98) - at(0.02);
}

/**
 * The distance between where a monotonic run of grey from `start` to `end` crosses 10% and 90% of its rise, linearly
 * interpolated between pixels (an ideal step blurred by a Gaussian of sigma `s` gives about 2.56 `s`).
 */
function riseWidth(at: (x: number) => number, start: number, end: number): number {
  const a = at(start), b = at(end);
  const cross = (share: number) => {
    const level = a + share * (b - a);
    for (let x = start; x < end; x++) {
      const u = at(x), v = at(x + 1);
      if ((level - u) * (level - v) <= 0 && u !== v) return x + (level - u) / (v - u);
    }
    return end;
  };
  return cross(0.9) - cross(0.1);
}
