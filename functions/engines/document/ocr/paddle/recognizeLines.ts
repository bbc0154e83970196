import ort from 'onnxruntime-node';
import { MRZ_ALPHABET } from '../../mrz/alphabet.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ctc/lineProbabilities.ts';

/** Input height of the PP-OCRv4 recogniser, in pixels. */
export const REC_HEIGHT = 48;

/** Maps the recogniser's 6625 output classes onto the 38 MRZ classes. */
export interface RecClassMap {
  /** Output class index of each MRZ character (in `MRZ_ALPHABET` order). */
  readonly mrzClass: readonly number[];
  /** Number of output classes of the model. */
  readonly outputClasses: number;
}

/**
 * Builds the class map from the PaddleOCR dictionary: class 0 is the CTC blank, class i+1 the dictionary's i-th
 * line, and the last class a space.
 * @param dictionary - the text of `ppocr_keys_v1.txt`
 * @throws {RangeError} when an MRZ character is missing from the dictionary
 */
export function buildRecClassMap(dictionary: string): RecClassMap {
  const keys = dictionary.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const mrzClass = [...MRZ_ALPHABET].map((ch) => {
    const i = keys.indexOf(ch);
    if (i === -1) throw new RangeError(`the recognition dictionary lacks the MRZ character "${ch}"`);
    return i + 1;
  });
  return { mrzClass, outputClasses: keys.length + 2 };
}

/**
 * Recognises line images (each already `REC_HEIGHT` pixels high) with the PP-OCRv4 recogniser in one batch
 * (padded on the right to the widest), and returns each line's probabilities restricted to the MRZ classes.
 *
 * @param session - the recognition model's session
 * @param map - class map of the model's dictionary
 * @param crops - line images, `REC_HEIGHT` high
 */
export async function recognizeLines(session: ort.InferenceSession, map: RecClassMap, crops: readonly RgbImage[]): Promise<LineProbabilities[]> {
  if (crops.length === 0) return [];
  const width = Math.max(...crops.map((c) => c.width));
  const plane = REC_HEIGHT * width;
  const input = new Float32Array(crops.length * 3 * plane);
  crops.forEach((crop, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < REC_HEIGHT; y++) {
      for (let x = 0; x < crop.width; x++) {
        const s = (y * crop.width + x) * 3;
        const d = y * width + x;
        // BGR, scaled to [-1, 1] (PaddleOCR rec normalisation).
        input[base + d] = (crop.data[s + 2] as number) / 127.5 - 1;
        input[base + plane + d] = (crop.data[s + 1] as number) / 127.5 - 1;
        input[base + 2 * plane + d] = (crop.data[s] as number) / 127.5 - 1;
      }
    }
  });
  const feeds = { [session.inputNames[0] as string]: new ort.Tensor('float32', input, [crops.length, 3, REC_HEIGHT, width]) };
  const out = (await session.run(feeds))[session.outputNames[0] as string] as ort.Tensor;
  const [, framesAll, classes] = out.dims as [number, number, number];
  const data = out.data as Float32Array;
  return crops.map((crop, n) => {
    // Frames beyond the crop's own width saw only padding.
    const frames = Math.min(framesAll, Math.ceil((crop.width / width) * framesAll));
    const probs = new Float32Array(frames * MRZ_CLASSES);
    let massSum = 0;
    let massFrames = 0;
    for (let t = 0; t < frames; t++) {
      const row = (n * framesAll + t) * classes;
      let total = data[row] as number;
      probs[t * MRZ_CLASSES] = data[row] as number;
      for (let c = 0; c < MRZ_ALPHABET.length; c++) {
        const p = data[row + (map.mrzClass[c] as number)] as number;
        probs[t * MRZ_CLASSES + 1 + c] = p;
        total += p;
      }
      for (let c = 0; c < MRZ_CLASSES; c++) probs[t * MRZ_CLASSES + c] = (probs[t * MRZ_CLASSES + c] as number) / (total || 1);
      if ((data[row] as number) < 0.5) {
        massSum += total;
        massFrames++;
      }
    }
    return { frames, probs, mrzMass: massFrames > 0 ? massSum / massFrames : 0 };
  });
}
