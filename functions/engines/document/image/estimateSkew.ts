import { resizeRgb } from './cropQuad.ts';
import { luma } from './luma.ts';
import type { RgbImage } from './loadImage.ts';

/**
 * Dominant direction of the straight edges of an image, off the nearest multiple of 90°: the skew of a document
 * photographed at an angle, whose text lines, barcode bars and borders all run along or across its axes.
 *
 * Method: the image is scaled to at most `side` pixels and turned grey; Sobel gradients give each pixel an edge
 * direction (the gradient's angle folded into [-45°, 45°), as an edge along the axes and one across them fold to the
 * same angle); a histogram of 1° bins weighted by gradient magnitude, smoothed over 5 bins (circularly), peaks at
 * the skew. This is the gradient-orientation histogram of Dalal and Triggs (2005) over the whole image, used for
 * deskewing as in document analysis; edges weaker than 10% of the strongest 1% are ignored (flat noise).
 *
 * `edges` restricts the histogram to the edges that run within 45° of the image's rows (`along-rows`) or of its
 * columns (`along-columns`): on a sheared image (a card photographed obliquely) the two directions differ, and a
 * PDF417 decodes only when its rows, not its bars, run level (readPdf417.ts). {@link estimateSkews} gives all three
 * from one pass over the gradients.
 *
 * @param image - RGB pixels
 * @param side - longest side analysed, in pixels
 * @param edges - which edges count: `all` (default), `along-rows` or `along-columns`
 * @returns the skew in radians in [-π/4, π/4), positive = clockwise in image coordinates (as `quadAngle`), or null
 *   when the image has no such edges at all
 */
export function estimateSkew(image: RgbImage, side = 480, edges: 'all' | 'along-rows' | 'along-columns' = 'all'): number | null {
  const skews = estimateSkews(image, side);
  return edges === 'all' ? skews.all : edges === 'along-rows' ? skews.alongRows : skews.alongColumns;
}

/** The skews of {@link estimateSkew} for all edges, the edges along the rows and those along the columns. */
export interface Skews {
  readonly all: number | null;
  readonly alongRows: number | null;
  readonly alongColumns: number | null;
}

/**
 * {@link estimateSkew} for each kind of edge at once: the gradients are computed once and binned into three
 * histograms.
 *
 * @param image - RGB pixels
 * @param side - longest side analysed, in pixels
 */
export function estimateSkews(image: RgbImage, side = 480): Skews {
  const none = { all: null, alongRows: null, alongColumns: null };
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const small = scale < 1 ? resizeRgb(image, Math.max(3, Math.round(image.width * scale)), Math.max(3, Math.round(image.height * scale))) : image;
  const { width: W, height: H } = small;
  if (W < 3 || H < 3) return none;
  const grey = luma(small);
  const mags = new Float32Array(W * H);
  const angles = new Float32Array(W * H);
  const g = (x: number, y: number) => grey[y * W + x] as number;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const gx = g(x + 1, y - 1) + 2 * g(x + 1, y) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x - 1, y) - g(x - 1, y + 1);
      const gy = g(x - 1, y + 1) + 2 * g(x, y + 1) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x, y - 1) - g(x + 1, y - 1);
      mags[y * W + x] = Math.hypot(gx, gy);
      angles[y * W + x] = Math.atan2(gy, gx);
    }
  }
  const sorted = Float32Array.from(mags).sort();
  const strong = sorted[Math.floor(0.99 * (sorted.length - 1))] as number;
  if (strong <= 0) return none;
  const floor = 0.1 * strong;
  const rows = new Float64Array(BINS);
  const columns = new Float64Array(BINS);
  const quarter = Math.PI / 2;
  for (let i = 0; i < mags.length; i++) {
    const m = mags[i] as number;
    if (m < floor) continue;
    const angle = angles[i] as number;
    // Fold into [-45°, 45°): an edge's gradient is perpendicular to it, and a quarter turn maps one axis onto the other.
    const a = angle - Math.round(angle / quarter) * quarter;
    const bin = Math.min(BINS - 1, Math.floor(((a + Math.PI / 4) / quarter) * BINS));
    // A gradient mostly across the rows (vertical) marks an edge along them.
    const bins = Math.abs(Math.sin(angle)) > Math.abs(Math.cos(angle)) ? rows : columns;
    bins[bin] = (bins[bin] as number) + m;
  }
  return { all: histogramPeak(rows.map((v, b) => v + (columns[b] as number))), alongRows: histogramPeak(rows), alongColumns: histogramPeak(columns) };
}

/** The centre (radians) of the peak of a folded-direction histogram smoothed over 5 bins, or null when it is empty. */
function histogramPeak(bins: Float64Array): number | null {
  let bestBin = 0, bestSum = 0;
  for (let b = 0; b < BINS; b++) {
    let sum = 0;
    for (let d = -2; d <= 2; d++) sum += bins[(b + d + BINS) % BINS] as number;
    if (sum > bestSum) [bestBin, bestSum] = [b, sum];
  }
  return bestSum > 0 ? ((bestBin + 0.5) / BINS) * (Math.PI / 2) - Math.PI / 4 : null;
}

/** 1° bins over the 90° of folded directions. */
const BINS = 90;
