import path from 'node:path';
import ort from 'onnxruntime-node';
import { createVerifiedSession } from '../../../onnx/verifiedSession.ts';
import { DocumentModelError } from '../../errors.ts';
import { growQuad, quadSize, type Quad } from '../../geometry/quad.ts';
import { cropQuad } from '../../image/cropQuad.ts';
import { dropColour } from '../../image/dropColour.ts';
import { evenContrast } from '../../image/evenContrast.ts';
import { flattenIllumination } from '../../image/flattenIllumination.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ctc/lineProbabilities.ts';
import type { LineReading, LineRecognizer, RecognitionMode } from '../lineRecognizer.ts';
import { defaultDocumentModelsDir, MRZ_NET_MODEL, type MrzNetModelFile } from './mrzNetModel.ts';

/** Input height of the MRZ line recogniser (training/mrz-recognizer/train.py `HEIGHT`), in pixels. */
export const MRZ_NET_HEIGHT = 32;

/** Horizontal resolution of its output: one frame per this many input pixels (two 2x2 poolings). */
export const MRZ_NET_FRAME_PIXELS = 4;

/** Options of {@link createMrzLineRecognizer}. */
export interface MrzLineRecognizerOptions {
  /** Narrowest crop in pixels. @default 64 */
  readonly minWidth?: number;
  /** Widest crop in pixels (bounds the cost of a mis-detected huge box). @default 2000 */
  readonly maxWidth?: number;
  /** Share of the line's height added above and below for the `margined` crop (see paddleLineRecognizer.ts). @default 0.15 */
  readonly measureMargin?: number;
  /** Engine id for provenance. @default 'mrz-fcn' */
  readonly id?: string;
}

const defaults = { minWidth: 64, maxWidth: 2000, measureMargin: 0.15, id: 'mrz-fcn' } as const;

/**
 * The project's own MRZ line recogniser (training/mrz-recognizer: a fully convolutional network trained with CTC on
 * OCR-B lines drawn and degraded at random; docs/document-verification-log.md "Own MRZ recogniser") as a
 * {@link LineRecognizer}. Each quad is grown by a quarter of its height along the line, sampled 32 pixels high at its own aspect, colour dropped (brightest
 * channel), its lighting evened out where a shadow or light spot makes it uneven (image/flattenIllumination.ts; the
 * taller `margined` crop whose glyph heights step 7 measures as well) and standardised (zero mean, unit standard deviation, as in training); the network emits one frame of 38
 * probabilities (blank + `0-9A-Z<`) per 4 pixels. It reads every line whole, whatever the mode (so readMrzZone.ts's
 * windowed and squeezed second opinions read the same crop again: time spent, nothing changed); in the `evened` mode
 * the crop's ink contrast is evened out first (image/evenContrast.ts).
 *
 * `mrzMass` is the mean, over the frames where a character is emitted, of the winning class's probability: the
 * network knows no other characters, so its confidence stands in for the PaddleOCR recogniser's MRZ share.
 *
 * @param session - session of `mrz-fcn.onnx` (input `x` `[batch, 1, 32, width]`, output `probs` `[batch, width / 4, 38]`)
 * @param opts - crop widths and the measuring margin, see {@link MrzLineRecognizerOptions}
 */
export function createMrzLineRecognizer(session: ort.InferenceSession, opts: MrzLineRecognizerOptions = {}): LineRecognizer {
  const { minWidth, maxWidth, measureMargin, id } = { ...defaults, ...opts };
  return {
    id,
    async read(image: RgbImage, quads: readonly Quad[], mode: RecognitionMode = 'line'): Promise<LineReading[]> {
      const readings: LineReading[] = [];
      for (const q of quads) {
        const size = quadSize(q);
        const grown = growQuad(q, size.height * 0.25, 0);
        const g = quadSize(grown);
        const raw = Math.max(minWidth, Math.min(maxWidth, Math.round((MRZ_NET_HEIGHT * g.width) / Math.max(g.height, 1))));
        const width = Math.ceil(raw / MRZ_NET_FRAME_PIXELS) * MRZ_NET_FRAME_PIXELS;
        const flat = flattenIllumination(dropColour(cropQuad(image, grown, width, MRZ_NET_HEIGHT)));
        const crop = mode === 'evened' ? evenContrast(flat) : flat;
        const margin = Math.round(MRZ_NET_HEIGHT * measureMargin);
        const tall = flattenIllumination(dropColour(cropQuad(image, growQuad(grown, 0, (g.height * margin) / MRZ_NET_HEIGHT), width, MRZ_NET_HEIGHT + 2 * margin)));
        const line = await recognize(session, crop);
        readings.push({ kind: 'probabilities', line, image: crop, framePixels: MRZ_NET_FRAME_PIXELS, margined: { image: tall, lineRows: [margin, margin + MRZ_NET_HEIGHT] } });
      }
      return readings;
    },
  };
}

/**
 * Runs the network on one grey crop (three equal channels).
 * @param session - the recogniser's session
 * @param crop - `width x 32` pixels, width a multiple of 4
 */
async function recognize(session: ort.InferenceSession, crop: RgbImage): Promise<LineProbabilities> {
  const n = crop.width * crop.height;
  const x = new Float32Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i] = crop.data[i * 3] as number;
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += ((x[i] as number) - mean) ** 2;
  const scale = 1 / (Math.sqrt(sq / n) + 1);
  for (let i = 0; i < n; i++) x[i] = ((x[i] as number) - mean) * scale;
  const out = await session.run({ x: new ort.Tensor('float32', x, [1, 1, crop.height, crop.width]) });
  const probs = out.probs as ort.Tensor;
  const frames = probs.dims[1] as number;
  const data = new Float32Array(probs.data as Float32Array);
  let confidence = 0;
  let emitted = 0;
  for (let f = 0; f < frames; f++) {
    let best = 0;
    for (let k = 1; k < MRZ_CLASSES; k++) if ((data[f * MRZ_CLASSES + k] as number) > (data[f * MRZ_CLASSES + best] as number)) best = k;
    if (best !== 0) {
      confidence += data[f * MRZ_CLASSES + best] as number;
      emitted++;
    }
  }
  return { frames, probs: data, mrzMass: emitted === 0 ? 0 : confidence / emitted };
}

/**
 * Loads a network of the own recogniser from `modelsDir` (checksum verified against the model's record) and returns
 * the recogniser, with the model's file name without extension as its id (`mrz-fcn`, `mrz-fcn-faces`).
 * @param modelsDir - directory holding the model (the repository's `models/` by default)
 * @param threads - ONNX Runtime intra-op threads
 * @param model - which network: {@link MRZ_NET_MODEL} (the recogniser) or `MRZ_NET_FACES_MODEL` (step 9's arbiter) or `MRZ_NET_BLUR_MODEL` (step 15's recogniser of blurred pages)
 * @throws {DocumentModelError} when the file is missing, altered or rejected by ONNX Runtime
 */
export async function loadMrzLineRecognizer(modelsDir: string = defaultDocumentModelsDir(), threads = 2, model: MrzNetModelFile = MRZ_NET_MODEL): Promise<LineRecognizer> {
  const session = await createVerifiedSession(path.join(modelsDir, model.file), model.sha256, threads, (file, reason, options) => new DocumentModelError(file, reason, options));
  return createMrzLineRecognizer(session, { id: model.file.replace(/\.onnx$/, '') });
}
