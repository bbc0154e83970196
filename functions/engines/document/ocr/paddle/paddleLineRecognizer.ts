import type ort from 'onnxruntime-node';
import { growQuad, quadSize, type Quad } from '../../geometry/quad.ts';
import { cropQuad } from '../../image/cropQuad.ts';
import { dropColour } from '../../image/dropColour.ts';
import { evenContrast } from '../../image/evenContrast.ts';
import { flattenIllumination } from '../../image/flattenIllumination.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import type { LineReading, LineRecognizer, RecognitionMode } from '../lineRecognizer.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ctc/lineProbabilities.ts';
import { REC_HEIGHT, recognizeLines, type RecClassMap } from './recognizeLines.ts';

/** Options of {@link createPaddleLineRecognizer}. */
export interface PaddleLineRecognizerOptions {
  /**
   * Narrowest line crop in pixels: the recogniser emits one frame per 8 pixels and a 44-character line with filler
   * runs needs up to two frames per character.
   * @default 720
   */
  readonly minWidth?: number;
  /** Widest line crop in pixels (bounds the cost of a mis-detected huge box). @default 2400 */
  readonly maxWidth?: number;
  /**
   * Width of the windows a line is recognised in, in pixels (a multiple of 8). PP-OCRv4's recogniser was trained on
   * crops up to 320 pixels wide; on whole MRZ lines (900+ pixels) its global attention sometimes collapses into
   * nonsense, so a line is read in overlapping windows whose central frames are stitched together.
   * @default 480
   */
  readonly window?: number;
  /** Step between windows, in pixels (a multiple of 8); `window - step` is the overlap. @default 320 */
  readonly step?: number;
  /** Crops recognised in one ONNX Runtime call (crops of similar width are batched). @default 4 */
  readonly batch?: number;
  /**
   * Each reading also carries the recognition crop grown by this share of the line's height above and below
   * (`margined`, sampled at the same scale, so frames keep their columns), in which zeros and `O`s are measured
   * (reading/zeroShapes.ts). The detector's boxes may hug the glyphs: on letter-spaced probe cards (probe seeds 8
   * and 9), the ink of every character measured 94% of the 48-pixel crop, touching its edges, so an `O` and a `0`
   * measured alike. Glyphs are measured from the rows the recogniser read outwards (image/glyphHeights.ts
   * `lineRows`), so that ink of a neighbouring line in the margin is not taken for part of a glyph. Fillers are
   * still measured in the recognition crop: their bounds (reading/restoreFillers.ts) were set there, and measured
   * in the margined crop (0.25) fillers read `C` on seed 99 rose above them.
   * @default 0.15
   */
  readonly measureMargin?: number;
}

const defaults = { minWidth: 720, maxWidth: 2400, window: 480, step: 320, batch: 4, measureMargin: 0.15 } as const;

/** Horizontal resolution of the recogniser's output: one frame per this many input pixels. */
const FRAME_PIXELS = 8;

/**
 * Lines whose quad is lower than this many pixels in the image read are small for PP-OCRv4's recogniser, and its
 * likelihoods count {@link PADDLE_SMALL_LINE_WEIGHT} there ({@link paddleEvidenceWeight}). The detector's line quads
 * are about twice the capitals' height, so 8 px is capitals of about 4 px: the MRZs of passport pages in thumbnails
 * of about 250-300 px. Set between the quads of the shared specimens' name lines that PaddleOCR turned wrong (4.3-7.8
 * px, thumbnail views) and those it turned right (8.2-12.1 px); 10 px, tried first, lost a right change at 8.9 px
 * (docs/document-verification-log.md "Small lines: PaddleOCR counts less").
 */
export const PADDLE_SMALL_LINE_HEIGHT = 8;

/**
 * Power PP-OCRv4's likelihoods are raised to on lines lower than {@link PADDLE_SMALL_LINE_HEIGHT} when the
 * recognisers' likelihoods are multiplied (reading/arbitrateNames.ts). On such lines it reads `M` as `R` with
 * likelihood ratios of e^5.9-e^12.2 (`MARIA`, `MUSTERMANN`, `SAMPLE` of the shared specimens at 250 px) where the
 * own recogniser had them right. Chosen between measured values (docs/document-verification-log.md "Small lines:
 * PaddleOCR counts less"): 1, 0.5 and 0.25 on the thumbnail views of the shared specimens and of generated sets.
 */
export const PADDLE_SMALL_LINE_WEIGHT = 0.5;

/**
 * {@link LineRecognizer.evidenceWeight} of the PP-OCRv4 recogniser: {@link PADDLE_SMALL_LINE_WEIGHT} below
 * {@link PADDLE_SMALL_LINE_HEIGHT} pixels, 1 otherwise.
 * @param lineHeight - height of the line's quad in the image read, pixels
 */
export function paddleEvidenceWeight(lineHeight: number): number {
  return lineHeight < PADDLE_SMALL_LINE_HEIGHT ? PADDLE_SMALL_LINE_WEIGHT : 1;
}

/**
 * The PaddleOCR PP-OCRv4 recogniser as a {@link LineRecognizer}: each quad is grown by a quarter of its height
 * along the line (so that edge characters are not cut), sampled to 48 pixels high with colour dropped and its lighting
 * evened out where uneven (image/flattenIllumination.ts, as for the own recogniser, the `margined` crop too), recognised
 * whole (`line` mode) or in overlapping windows whose frames are stitched, each frame taken from the window where it
 * is most central (`windows` mode), or whole in a crop squeezed to `minWidth` along the line (`squeezed` mode), or
 * whole with the ink's contrast evened out along it (`evened` mode, image/evenContrast.ts). The
 * output keeps the CTC probabilities for constrained decoding.
 *
 * The squeezed crop is for widely letter-spaced lines: the name line `XU<<QUENTIN<<<…` of a clean 2436-px card (probe
 * seed 10 `probe-0175`), sampled 1400 px wide at its own aspect, read greedily as `<<QEH<<<…`, in windows as
 * `XU<<QUENT<<<<<`, 900 px wide as `U<<QET<<<…`, and 720 px wide right (a debugging run, 2026-11-25). Squeezing
 * costs other lines characters (three frames per character of a TD1 line), so the reader takes it as one more
 * opinion, never alone (reading/readMrzZone.ts).
 *
 * @param session - recognition model session
 * @param map - class map of the model's dictionary
 */
export function createPaddleLineRecognizer(session: ort.InferenceSession, map: RecClassMap, opts: PaddleLineRecognizerOptions = {}): LineRecognizer {
  const { minWidth, maxWidth, window, step, batch, measureMargin } = { ...defaults, ...opts };
  return {
    id: 'paddleocr-ppocrv4',
    evidenceWeight: paddleEvidenceWeight,
    async read(image: RgbImage, quads: readonly Quad[], mode: RecognitionMode = 'line'): Promise<LineReading[]> {
      const margined: RgbImage[] = [];
      const crops = quads.map((q) => {
        const size = quadSize(q);
        const grown = growQuad(q, size.height * 0.25, 0);
        const g = quadSize(grown);
        const raw = mode === 'squeezed' ? minWidth : Math.max(minWidth, Math.min(maxWidth, Math.round((REC_HEIGHT * g.width) / Math.max(g.height, 1))));
        const width = Math.ceil(raw / FRAME_PIXELS) * FRAME_PIXELS;
        const flat = flattenIllumination(dropColour(cropQuad(image, grown, width, REC_HEIGHT)));
        const crop = mode === 'evened' ? evenContrast(flat) : flat;
        // Whole pixels of margin, so that the grown crop samples the recognition crop's rows exactly.
        const margin = Math.round(REC_HEIGHT * measureMargin);
        margined.push(margin > 0 ? flattenIllumination(dropColour(cropQuad(image, growQuad(grown, 0, (g.height * margin) / REC_HEIGHT), width, REC_HEIGHT + 2 * margin))) : crop);
        return crop;
      });
      const windows: Array<{ line: number; x0: number; image: RgbImage }> = [];
      crops.forEach((crop, line) => {
        for (const x0 of mode === 'windows' ? windowStarts(crop.width, window, step) : [0]) windows.push({ line, x0, image: mode === 'windows' ? sliceColumns(crop, x0, Math.min(window, crop.width)) : crop });
      });
      const results: LineProbabilities[] = [];
      // Batches of similar widths (padding to the widest costs time).
      const order = windows.map((w, i) => ({ i, w: w.image.width })).sort((a, b) => a.w - b.w);
      for (let s = 0; s < order.length; ) {
        let e = s + 1;
        while (e < order.length && e - s < batch && (order[e] as { w: number }).w <= (order[s] as { w: number }).w * 1.25) e++;
        const group = order.slice(s, e);
        const lines = await recognizeLines(session, map, group.map((g) => (windows[g.i] as { image: RgbImage }).image));
        group.forEach((g, k) => {
          results[g.i] = lines[k] as LineProbabilities;
        });
        s = e;
      }
      return crops.map((crop, line) => {
        const mine = windows.map((w, i) => ({ ...w, probs: results[i] as LineProbabilities })).filter((w) => w.line === line);
        const tall = margined[line] as RgbImage;
        const top = (tall.height - REC_HEIGHT) / 2;
        const withMargin = tall === crop ? {} : { margined: { image: tall, lineRows: [top, top + REC_HEIGHT] as const } };
        return { kind: 'probabilities', line: stitch(mine, crop.width), image: crop, framePixels: FRAME_PIXELS, ...withMargin };
      });
    },
  };
}

/** Left edges of the windows covering `width` pixels; the last window ends at the right edge. */
function windowStarts(width: number, window: number, step: number): number[] {
  if (width <= window) return [0];
  const starts: number[] = [];
  for (let x = 0; x + window < width; x += step) starts.push(x);
  starts.push(width - window);
  return starts;
}

/** Columns `x0 .. x0 + width` of an image. */
function sliceColumns(image: RgbImage, x0: number, width: number): RgbImage {
  const data = new Uint8Array(width * image.height * 3);
  for (let y = 0; y < image.height; y++) data.set(image.data.subarray((y * image.width + x0) * 3, (y * image.width + x0 + width) * 3), y * width * 3);
  return { width, height: image.height, data };
}

/** Joins windows' frames: global frame g comes from the window whose centre is nearest to g's pixel position. */
function stitch(windows: ReadonlyArray<{ x0: number; image: RgbImage; probs: LineProbabilities }>, width: number): LineProbabilities {
  if (windows.length === 1) return (windows[0] as { probs: LineProbabilities }).probs;
  const frames = Math.ceil(width / FRAME_PIXELS);
  const probs = new Float32Array(frames * MRZ_CLASSES);
  for (let g = 0; g < frames; g++) {
    const x = g * FRAME_PIXELS + FRAME_PIXELS / 2;
    let best = windows[0] as (typeof windows)[number];
    for (const w of windows) if (Math.abs(w.x0 + w.image.width / 2 - x) < Math.abs(best.x0 + best.image.width / 2 - x)) best = w;
    const local = Math.min(best.probs.frames - 1, Math.max(0, Math.floor((x - best.x0) / FRAME_PIXELS)));
    probs.set(best.probs.probs.subarray(local * MRZ_CLASSES, (local + 1) * MRZ_CLASSES), g * MRZ_CLASSES);
  }
  const mrzMass = windows.reduce((s, w) => s + w.probs.mrzMass, 0) / windows.length;
  return { frames, probs, mrzMass };
}
