import { PAPER_RADIUS_HEIGHTS, paperLevels } from './flattenIllumination.ts';
import type { RgbImage } from './loadImage.ts';

/**
 * Least ratio of a line crop's high contrast to its low one (75th to 5th percentile of the columns' contrasts, see
 * {@link evenContrast}) at which the ink's contrast is evened out; below it the crop is returned as it is. The first
 * value tried (fortieth session, 2026-11-29), not tuned (docs/document-verification-log.md, "Light spots over the
 * names").
 */
export const CONTRAST_MIN_RATIO = 2;

/**
 * Most a column's contrast is multiplied by (see {@link evenContrast}): a column of bare paper (a gap, the end of a
 * row) has almost no contrast, and stretching it without bound would turn the paper's grain into strokes. The first
 * value tried, not tuned.
 */
export const CONTRAST_MAX_GAIN = 4;

/**
 * Evens out the ink's contrast along a grey line crop (the three channels equal, as image/dropColour.ts leaves them)
 * where a light spot has washed part of the line out. Light reflected off the page adds to ink and paper alike, so
 * where it is strong the ink comes out light grey on white: image/flattenIllumination.ts divides by the paper's level,
 * which evens out a shadow (it multiplies ink and paper alike) but leaves such ink as faint as it was, and the
 * recognisers' standardisation (one mean and deviation per line) then leaves those letters to be guessed.
 *
 * Per column x: the paper's level (flattenIllumination.ts `paperLevels`) and the ink's (the darkest pixel within
 * `radius`); their difference is the contrast at x. Where the line's contrasts vary by at least {@link CONTRAST_MIN_RATIO} (75th to 5th percentile), each column's
 * pixels are moved away from its paper level by the line's 75th-percentile contrast over the column's own (averaged
 * over a quarter of the window), at least 1 and at most {@link CONTRAST_MAX_GAIN}: the washed-out part of the line
 * gets the contrast of the rest, and the paper stays where it was.
 *
 * Used for the further view of name lines that step 8 of reading/readMrzZone.ts reads where the names are in
 * doubt (the `evened` RecognitionMode of ocr/lineRecognizer.ts), and, since the fifty-fifth session, for step 6b's
 * second reading of the zone's lines found, taken only where every check digit of it verifies and it is the better
 * reading (blind photo seed 60 `0066_td1`: optional data washed out to fillers, verifying the composite by
 * chance). Applied to every crop, candidates and rows included, it let junk read from a turned specimen verify a
 * document number's check digit by chance. On the blind
 * photo sets (`npm run gen:documents:indep-photos`) it mended `BAECKER<KUEHN<<JUERGEN` read `BAICKI<<KUEHN` (seed 1
 * `0057_td2`) and `KATERINA` read `KAINA` (seed 18 `0087_td2`), both under light spots over 31-44% of the MRZ.
 *
 * @param crop - grey pixels (channels equal), any size
 * @param radius - half-width of the window in pixels; default flattenIllumination.ts's `PAPER_RADIUS_HEIGHTS` of the
 *   crop's height
 * @returns `crop` itself when its contrast is even, else a new image of the same size, channels equal, values 0-255
 */
export function evenContrast(crop: RgbImage, radius = Math.max(1, Math.round(crop.height * PAPER_RADIUS_HEIGHTS))): RgbImage {
  const { width: w, height: h, data } = crop;
  const paper = paperLevels(crop, radius);
  const columnMin = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let min = 255;
    for (let y = 0; y < h; y++) min = Math.min(min, data[(y * w + x) * 3] as number);
    columnMin[x] = min;
  }
  const contrast = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let ink = 255;
    for (let k = Math.max(0, x - radius); k <= Math.min(w - 1, x + radius); k++) ink = Math.min(ink, columnMin[k] as number);
    contrast[x] = Math.max(1, (paper[x] as number) - ink);
  }
  const sorted = [...contrast].sort((a, b) => a - b);
  const high = sorted[Math.floor(0.75 * (w - 1))] as number;
  const low = sorted[Math.floor(0.05 * (w - 1))] as number;
  if (high / low < CONTRAST_MIN_RATIO) return crop;
  const smooth = Math.max(1, Math.round(radius / 4));
  const out = new Uint8Array(data.length);
  for (let x = 0; x < w; x++) {
    let sumContrast = 0;
    let sumPaper = 0;
    let n = 0;
    for (let k = Math.max(0, x - smooth); k <= Math.min(w - 1, x + smooth); k++, n++) {
      sumContrast += contrast[k] as number;
      sumPaper += paper[k] as number;
    }
    const level = sumPaper / n;
    const gain = Math.min(CONTRAST_MAX_GAIN, Math.max(1, (high * n) / sumContrast));
    for (let y = 0; y < h; y++) {
      const i = (y * w + x) * 3;
      const v = level - (level - (data[i] as number)) * gain;
      out[i] = out[i + 1] = out[i + 2] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return { width: w, height: h, data: out };
}
