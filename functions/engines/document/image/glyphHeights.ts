import type { RgbImage } from './loadImage.ts';
import { greyPercentile } from './luma.ts';

/** Where a recogniser's frames lie in its line image. */
export interface FrameGeometry {
  /** Width of one frame (time step) in pixels of the line image; frame `t` covers `[t * px, (t + 1) * px)`. */
  readonly framePixels: number;
  /**
   * Rows `[top, bottom)` of the line image where the line lies (the recogniser's crop), the rest being a margin
   * that lets glyphs filling that crop be measured whole. The darkest row is sought there, and a glyph's ink is
   * followed outwards from it only while it stays above half that darkness (ink of a neighbouring line beyond a
   * gap is left out). Absent: every row.
   */
  readonly lineRows?: readonly [number, number];
}

/**
 * The ink height of each character of a recognised line, measured in the line image the recogniser read (grey, dark
 * ink on a light ground, the text level and filling the image's width as the recogniser's crop does).
 *
 * A character's cell is centred on the frames where the CTC alignment emitted it, `CELL_SHARE` of the character
 * pitch wide (the pitch: the median distance between neighbouring characters' centres, MRZ text being monospaced,
 * ICAO Doc 9303 Part 3 §4.1). In the cell, each row's darkness is its darkest 3-column average below the ground
 * level (the 90th percentile of the whole image's grey): the darkest, not the mean, so that a `T` or `L`, whose
 * rows hold a thin stem, measures its full height. The height runs from where the darkness first rises to half the
 * cell's darkest row to where it last falls below it, interpolated between rows (a full width at half maximum,
 * which blur and contrast change little).
 *
 * @param image - the line image (R = G = B grey is assumed; only R is read)
 * @param frames - per character (position), the frames where it was emitted (ascending; empty when none)
 * @param geometry - frame width
 * @returns per position, the ink height in pixels (0 when the cell holds no ink), or null when the position has no
 *   frame or the line fewer than two placed characters
 */
export function glyphHeights(image: RgbImage, frames: ReadonlyArray<readonly number[]>, geometry: FrameGeometry): Array<number | null> {
  const [bandTop, bandBottom] = geometry.lineRows ?? [0, image.height];
  const { centres, pitch } = characterCentres(frames.map((f) => (f.length === 0 ? null : [f[0] as number, f[f.length - 1] as number])), geometry.framePixels);
  if (pitch === null) return centres.map(() => null);
  // The paper the ink is printed on: the 90th percentile of the grey.
  const ground = greyPercentile(image, 0.9);
  const half = Math.max(1, (CELL_SHARE * pitch) / 2);
  return centres.map((x) => (x === null ? null : inkHeight(image, Math.round(x - half), Math.round(x + half), ground, bandTop, bandBottom)));
}

/**
 * Where the characters of a recognised line lie in its line image: each character's centre, the middle of the frames
 * the CTC alignment emitted it in, and the character pitch, the median distance between neighbouring placed
 * characters' centres (MRZ text is monospaced, ICAO Doc 9303 Part 3 §4.1).
 *
 * @param spans - per character, its first and last frame (inclusive), or null when it has none
 * @param framePixels - width in pixels of one frame
 * @returns per character, its centre in pixels (null without frames), and the pitch in pixels (null with fewer than
 *   two placed characters)
 */
export function characterCentres(spans: ReadonlyArray<readonly [number, number] | null>, framePixels: number): { centres: Array<number | null>; pitch: number | null } {
  const centres = spans.map((s) => (s === null ? null : (s[0] + s[1] + 1) * 0.5 * framePixels));
  const steps: number[] = [];
  let last: { i: number; x: number } | null = null;
  centres.forEach((x, i) => {
    if (x === null) return;
    if (last) steps.push((x - last.x) / (i - last.i));
    last = { i, x };
  });
  return { centres, pitch: steps.length > 0 ? median(steps) : null };
}

/**
 * Share of the character pitch a cell spans (0-1): narrower than a glyph with its spacing, so that a cell centred
 * on a glyph holds little of its neighbours, and wide enough to hold a glyph whose emission frames lie off its
 * centre. Set so, not tuned; a cell that catches a neighbour only measures taller (a filler is then left as read).
 */
export const CELL_SHARE = 0.6;

/**
 * Height in pixels of the ink in columns `[x0, x1)`: between the first and last rows whose darkness (darkest 3-column
 * average below `ground`) is at least half the darkest row's, each end interpolated to where the profile crosses
 * that half; 0 when the columns hold no ink. With a band narrower than the image (see `FrameGeometry.lineRows`), the
 * darkest row is sought within rows `[bandTop, bandBottom)`, and the ink runs from the band's first and last rows
 * above half outwards, as far as the rows stay above half.
 */
function inkHeight(image: RgbImage, x0: number, x1: number, ground: number, bandTop = 0, bandBottom = image.height): number {
  const from = Math.max(0, x0);
  const to = Math.min(image.width, x1);
  if (to <= from) return 0;
  const rows = new Float64Array(image.height);
  let peak = 0;
  for (let y = 0; y < image.height; y++) {
    let darkest = 0;
    for (let x = from; x < to; x++) {
      // Three columns averaged, against pixel noise.
      let sum = 0;
      let n = 0;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= image.width) continue;
        sum += image.data[(y * image.width + xx) * 3] as number;
        n++;
      }
      darkest = Math.max(darkest, ground - sum / n);
    }
    rows[y] = darkest;
    if (y >= bandTop && y < bandBottom) peak = Math.max(peak, darkest);
  }
  if (peak <= 0) return 0;
  const half = peak / 2;
  let top = -1;
  let bottom = -1;
  for (let y = Math.max(0, bandTop); y < Math.min(image.height, bandBottom); y++) {
    if ((rows[y] as number) >= half) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  while (top > 0 && (rows[top - 1] as number) >= half) top--;
  while (bottom >= 0 && bottom < image.height - 1 && (rows[bottom + 1] as number) >= half) bottom++;
  // Where the profile crosses half its peak, interpolated between rows (pixel centres).
  const crossing = (inside: number, outside: number): number => {
    if (outside < 0 || outside >= image.height) return inside;
    const a = rows[inside] as number;
    const b = rows[outside] as number;
    return inside + ((outside - inside) * (a - half)) / Math.max(a - b, 1e-9);
  };
  return crossing(bottom, bottom + 1) - crossing(top, top - 1);
}

/** The median of a non-empty list of numbers (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}
