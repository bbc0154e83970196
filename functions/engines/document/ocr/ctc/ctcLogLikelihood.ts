import { MRZ_INDEX } from '../../mrz/alphabet.ts';
import { FILLER_SPLIT_PENALTY } from './decodeFixedLength.ts';
import { MRZ_CLASSES, type LineProbabilities } from './lineProbabilities.ts';

/**
 * Natural log of the probability that a recogniser's line emits exactly `text`: the CTC forward algorithm (Graves et
 * al., "Connectionist Temporal Classification", ICML 2006, §4.1) summed over every alignment, with the one departure
 * of {@link decodeFixedLength}: a filler `<` may follow a filler without a blank between them, at the cost
 * {@link FILLER_SPLIT_PENALTY} (recognisers merge the frames of long filler runs). The sum is kept in per-frame
 * scaled probabilities (Graves §4.1, "rescaling"), so lines of any length neither underflow nor need log-sum-exp.
 *
 * Unlike the decoders' best-alignment scores, this is a likelihood of the text itself, so two recognisers' values for
 * one text can be added (a product of their probabilities: reading/arbitrateNames.ts).
 *
 * @param line - the line's probabilities (blank + MRZ classes, rows summing to 1)
 * @param text - MRZ characters (`0-9A-Z<`), any length
 * @returns the log-likelihood (<= 0); `-Infinity` when the line has too few frames for the text
 * @throws {RangeError} when `text` holds a character outside the MRZ alphabet
 */
export function ctcLogLikelihood(line: LineProbabilities, text: string): number {
  const ext = extendedLabels(text);
  const S = ext.length;
  const T = line.frames;
  if (T === 0) return S === 1 ? 0 : -Infinity;
  const split = Math.exp(FILLER_SPLIT_PENALTY);
  let alpha = new Float64Array(S);
  let next = new Float64Array(S);
  const p = (t: number, c: number) => line.probs[t * MRZ_CLASSES + c] as number;
  alpha[0] = p(0, 0);
  if (S > 1) alpha[1] = p(0, ext[1] as number);
  let logScale = 0;
  const rescale = (a: Float64Array): boolean => {
    let sum = 0;
    for (let s = 0; s < S; s++) sum += a[s] as number;
    if (!(sum > 0)) return false;
    for (let s = 0; s < S; s++) a[s] = (a[s] as number) / sum;
    logScale += Math.log(sum);
    return true;
  };
  if (!rescale(alpha)) return -Infinity;
  for (let t = 1; t < T; t++) {
    for (let s = 0; s < S; s++) {
      const c = ext[s] as number;
      let v = (alpha[s] as number) + (s >= 1 ? (alpha[s - 1] as number) : 0);
      if (s >= 2 && c !== 0) {
        const prev = ext[s - 2] as number;
        if (prev !== c) v += alpha[s - 2] as number;
        else if (c === FILLER_LABEL) v += (alpha[s - 2] as number) * split;
      }
      next[s] = v * p(t, c);
    }
    [alpha, next] = [next, alpha];
    if (!rescale(alpha)) return -Infinity;
  }
  // Normalised alphas sum to 1; the text ends in its last character or the blank after it.
  const end = (alpha[S - 1] as number) + (S >= 2 ? (alpha[S - 2] as number) : 0);
  return end > 0 ? logScale + Math.log(end) : -Infinity;
}

/**
 * The frames each character of `text` takes in the line's most probable CTC alignment of it (Viterbi over the
 * alignments {@link ctcLogLikelihood} sums, with the same filler-after-filler split): where a recogniser "sees" each
 * character, so that its probabilities there can propose other characters (reading/arbitrateNames.ts).
 *
 * @param line - the line's probabilities (blank + MRZ classes)
 * @param text - MRZ characters (`0-9A-Z<`)
 * @returns per character, the first and last frame (inclusive) emitting it; null when the line has too few frames
 * @throws {RangeError} when `text` holds a character outside the MRZ alphabet
 */
export function ctcAlignment(line: LineProbabilities, text: string): Array<readonly [number, number]> | null {
  const ext = extendedLabels(text);
  const S = ext.length;
  const T = line.frames;
  if (S === 1) return [];
  if (T === 0) return null;
  const lp = (t: number, c: number) => Math.log(Math.max(line.probs[t * MRZ_CLASSES + c] as number, 1e-30));
  // delta[t * S + s]: best log-score of a path ending at extended label s at frame t; from: its previous s.
  const delta = new Float64Array(T * S).fill(-Infinity);
  const from = new Int32Array(T * S).fill(-1);
  delta[0] = lp(0, 0);
  delta[1] = lp(0, ext[1] as number);
  for (let t = 1; t < T; t++) {
    for (let s = 0; s < S; s++) {
      const c = ext[s] as number;
      const row = (t - 1) * S;
      let best = delta[row + s] as number;
      let src = s;
      if (s >= 1 && (delta[row + s - 1] as number) > best) {
        best = delta[row + s - 1] as number;
        src = s - 1;
      }
      if (s >= 2 && c !== 0) {
        const prev = ext[s - 2] as number;
        const skip = prev !== c ? (delta[row + s - 2] as number) : c === FILLER_LABEL ? (delta[row + s - 2] as number) + FILLER_SPLIT_PENALTY : -Infinity;
        if (skip > best) {
          best = skip;
          src = s - 2;
        }
      }
      if (best === -Infinity) continue;
      delta[t * S + s] = best + lp(t, c);
      from[t * S + s] = src;
    }
  }
  const last = (T - 1) * S;
  let s = (delta[last + S - 1] as number) >= (delta[last + S - 2] as number) ? S - 1 : S - 2;
  if ((delta[last + s] as number) === -Infinity) return null;
  const spans: Array<[number, number]> = Array.from({ length: (S - 1) / 2 }, () => [-1, -1]);
  for (let t = T - 1; t >= 0; t--) {
    if (s % 2 === 1) {
      const span = spans[(s - 1) / 2] as [number, number];
      if (span[1] < 0) span[1] = t;
      span[0] = t;
    }
    if (t > 0) s = from[t * S + s] as number;
  }
  return spans;
}

/** CTC label of the filler `<` (class 0 is the blank). */
const FILLER_LABEL = (MRZ_INDEX.get('<') as number) + 1;

/**
 * The extended label sequence of a text (Graves et al. 2006 §4.1): blank, c1, blank, c2, ..., cN, blank, each
 * character as its class (1 + MRZ alphabet index); length 2N + 1. Throws RangeError on a character outside the MRZ
 * alphabet.
 */
function extendedLabels(text: string): Int16Array {
  const ext = new Int16Array(2 * text.length + 1);
  [...text].forEach((ch, i) => {
    const c = MRZ_INDEX.get(ch);
    if (c === undefined) throw new RangeError(`not an MRZ character: ${JSON.stringify(ch)}`);
    ext[2 * i + 1] = c + 1;
  });
  return ext;
}
