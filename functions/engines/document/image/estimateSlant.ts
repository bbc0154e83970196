import { quadSize, type Point, type Quad } from '../geometry/quad.ts';
import { cropQuad } from './cropQuad.ts';
import { dropColour } from './dropColour.ts';
import { flattenIllumination } from './flattenIllumination.ts';
import type { RgbImage } from './loadImage.ts';
import { greyPercentile } from './luma.ts';

/**
 * Slant of a text line's characters at its two ends, as the horizontal shift of a stroke per unit of height in the
 * line's own frame (0 upright; positive leaning right, the top of a vertical stroke further along the line than its
 * foot, as italics lean). OCR-B is drawn upright (ICAO Doc 9303 Part 3 §4.2), so a slant in a photo comes from the
 * capture: a page seen obliquely makes the strokes at a line's near and far ends lean apart, a page sheared leans
 * them alike.
 */
export interface LineSlant {
  /** Slant at the line's start (over its first {@link SLANT_END_SHARE}, or the span {@link slantSpans} gives). */
  readonly start: number;
  /** Slant at the line's end (over its last {@link SLANT_END_SHARE}, or the span {@link slantSpans} gives). */
  readonly end: number;
  /**
   * Where along the line `start` and `end` were measured: the centres of their spans, as shares of the line's length
   * (0 at its start, 1 at its end; `startAt` < `endAt`). @default {@link SLANT_END_SHARE} / 2 and 1 minus that
   */
  readonly startAt?: number;
  /** See `startAt`. */
  readonly endAt?: number;
}

/** Two spans of a line, each `[from, to)` as shares of its length (0 at its start, 1 at its end). */
export interface SlantSpans {
  readonly start: readonly [number, number];
  readonly end: readonly [number, number];
}

/**
 * Share of the line's length over which each end's slant is measured: about 13 characters of a TD3 line, 9 of a
 * TD1's, enough vertical strokes (digits, `I`, `H`, `N`...) for the profile to peak. Not tuned.
 */
export const SLANT_END_SHARE = 0.3;

/**
 * Largest slant considered, either way (about 22° off upright). A page seen with its far edge 30% shorter leans the
 * ends of its MRZ lines by 0.12-0.18 (debugging prints on the blind specimen set of seed 46, 2026-11-29); a filler
 * `<` has diagonals about 1.2 wide per unit of height, which peak the profile near the edge of a wider range. Not
 * tuned.
 */
export const SLANT_MAX = 0.4;

/**
 * The profile's energy upright must be below this share of its energy at the best slant for that slant to be
 * taken (else 0): a slant that sharpens the profile by less than about 2% is noise. The oblique pages' lines above
 * sharpened it by 3.5-5% (debugging prints). Not tuned.
 */
export const SLANT_MIN_GAIN = 0.98;

/**
 * The spans over which {@link estimateLineSlant} measures a line's two ends, from its text as first read (each
 * character taken to fill an equal share of the line): each {@link SLANT_END_SHARE} of the line long, the first at its
 * start and the last ending with its last character other than a filler. An MRZ names line ends in a run of fillers
 * (`<`), which gave no slant where a photo's far end leans most (the last 30% of a TD3 names line is often fillers
 * only), so on a page seen obliquely the lean of its last names was taken as about half of the start's. Measured
 * where the letters end, the lean between is interpolated and beyond extrapolated (slantedQuad). The spans keep the
 * fixed share's length: over fewer characters, the diagonals of a run such as `707797979` (the British passport's
 * number, upright) peaked the profile at a slant of 0.32 (a debugging print, 2026-11-29). Where the characters are
 * too few for two such spans apart, the fixed shares stay: measuring one span over them all for both ends changed
 * the rows rebuilt from the British residence permit's leaning name line (`SAMPLE<<SUSANNA`, `--perspective 0.3`)
 * and lost its composite check digit.
 *
 * @param text - the line's text as read (MRZ alphabet; fillers `<`)
 * @returns the spans, as shares of the line's length; null where the fixed shares stay (the text ends in no filler,
 *   or its characters up to the last other than a filler fill less than twice {@link SLANT_END_SHARE})
 */
export function slantSpans(text: string): SlantSpans | null {
  const n = text.length;
  let extent = n;
  while (extent > 0 && text[extent - 1] === '<') extent--;
  const span = Math.round(n * SLANT_END_SHARE);
  if (extent === n || extent < 2 * span) return null;
  return { start: [0, span / n], end: [(extent - span) / n, extent / n] };
}

/** Step between the slants tried. Not tuned: the top row of the 32-px-high sample moves by 0.3 px per step. */
const SLANT_STEP = 0.02;

/** Steps of {@link SLANT_STEP} between the slants of the first, coarse search (0.08 apart). Not tuned. */
const SLANT_COARSE_STEPS = 4;

/** Height in pixels at which the line is sampled for measuring (isotropic: its width follows the line's aspect). */
const SAMPLE_HEIGHT = 32;

/**
 * Measures the slant of a line's characters at both ends (see {@link LineSlant}) by the vertical projection
 * profile: the line is sampled upright (cropQuad.ts) as the recognisers sample it (the brightest channel,
 * dropColour.ts; the lighting evened out along a line half in a shadow, flattenIllumination.ts), its ink (the
 * darkness under the crop's median, the paper) sheared by slants in ±{@link SLANT_MAX} (every 0.08, then every 0.02
 * around the best) and summed down its columns, and the slant whose column sums have the largest sum of squares (the
 * sharpest profile: vertical strokes stacked in single columns) is taken (the projection-profile slant estimate of
 * Vinciarelli and Luettin, "A new normalization technique for cursive handwritten words", Pattern Recognition
 * Letters 22, 2001, with the profile's energy as the criterion). A best slant at the edge of the range, or whose
 * energy is not above the upright profile's by more than {@link SLANT_MIN_GAIN} allows, counts as 0.
 *
 * @param image - RGB pixels
 * @param quad - the line, reading order (`tl`, `tr`, `br`, `bl`)
 * @param spans - where along the line to measure each end ({@link slantSpans}); default its first and last
 *   {@link SLANT_END_SHARE}
 * @returns the slant at the line's start and end, with where each was measured; 0 for both when the line holds too
 *   few pixels to measure
 */
export function estimateLineSlant(image: RgbImage, quad: Quad, spans?: SlantSpans | null): LineSlant {
  const { start: s, end: e } = spans ?? { start: [0, SLANT_END_SHARE], end: [1 - SLANT_END_SHARE, 1] };
  const startAt = (s[0] + s[1]) / 2, endAt = (e[0] + e[1]) / 2;
  const { width: qw, height: qh } = quadSize(quad);
  const width = Math.round((SAMPLE_HEIGHT * qw) / Math.max(qh, 1));
  if (width < SAMPLE_HEIGHT * 2) return { start: 0, end: 0, startAt, endAt };
  const ink = inkOf(flattenIllumination(dropColour(cropQuad(image, quad, width, SAMPLE_HEIGHT))));
  const columns = ([from, to]: readonly [number, number]): [number, number] => {
    const a = Math.min(width - 1, Math.max(0, Math.round(from * width)));
    return [a, Math.min(width, Math.max(a + 1, Math.round(to * width)))];
  };
  return { start: slantOf(ink, width, ...columns(s)), end: slantOf(ink, width, ...columns(e)), startAt, endAt };
}

/** Darkness of each pixel of a grey crop (three equal channels) under the crop's median (the paper), row-major. */
function inkOf(crop: RgbImage): Float32Array {
  const paper = greyPercentile(crop, 0.5);
  const ink = new Float32Array(crop.width * crop.height);
  for (let i = 0; i < ink.length; i++) ink[i] = Math.max(0, paper - (crop.data[3 * i] as number));
  return ink;
}

/**
 * The slant in `[-SLANT_MAX, SLANT_MAX]` whose sheared column sums over columns `[from, to)` have the most energy:
 * searched on a grid of {@link SLANT_COARSE_STEPS} steps, then by single steps around the best of it.
 */
function slantOf(ink: Float32Array, width: number, from: number, to: number): number {
  const height = ink.length / width;
  const centre = (height - 1) / 2;
  const reach = Math.ceil(SLANT_MAX * centre) + 1;
  const profile = new Float64Array(to - from + 2 * reach + 2);
  const steps = Math.round(SLANT_MAX / SLANT_STEP);
  const energyAt = (k: number): number => {
    const s = k * SLANT_STEP;
    profile.fill(0);
    for (let y = 0; y < height; y++) {
      // A stroke leaning by s stands at x0 + s * (centre - y) in row y: moved back by that, it stacks in column x0.
      const shift = -s * (centre - y) + reach - from;
      const base = Math.floor(shift);
      const frac = shift - base;
      const row = y * width;
      for (let x = from; x < to; x++) {
        const v = ink[row + x] as number;
        if (v === 0) continue;
        const at = x + base;
        profile[at]! += v * (1 - frac);
        profile[at + 1]! += v * frac;
      }
    }
    let energy = 0;
    for (const p of profile) energy += p * p;
    return energy;
  };
  let best = 0, bestEnergy = -1;
  // Ties (a blank end) keep the slant nearest upright: only a strictly larger energy, or an equal one nearer 0,
  // replaces the best.
  const consider = (k: number, energy: number): void => {
    if (energy > bestEnergy || (energy === bestEnergy && Math.abs(k) < Math.abs(best))) {
      best = k;
      bestEnergy = energy;
    }
  };
  const uprightEnergy = energyAt(0);
  consider(0, uprightEnergy);
  for (let k = SLANT_COARSE_STEPS; k <= steps; k += SLANT_COARSE_STEPS) {
    consider(k, energyAt(k));
    consider(-k, energyAt(-k));
  }
  const coarse = best;
  for (let k = Math.max(-steps, coarse - SLANT_COARSE_STEPS + 1); k <= Math.min(steps, coarse + SLANT_COARSE_STEPS - 1); k++) {
    if (k !== coarse) consider(k, energyAt(k));
  }
  // A peak at the edge of the range is no slant of strokes but the diagonals of fillers (`<`, about 1.2 wide per unit
  // of height); a peak hardly above upright is no evidence of a slant.
  if (Math.abs(best) === steps || uprightEnergy > SLANT_MIN_GAIN * bestEnergy) return 0;
  return best * SLANT_STEP;
}

/**
 * The line's quad with its ends leaning by their measured slants: the top corners moved along the line by half the
 * slant times the line's height and the bottom corners back by as much, the slant taken at each end by extending the
 * two measured ones (at the centres of their spans, `startAt` and `endAt`) linearly, within ±{@link SLANT_MAX} (the
 * range measured). Sampled through the homography of its four corners (cropQuad.ts), the characters of a page seen
 * obliquely come out upright.
 *
 * @param quad - the line, reading order
 * @param slant - its measured slant
 * @returns the leaning quad (the same top and bottom edges' lines)
 */
export function slantedQuad(quad: Quad, slant: LineSlant): Quad {
  const [tl, tr, br, bl] = quad;
  const { width, height } = quadSize(quad);
  const u = { x: (tr.x - tl.x) / (width || 1), y: (tr.y - tl.y) / (width || 1) };
  const startAt = slant.startAt ?? SLANT_END_SHARE / 2, endAt = slant.endAt ?? 1 - SLANT_END_SHARE / 2;
  const perUnit = endAt > startAt ? (slant.end - slant.start) / (endAt - startAt) : 0;
  const within = (s: number): number => Math.max(-SLANT_MAX, Math.min(SLANT_MAX, s));
  const atStart = within(slant.start - perUnit * startAt), atEnd = within(slant.end + perUnit * (1 - endAt));
  const move = (p: Point, s: number): Point => ({ x: p.x + (u.x * s * height) / 2, y: p.y + (u.y * s * height) / 2 });
  return [move(tl, atStart), move(tr, atEnd), move(br, -atEnd), move(bl, -atStart)];
}

/**
 * Least slant, at either end of a line, for which {@link uprightQuad} leans the line's quad: about 4.6° off upright.
 * Below it the recognisers read as they were trained (lines tilted by up to 2°, and seen obliquely with one end up
 * to 35% smaller: training/mrz-recognizer/render.py). Not tuned.
 */
export const SLANT_MIN = 0.08;

/** The slants {@link uprightQuad} measured, per image and quad corners: the same line is read in several passes. */
const measured = new WeakMap<RgbImage, Map<string, LineSlant>>();

/**
 * The quad of a text line to sample so that its characters come out upright: `quad` itself where neither end leans
 * by {@link SLANT_MIN} or more ({@link estimateLineSlant}, over the spans {@link slantSpans} finds in `text`), else
 * {@link slantedQuad}. The slant is measured once per image, corners and spans.
 *
 * @param image - RGB pixels
 * @param quad - the line, reading order
 * @param text - the line's text as first read, when known (MRZ alphabet)
 * @returns `quad`, or its leaning version
 */
export function uprightQuad(image: RgbImage, quad: Quad, text?: string): Quad {
  let known = measured.get(image);
  if (!known) measured.set(image, (known = new Map()));
  const spans = text === undefined ? null : slantSpans(text);
  const key = quad.map((p) => `${p.x},${p.y}`).join(' ') + (spans ? ` ${spans.start.join(',')} ${spans.end.join(',')}` : '');
  let slant = known.get(key);
  if (!slant) known.set(key, (slant = estimateLineSlant(image, quad, spans)));
  return Math.max(Math.abs(slant.start), Math.abs(slant.end)) >= SLANT_MIN ? slantedQuad(quad, slant) : quad;
}
