import { MRZ_ALPHABET } from '../../mrz/alphabet.ts';
import { MRZ_CLASSES, type LineProbabilities } from './lineProbabilities.ts';

/**
 * Best-path CTC decoding (argmax per frame, repeats merged, blanks dropped) over the MRZ classes.
 * @param line - the line's probabilities
 * @returns the text read, any length
 */
export function greedyDecode(line: LineProbabilities): string {
  let out = '';
  let previous = 0;
  for (let t = 0; t < line.frames; t++) {
    let best = 0;
    let bestP = -1;
    for (let c = 0; c < MRZ_CLASSES; c++) {
      const p = line.probs[t * MRZ_CLASSES + c] as number;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) out += MRZ_ALPHABET[best - 1];
    previous = best;
  }
  return out;
}
