import ort from 'onnxruntime-node';
import { MRZ_ALPHABET } from '../../mrz/alphabet.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ctc/lineProbabilities.ts';

/** Input height of the PP-OCRv4 recogniser, in pixels. */
export const REC_HEIGHT = 48;

/** Maps the recogniser's 6625 output classes onto the 38 MRZ classes. */
export interface RecClassMap {
  /**
   * Output classes of each MRZ character (in `MRZ_ALPHABET` order): the character itself, then its lower-case form
   * where that is the capital drawn smaller (`SMALL_CAPITALS`: `c`, `o`, `s`, `v`, `w`, `x`, `z`) and its full-width form
   * (U+FF10-FF3A, `＜` U+FF1C), where the dictionary has them. The MRZ is upper-case Latin and ASCII only, so these
   * variants are that character with its size or width misjudged, and their probabilities add up.
   * The model, trained largely on Chinese text, gives letter-spaced glyphs much of their mass as full-width forms
   * (`０`, `２`, `Ｚ`) and lone capitals as lower case (`s` for `S`): a clean, letter-spaced TD1 line (a card of the first,
   * scratch version of scripts/gen-documents-probe.ts, 2026-11-25; recClassMap.test.ts shows it on a drawn card) had an MRZ mass of 0.39 with each character's own class alone, below
   * the 0.75 at which readMrzZone.ts takes a line for MRZ text, and the card was refused as `mrz_not_found`.
   */
  readonly mrzClasses: ReadonlyArray<readonly number[]>;
  /** Number of output classes of the model. */
  readonly outputClasses: number;
  /**
   * Output class of the space (the model's last class). The MRZ has no spaces: a space the recogniser sees between
   * widely spaced characters (an MRZ set with letter spacing, or at a pitch wider than its glyphs) emits nothing, so
   * its probability counts as the CTC blank's.
   */
  readonly spaceClass: number;
}

/**
 * The lower-case letters drawn as their capital at a smaller size, the only ones folded into it (a lone capital read
 * as lower case). The others differ in shape (`r`, `g`, `i`, `l`, …) and folding them was measured to cost: with every
 * lower-case letter folded, the UK residence permit's placeholder nationality `COU` turned by 15° read `COG`, and the
 * `BDR` passport on a table read `BDI` (2026-11-25; with this set both read as before, and a probe passport's
 * personal number `O750` still read right, which needed `o`).
 */
const SMALL_CAPITALS: ReadonlySet<string> = new Set(['c', 'o', 's', 'v', 'w', 'x', 'z']);

/** Full-width forms of ASCII `!`-`~` are at U+FF01-FF5E (Unicode block "Halfwidth and Fullwidth Forms"). */
const FULL_WIDTH_OFFSET = 0xff01 - 0x21;

/**
 * Builds the class map from the PaddleOCR dictionary: class 0 is the CTC blank, class i+1 the dictionary's i-th
 * line, and the last class a space; each MRZ character collects its own class and its variants' (see
 * {@link RecClassMap.mrzClasses}).
 * @param dictionary - the text of `ppocr_keys_v1.txt`
 * @throws {RangeError} when an MRZ character is missing from the dictionary
 */
export function buildRecClassMap(dictionary: string): RecClassMap {
  const keys = dictionary.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const index = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!index.has(key)) index.set(key, i + 1);
  });
  const mrzClasses = [...MRZ_ALPHABET].map((ch) => {
    const own = index.get(ch);
    if (own === undefined) throw new RangeError(`the recognition dictionary lacks the MRZ character "${ch}"`);
    const lower = ch.toLowerCase();
    const variants = [...(SMALL_CAPITALS.has(lower) ? [lower] : []), String.fromCodePoint((ch.codePointAt(0) as number) + FULL_WIDTH_OFFSET)]
      .filter((v) => v !== ch)
      .map((v) => index.get(v))
      .filter((i): i is number => i !== undefined);
    return [own, ...variants];
  });
  return { mrzClasses, outputClasses: keys.length + 2, spaceClass: keys.length + 1 };
}

/**
 * The recogniser's input for a batch of line crops: a float32 tensor [n, 3, `REC_HEIGHT`, width], BGR scaled to
 * [-1, 1] (PaddleOCR rec normalisation), each crop on the left and the rest of the batch's width filled with `padding`.
 *
 * @param crops - line images, `REC_HEIGHT` high, at least one
 * @param padding - the value right of a narrower crop: 0 (mid grey, as the MRZ reading was measured with) or 1 (white)
 * @returns the tensor and the batch's width (the widest crop's), in pixels
 */
export function recognitionInput(crops: readonly RgbImage[], padding = 0): { tensor: ort.Tensor; width: number } {
  const width = Math.max(...crops.map((c) => c.width));
  const plane = REC_HEIGHT * width;
  const input = new Float32Array(crops.length * 3 * plane);
  if (padding !== 0) input.fill(padding);
  crops.forEach((crop, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < REC_HEIGHT; y++) {
      for (let x = 0; x < crop.width; x++) {
        const s = (y * crop.width + x) * 3;
        const d = y * width + x;
        input[base + d] = (crop.data[s + 2] as number) / 127.5 - 1;
        input[base + plane + d] = (crop.data[s + 1] as number) / 127.5 - 1;
        input[base + 2 * plane + d] = (crop.data[s] as number) / 127.5 - 1;
      }
    }
  });
  return { tensor: new ort.Tensor('float32', input, [crops.length, 3, REC_HEIGHT, width]), width };
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
  const { tensor, width } = recognitionInput(crops);
  const feeds = { [session.inputNames[0] as string]: tensor };
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
      // The space is no MRZ character: it emits nothing, like the blank (see RecClassMap.spaceClass).
      const blank = (data[row] as number) + (data[row + map.spaceClass] as number);
      let total = blank;
      probs[t * MRZ_CLASSES] = blank;
      for (let c = 0; c < MRZ_ALPHABET.length; c++) {
        let p = 0;
        for (const k of map.mrzClasses[c] as readonly number[]) p += data[row + k] as number;
        probs[t * MRZ_CLASSES + 1 + c] = p;
        total += p;
      }
      for (let c = 0; c < MRZ_CLASSES; c++) probs[t * MRZ_CLASSES + c] = (probs[t * MRZ_CLASSES + c] as number) / (total || 1);
      if (blank < 0.5) {
        massSum += total;
        massFrames++;
      }
    }
    return { frames, probs, mrzMass: massFrames > 0 ? massSum / massFrames : 0 };
  });
}
