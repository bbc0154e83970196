import type { Point } from '../geometry/quad.ts';
import type { RgbImage } from './loadImage.ts';
import { median } from './glyphHeights.ts';
import { luma } from './luma.ts';
import type { StraightenedImage } from './straighten.ts';

/**
 * Vertical strips whose ink profiles {@link measureRowBend} aligns: 12 over an MRZ zone cut out with its margins
 * (image/flattenPage.ts) is 3-4 characters a strip, enough ink in each to give its rows a profile. Not
 * tuned: the first value tried (2026-12-01).
 */
export const DEWARP_STRIPS = 12;

/**
 * Largest vertical offset, in line heights (the detector's box height), searched between two neighbouring strips
 * of {@link DEWARP_STRIPS}. Below half the line pitch (1.2-1.6 box heights in the MRZs seen), so that a strip's
 * profile is not matched to its neighbour's next line. Not tuned (2026-12-01).
 */
export const DEWARP_MAX_STEP = 0.3;

/**
 * A strip whose ink (the sum of its profile) is below this share of the strips' median holds too little text to
 * place (the blank margins at the zone's ends); it is skipped and the next strip is matched across it. Not tuned.
 */
export const DEWARP_MIN_INK = 0.25;

/**
 * Least bend, in line heights (the parabola's sagitta, {@link RowBend.sagitta}), that {@link measureRowBend} reports:
 * a smaller one the detector's straight boxes hold. Photo seed 71 `0045` (a passport
 * photographed bent, turned by 16°, blurred by 1.2 px) measured 0.29 (4.6 px; a debugging print) and read right
 * only flattened
 * (docs/document-verification-log.md "Sixtieth session"). Not tuned: the first value tried (2026-12-01).
 */
export const DEWARP_MIN_SAGITTA = 0.15;

/**
 * Least bend in pixels, whatever the line height, that {@link measureRowBend} reports: on small pages the profiles'
 * alignment errs by about a pixel, and a flat page read again as if bent is only another chance for a misread that
 * verifies. The real Australian specimen (`62_pass-aus`, a flat screenshot) at most 331 px wide and JPEG quality 60
 * measured 1.6 px (0.19 of its 8.3-px lines; a debugging print), was flattened, and had its document number returned with a `0` read as
 * the check-invisible `U` where it was refused before (`npm run eval:document -- --thumbnail 331:60`, 2026-12-01);
 * the bent pages seen measured 4.6 px and more. Set on that case, not tuned further.
 */
export const DEWARP_MIN_SAGITTA_PX = 2;

/**
 * How the text rows of an image bend (see {@link measureRowBend}): their vertical offset at column x is
 * `c0 + c1 t + c2 t²` pixels, `t = 2x / width - 1` (-1 at the left edge, 1 at the right).
 */
export interface RowBend {
  readonly width: number;
  readonly coefficients: readonly [number, number, number];
  /**
   * How far the rows bend: the largest distance, in pixels, between the parabola and its chord across the image
   * (`|c2|`; a tilt, `c1`, is not counted).
   */
  readonly sagitta: number;
}

/**
 * Measures how text rows bend across an image (a page curved in the hand, a passport's data page bowing at the
 * spine), as the MRZ zone cut out upright shows them (image/flattenPage.ts). The image is cut into
 * {@link DEWARP_STRIPS} vertical strips; each strip's ink profile (darkness below the paper's level, the 90th grey
 * percentile, summed along its rows) is matched to the previous strip's by cross-correlation within
 * {@link DEWARP_MAX_STEP} line heights (with a parabolic sub-pixel peak), the offsets add up across the strips, and a
 * parabola weighted by each strip's ink is fitted to the offsets found when each strip is matched again against all
 * of them aligned (a chained error would carry into every later strip): a projection-profile method of document
 * dewarping, written here (no code taken from any implementation; the strip count, step bound and ink floor are
 * ours, not tuned).
 *
 * @param image - RGB pixels, the rows running roughly left to right
 * @param lineHeight - height of a text line in pixels (the detector's box height), > 0
 * @returns the bend, or null when the rows bend less than {@link DEWARP_MIN_SAGITTA} line heights or
 *   {@link DEWARP_MIN_SAGITTA_PX} pixels, or fewer than 4 strips hold ink enough to measure
 */
export function measureRowBend(image: RgbImage, lineHeight: number): RowBend | null {
  const { width: W, height: H } = image;
  const strip = Math.floor(W / DEWARP_STRIPS);
  const maxStep = Math.max(1, Math.round(DEWARP_MAX_STEP * lineHeight));
  if (strip < 2 || H < 4 * maxStep + 4) return null;
  const grey = luma(image);
  const paper = percentile(grey, 0.9);
  const profiles: Float64Array[] = [];
  const inks: number[] = [];
  for (let k = 0; k < DEWARP_STRIPS; k++) {
    const raw = new Float64Array(H);
    for (let y = 0; y < H; y++) {
      let sum = 0;
      for (let x = k * strip, row = y * W; x < (k + 1) * strip; x++) sum += Math.max(0, paper - (grey[row + x] as number));
      raw[y] = sum;
    }
    const smooth = new Float64Array(H);
    let total = 0;
    for (let y = 0; y < H; y++) {
      smooth[y] = ((raw[Math.max(0, y - 1)] as number) + (raw[y] as number) + (raw[Math.min(H - 1, y + 1)] as number)) / 3;
      total += smooth[y] as number;
    }
    const mean = total / H;
    for (let y = 0; y < H; y++) smooth[y] = (smooth[y] as number) - mean;
    profiles.push(smooth);
    inks.push(total);
  }
  const minInk = DEWARP_MIN_INK * median(inks);
  const xs: number[] = [], offsets: number[] = [], weights: number[] = [];
  let last = -1;
  for (let k = 0; k < DEWARP_STRIPS; k++) {
    if ((inks[k] as number) < minInk || minInk <= 0) continue;
    const offset = last < 0 ? 0 : (offsets[offsets.length - 1] as number) + bestShift(profiles[last] as Float64Array, profiles[k] as Float64Array, maxStep * (k - last));
    xs.push((k + 0.5) * strip);
    offsets.push(offset);
    weights.push(inks[k] as number);
    last = k;
  }
  if (xs.length < 4) return null;
  // Each strip placed again against all of them aligned (their profiles shifted back by the offsets chained above and
  // added): chained, a strip's error carries into every strip after it; placed against the whole, it stays its own.
  const template = new Float64Array(H);
  for (let i = 0; i < xs.length; i++) {
    const profile = profiles[Math.floor((xs[i] as number) / strip)] as Float64Array;
    for (let y = 0; y < H; y++) template[y] = (template[y] as number) + sampleAt(profile, y + (offsets[i] as number));
  }
  const placed = offsets.map((offset, i) => bestShift(template, profiles[Math.floor((xs[i] as number) / strip)] as Float64Array, maxStep, Math.round(offset)));
  const coefficients = fitParabola(xs.map((x) => (2 * x) / W - 1), placed, weights);
  const sagitta = Math.abs(coefficients[2]);
  return sagitta >= Math.max(DEWARP_MIN_SAGITTA * lineHeight, DEWARP_MIN_SAGITTA_PX) ? { width: W, coefficients, sagitta } : null;
}

/** The offset of a {@link RowBend}'s rows at column `x` of its image (x beyond its edges: the offset at the edge). */
export function bendOffset(bend: RowBend, x: number): number {
  const [c0, c1, c2] = bend.coefficients;
  const t = Math.max(-1, Math.min(1, (2 * x) / bend.width - 1));
  return c0 + c1 * t + c2 * t * t;
}

/**
 * The image with each column x moved up by `offsets[x]` pixels (bilinear; rows from beyond the image white), and the
 * map from its pixels back to the image's.
 *
 * @param image - RGB pixels
 * @param offsets - one vertical offset per column, in pixels
 */
export function shiftColumns(image: RgbImage, offsets: Float64Array): StraightenedImage {
  const { width: W, height: H } = image;
  const data = new Uint8Array(W * H * 3).fill(255);
  for (let x = 0; x < W; x++) {
    const d = offsets[x] as number;
    for (let y = 0; y < H; y++) {
      const sy = y + d;
      const y0 = Math.floor(sy);
      if (y0 < 0 || y0 + 1 > H - 1) continue;
      const f = sy - y0;
      const a = (y0 * W + x) * 3, b = a + W * 3, o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = Math.round((image.data[a + c] as number) * (1 - f) + (image.data[b + c] as number) * f);
    }
  }
  const toSource = (p: Point): Point => ({ x: p.x, y: p.y + (offsets[Math.min(W - 1, Math.max(0, Math.round(p.x)))] as number) });
  return { image: { width: W, height: H, data }, toSource };
}

/**
 * The offset (rows, sub-pixel) at which `next`'s profile best matches `previous`'s: what lies at row r of
 * `previous` lies at row r + offset of `next`. Searched in `[centre - max, centre + max]` over the rows both cover at
 * every offset.
 */
function bestShift(previous: Float64Array, next: Float64Array, max: number, centre = 0): number {
  const H = previous.length;
  const reach = max + Math.abs(centre);
  const scores: number[] = [];
  for (let s = centre - max; s <= centre + max; s++) {
    let sum = 0;
    for (let r = reach; r < H - reach; r++) sum += (previous[r] as number) * (next[r + s] as number);
    scores.push(sum);
  }
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  let fraction = 0;
  if (best > 0 && best < scores.length - 1) {
    const a = scores[best - 1] as number, b = scores[best] as number, c = scores[best + 1] as number;
    const curvature = a - 2 * b + c;
    if (curvature < 0) fraction = (0.5 * (a - c)) / curvature;
  }
  return centre + best - max + fraction;
}

/** A profile's value at a fractional row (linear between rows; 0 beyond its ends). */
function sampleAt(profile: Float64Array, y: number): number {
  const y0 = Math.floor(y), f = y - y0;
  const at = (r: number) => (r >= 0 && r < profile.length ? (profile[r] as number) : 0);
  return at(y0) * (1 - f) + at(y0 + 1) * f;
}

/** Weighted least-squares parabola `c0 + c1 t + c2 t²` through the points (Cramer's rule on the normal equations). */
function fitParabola(ts: readonly number[], ys: readonly number[], ws: readonly number[]): readonly [number, number, number] {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, b0 = 0, b1 = 0, b2 = 0;
  ts.forEach((t, i) => {
    const w = ws[i] as number, y = ys[i] as number;
    s0 += w;
    s1 += w * t;
    s2 += w * t * t;
    s3 += w * t * t * t;
    s4 += w * t * t * t * t;
    b0 += w * y;
    b1 += w * y * t;
    b2 += w * y * t * t;
  });
  const det3 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number): number => a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const d = det3(s0, s1, s2, s1, s2, s3, s2, s3, s4);
  if (Math.abs(d) < 1e-12) return [0, 0, 0];
  return [det3(b0, s1, s2, b1, s2, s3, b2, s3, s4) / d, det3(s0, b0, s2, s1, b1, s3, s2, b2, s4) / d, det3(s0, s1, b0, s1, s2, b1, s2, s3, b2) / d];
}

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}
