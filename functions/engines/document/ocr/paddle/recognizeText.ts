import ort from 'onnxruntime-node';
import type { RgbImage } from '../../image/loadImage.ts';
import { REC_HEIGHT, recognitionInput } from './recognizeLines.ts';

/** A line of printed text read by {@link recognizeText}. */
export interface RecognizedText {
  /** The recogniser's best path (greedy CTC decoding over its whole dictionary), spaces included. */
  readonly text: string;
}

/**
 * Splits the PaddleOCR dictionary into the recogniser's output labels: class 0 is the CTC blank, class i+1 the
 * dictionary's i-th line, and the last class a space (PaddleOCR `use_space_char`).
 * @param dictionary - the text of `ppocr_keys_v1.txt`
 * @returns the label of each output class (`''` for the blank)
 */
export function recognitionLabels(dictionary: string): string[] {
  const keys = dictionary.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}

/**
 * Reads line images of printed text (each `REC_HEIGHT` pixels high) with the PP-OCRv4 recogniser, unrestricted: the
 * best path over the recogniser's whole dictionary (6,623 characters, Chinese and Latin), repeats merged and blanks
 * dropped (Graves et al. 2006, CTC best-path decoding). Unlike recognizeLines.ts, which keeps only the MRZ classes,
 * this reads the visual zone as printed, lower case and punctuation included. Crops are padded on the right with
 * white to the widest of the batch.
 *
 * @param session - the recognition model's session
 * @param labels - the label of each output class ({@link recognitionLabels})
 * @param crops - line images, `REC_HEIGHT` high, 8 px wide or more
 * @returns one reading per crop, in order
 * @throws {RangeError} when the model's output classes do not match `labels`
 */
export async function recognizeText(session: ort.InferenceSession, labels: readonly string[], crops: readonly RgbImage[]): Promise<RecognizedText[]> {
  if (crops.length === 0) return [];
  // White padding: 255 / 127.5 - 1.
  const { tensor, width } = recognitionInput(crops, 1);
  const feeds = { [session.inputNames[0] as string]: tensor };
  const out = (await session.run(feeds))[session.outputNames[0] as string] as ort.Tensor;
  const [, framesAll, classes] = out.dims as [number, number, number];
  if (classes !== labels.length) throw new RangeError(`the recogniser has ${classes} output classes, the dictionary ${labels.length}`);
  const data = out.data as Float32Array;
  return crops.map((crop, n) => {
    const frames = Math.min(framesAll, Math.ceil((crop.width / width) * framesAll));
    let text = '';
    let previous = 0;
    for (let t = 0; t < frames; t++) {
      const row = (n * framesAll + t) * classes;
      let best = 0;
      for (let c = 1; c < classes; c++) if ((data[row + c] as number) > (data[row + best] as number)) best = c;
      if (best !== 0 && best !== previous) text += labels[best] as string;
      previous = best;
    }
    return { text };
  });
}
