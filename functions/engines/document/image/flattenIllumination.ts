import type { RgbImage } from './loadImage.ts';

/**
 * Half-width of the window the paper's level is taken over, as a share of the crop's height (see
 * {@link flattenIllumination}). In the recognisers' crops (32 and 48 px high) a vertical stroke is a few columns
 * wide and the characters stand a few pixels apart with paper above and below them, so most columns of a window of
 * 0.6 heights reach paper, and the median of their maxima is the paper's.
 */
export const PAPER_RADIUS_HEIGHTS = 0.3;

/**
 * Least ratio of the paper's brightest to its darkest level along a crop (95th to 5th percentile of the columns'
 * levels) at which {@link flattenIllumination} evens it out; below it the crop is returned as it is. Measured with
 * the `RATIO` debugging print of the thirty-third session (not kept) over every crop the own recogniser read in
 * `npm run eval:document` (2026-11-28): crops of the real specimens under their own light, 391, had a median of
 * 1.04 and a 90th percentile of 1.17, and above 1.5 only the Australian page's (one crop, 1.98; its photo is lit
 * unevenly) and the text of the page without an MRZ; the same pages half in a shadow of 50% (`--shadow 0.5`), 368
 * crops, a median of 2.07. Evening out every crop read two blurred pages fewer (`--blur 1.5`: 44 against 46 of 48
 * cases): small changes of the level along a line under even light move near-ties of the recognisers as often
 * one way as the other, so a crop lit evenly is left as the recognisers were trained on it.
 */
export const FLATTEN_MIN_RATIO = 1.5;

/**
 * Evens out the lighting along a grey line crop (the three channels equal, as {@link dropColour} leaves them): each
 * column is divided by the paper's brightness there and scaled so that paper is white. A shadow multiplies ink and
 * paper alike (reflectance times illumination, the model of flat-field correction), so dividing by the paper's level
 * leaves the print as it would be under even light (a light spot adds to both rather than multiplies, and is evened
 * out less exactly), where one mean and deviation for the whole line (the recognisers' standardisation) leaves the
 * half of a line in a shadow with little contrast. The recognisers' training lines (training/mrz-recognizer/render.py)
 * are lit evenly.
 *
 * The paper's level at column x is the median, over the columns within `radius` of x, of each column's brightest
 * pixel (a vertical stroke's columns are outvoted, and a shadow's edge stays an edge where a maximum would carry
 * the bright side across the window), averaged over a quarter of that window so that it changes smoothly. A crop
 * whose level varies less than {@link FLATTEN_MIN_RATIO} is returned unchanged (the same object).
 *
 * @param crop - grey pixels (channels equal), any size
 * @param radius - half-width of the window in pixels; default {@link PAPER_RADIUS_HEIGHTS} of the crop's height
 * @returns `crop` itself when lit evenly, else a new image of the same size, channels equal, values 0-255
 */
export function flattenIllumination(crop: RgbImage, radius = Math.max(1, Math.round(crop.height * PAPER_RADIUS_HEIGHTS))): RgbImage {
  const { width: w, height: h, data } = crop;
  const level = paperLevels(crop, radius);
  const smooth = Math.max(1, Math.round(radius / 4));
  const sorted = [...level].sort((a, b) => a - b);
  const ratio = (sorted[Math.floor(0.95 * (w - 1))] as number) / Math.max(1, sorted[Math.floor(0.05 * (w - 1))] as number);
  if (ratio < FLATTEN_MIN_RATIO) return crop;
  const out = new Uint8Array(data.length);
  for (let x = 0; x < w; x++) {
    let sum = 0, n = 0;
    for (let k = Math.max(0, x - smooth); k <= Math.min(w - 1, x + smooth); k++, n++) sum += level[k] as number;
    const paper = Math.max(1, sum / n);
    for (let y = 0; y < h; y++) {
      const i = (y * w + x) * 3;
      out[i] = out[i + 1] = out[i + 2] = Math.min(255, Math.round(((data[i] as number) * 255) / paper));
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * The paper's level at each column of a grey line crop (0-255, one value per column): the median, over the columns
 * within `radius`, of each column's brightest pixel. A vertical stroke's columns (a minority) are outvoted, and a step
 * in the lighting stays a step where a maximum would carry the bright side across the window.
 * Used by {@link flattenIllumination} and image/evenContrast.ts.
 *
 * @param crop - grey pixels (channels equal; the first channel is read)
 * @param radius - half-width of the window in pixels
 */
export function paperLevels(crop: RgbImage, radius: number): Float64Array {
  const { width: w, height: h, data } = crop;
  const columnMax = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let m = 0;
    for (let y = 0; y < h; y++) m = Math.max(m, data[(y * w + x) * 3] as number);
    columnMax[x] = m;
  }
  const level = new Float64Array(w);
  const window: number[] = [];
  for (let x = 0; x < w; x++) {
    window.length = 0;
    for (let k = Math.max(0, x - radius); k <= Math.min(w - 1, x + radius); k++) window.push(columnMax[k] as number);
    window.sort((a, b) => a - b);
    level[x] = window[window.length >> 1] as number;
  }
  return level;
}
