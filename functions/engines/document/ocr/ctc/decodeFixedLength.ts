import { MRZ_ALPHABET } from '../../mrz/alphabet.ts';
import type { Alternative } from '../../mrz/correctMrz.ts';
import { MRZ_CLASSES, type LineProbabilities } from './lineProbabilities.ts';

/** Result of {@link decodeFixedLength}. */
export interface FixedLengthReading {
  /** Exactly as many characters as positions were given. */
  readonly text: string;
  /** Log-probability of the best alignment (higher is better; comparable between readings of the same line). */
  readonly logScore: number;
  /** Per position: the allowed characters with their probability at the frames of that position, most probable first. */
  readonly alternatives: ReadonlyArray<readonly Alternative[]>;
  /** Per position: probability of the character read (0-1). */
  readonly confidence: readonly number[];
  /** Per position: the frames (time steps, ascending) where the alignment emits that position's character. */
  readonly frames: ReadonlyArray<readonly number[]>;
}

const K = MRZ_CLASSES - 1;
const NEG = -1e30;
/** Class index of the filler `<`. */
const FILLER = MRZ_ALPHABET.indexOf('<');
/**
 * Log-cost of starting a new `<` directly after a `<` with no blank between. Plain CTC cannot repeat a character
 * without a blank, so a recogniser that merges part of a long filler run (`<<<<<<<<` read as `<<<<<`) would force
 * the missing fillers to be invented elsewhere; MRZ filler runs are where such merging happens, and the line
 * length tells how many fillers there are. The cost (ln 0.5) keeps genuine blank-separated readings preferred.
 */
export const FILLER_SPLIT_PENALTY = Math.log(0.5);

/**
 * Default log-prior bonus of each filler character (natural log): 0, off. The recogniser was trained on general
 * text, where `<` is rare, and in blurred filler runs it gives a stray `K`, `C`, `4` or `5` a share a filler would
 * get in MRZ text (`<<K<` in optional data: `K` and `55` are invisible to check digits). Crediting each filler the
 * recogniser emits anew (only at frames where it gave `<` at least {@link FILLER_PRIOR_MIN}) fixed two such
 * documents of the synthetic tuning set of seed 7 at 0.5, but a credit of 1 turned the faint `I` of a real
 * passport's given name into a filler (`MEI` read `ME`), and an end-of-session run at 0.5 (then also crediting
 * fillers split off a run) lost an `O` in two names that the run without it read right. It stays off until measured
 * on its own; `fillerPrior` enables it.
 */
export const FILLER_PRIOR = 0;
/** Smallest probability of `<` at a frame for {@link FILLER_PRIOR} to apply there (0-1). */
export const FILLER_PRIOR_MIN = 0.01;

/**
 * OCR-B digit/letter pairs whose glyphs differ only in detail (ICAO Doc 9303 Part 3 §4.1 prints the MRZ in OCR-B,
 * ISO 1073-2). At a position of `foldPositions` (see {@link DecodeFixedLengthOptions}) whose class allows one of a
 * pair and not the other, the recogniser's probability of the other counts for the allowed one. The recogniser was
 * trained on general text and, after a run of digits, reads the O of `POL`, `ROU` and `COU` as `0` (0.78-0.83 at
 * its frames on synthetic TD1 cards of seed 2026 and the UK residence permit specimen, seen while debugging them): in
 * a letter-only field the decoder could then only drop it and invent a character elsewhere to keep the line's length. Folding everywhere
 * was measured and rejected: on the synthetic set of seed 7 it read `ADA` as `AOA` and `NGUYEN` as `ZGUYEN` (full
 * documents right fell from 153 to 143 of 164), so it is used only where a closed list of codes then decides
 * (state codes, reading/decodeStateCodes.ts).
 */
export const LAYOUT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'O', O: '0',
  '1': 'I', I: '1',
  '2': 'Z', Z: '2',
  '5': 'S', S: '5',
  '6': 'G', G: '6',
  '8': 'B', B: '8',
};

const NO_POSITIONS: ReadonlySet<number> = new Set();
/** Per character class: its {@link LAYOUT_LOOK_ALIKES} partner's class index, or -1. */
const PARTNER: Int16Array = (() => {
  const out = new Int16Array(MRZ_ALPHABET.length).fill(-1);
  for (const [a, b] of Object.entries(LAYOUT_LOOK_ALIKES)) out[MRZ_ALPHABET.indexOf(a)] = MRZ_ALPHABET.indexOf(b);
  return out;
})();

/** Options of {@link decodeFixedLength}. */
export interface DecodeFixedLengthOptions {
  /** Log-prior bonus per filler character emitted anew (natural log, >= 0). @default {@link FILLER_PRIOR} (off) */
  readonly fillerPrior?: number;
  /**
   * Positions (0-based) where a disallowed {@link LAYOUT_LOOK_ALIKES} partner's probability counts for the allowed
   * character.
   * @default none
   */
  readonly foldPositions?: ReadonlySet<number>;
}

/**
 * Constrained CTC decoding: the most probable alignment (Viterbi over CTC paths) whose text has exactly
 * `allowed.length` characters, the i-th of which is one of `allowed[i]`. This reads an MRZ line with the layout's
 * knowledge (line length, digits where ICAO 9303 puts digits) instead of guessing filler counts afterwards. Unlike
 * plain CTC, a run of `<` frames may be split into several fillers without blanks between them, at a cost. At the
 * `foldPositions` asked for, where a position's class excludes one of a pair of {@link LAYOUT_LOOK_ALIKES}, the
 * excluded character's probability counts for the allowed one (a `0` read in a nationality is its `O`).
 *
 * @param line - the line's probabilities (blank + MRZ classes)
 * @param allowed - allowed characters per position
 * @returns the reading, or null when the line has too few frames for that many characters
 */
export function decodeFixedLength(line: LineProbabilities, allowed: readonly string[], opts: DecodeFixedLengthOptions = {}): FixedLengthReading | null {
  const fillerBonus = opts.fillerPrior ?? FILLER_PRIOR;
  const foldAt = opts.foldPositions ?? NO_POSITIONS;
  const N = allowed.length;
  const T = line.frames;
  if (T < N) return null;
  const lp = new Float64Array(T * MRZ_CLASSES);
  for (let i = 0; i < lp.length; i++) lp[i] = Math.log(Math.max(line.probs[i] as number, 1e-12));
  // Emission table per frame: the K characters' log-probabilities, then (with positions to fold) each character's
  // log-probability with its look-alike partner's added.
  const E2 = 2 * K;
  const emission = new Float64Array(T * E2);
  for (let t = 0; t < T; t++) for (let c = 0; c < K; c++) emission[t * E2 + c] = lp[t * MRZ_CLASSES + 1 + c] as number;
  const mask = new Uint8Array(N * K);
  for (let k = 0; k < N; k++) for (const ch of allowed[k] as string) mask[k * K + MRZ_ALPHABET.indexOf(ch)] = 1;
  // Per position, its allowed classes in ascending order: A[k][c] stays NEG for any other c (a character enters A only
  // where its position allows it), so the loops below visit only these, in the order the full scan would.
  const classes: Int16Array[] = [];
  for (let k = 0; k < N; k++) {
    const list: number[] = [];
    for (let c = 0; c < K; c++) if (mask[k * K + c]) list.push(c);
    classes.push(Int16Array.from(list));
  }
  // source[k][c]: where position k's emission of c is read in a frame's row (c, or K + c where position k allows c
  // but not its look-alike partner and is to be folded).
  const source = new Int16Array(N * K);
  for (let k = 0; k < N; k++) for (let c = 0; c < K; c++) source[k * K + c] = c;
  if (foldAt.size > 0) {
    for (let t = 0; t < T; t++) {
      for (let c = 0; c < K; c++) {
        const q = PARTNER[c] as number;
        const p = (line.probs[t * MRZ_CLASSES + 1 + c] as number) + (q >= 0 ? (line.probs[t * MRZ_CLASSES + 1 + q] as number) : 0);
        emission[t * E2 + K + c] = Math.log(Math.max(p, 1e-12));
      }
    }
    for (const k of foldAt) {
      if (k < 0 || k >= N) continue;
      for (let c = 0; c < K; c++) {
        const q = PARTNER[c] as number;
        if (mask[k * K + c] && q >= 0 && !mask[k * K + q]) source[k * K + c] = K + c;
      }
    }
  }
  // The filler prior of a `<` starting at each frame.
  const bonus = new Float64Array(T);
  for (let t = 0; t < T; t++) bonus[t] = (line.probs[t * MRZ_CLASSES + 1 + FILLER] as number) >= FILLER_PRIOR_MIN ? fillerBonus : 0;
  // A[k][c]: k chars emitted (1..N), last is c and the current frame emits c. B[k]: k chars emitted, current blank.
  let A = new Float64Array((N + 1) * K).fill(NEG);
  let B = new Float64Array(N + 1).fill(NEG);
  let A2 = new Float64Array((N + 1) * K);
  let B2 = new Float64Array(N + 1);
  // Per k, the highest and second-highest of A[k][*] with their classes (the first class reaching each, in ascending
  // order; -1 when none): what the blank state at k and a new character at k + 1 take from the frame before. They are
  // kept as A's rows are written, so each frame visits each state once.
  let top1 = new Float64Array(N + 1).fill(NEG);
  let top1c = new Int16Array(N + 1).fill(-1);
  let top2 = new Float64Array(N + 1).fill(NEG);
  let top2c = new Int16Array(N + 1).fill(-1);
  let next1 = new Float64Array(N + 1);
  let next1c = new Int16Array(N + 1);
  let next2 = new Float64Array(N + 1);
  let next2c = new Int16Array(N + 1);
  // Back pointers: for A, -1 = continued the same char, -2 = came from B[k-1], c' >= 0 = came from A[k-1][c'];
  // for B, -2 = came from B[k], c >= 0 = came from A[k][c].
  const backA = new Int8Array(T * (N + 1) * K);
  const backB = new Int8Array(T * (N + 1));
  B[0] = lp[0] as number;
  backB[0] = -2;
  for (let c = 0; c < K; c++) {
    if (mask[c]) {
      const v = (emission[source[c] as number] as number) + (c === FILLER ? (bonus[0] as number) : 0);
      A[K + c] = v;
      backA[(0 * (N + 1) + 1) * K + c] = -2;
      if (v > (top1[1] as number)) {
        top2[1] = top1[1] as number;
        top2c[1] = top1c[1] as number;
        top1[1] = v;
        top1c[1] = c;
      } else if (v > (top2[1] as number)) {
        top2[1] = v;
        top2c[1] = c;
      }
    }
  }
  for (let t = 1; t < T; t++) {
    const row = t * MRZ_CLASSES;
    const eRow = t * E2;
    const blank = lp[row] as number;
    A2.fill(NEG);
    B2.fill(NEG);
    next1.fill(NEG);
    next1c.fill(-1);
    next2.fill(NEG);
    next2c.fill(-1);
    // Only states that can hold k characters at frame t (one frame each) and can still end with N: the N - k left need
    // a frame each after t. The others are unreachable or cannot lie on the best path, and so is every state they feed.
    const kMax = Math.min(N, t + 1);
    for (let k = Math.max(0, N - (T - 1 - t)); k <= kMax; k++) {
      // Blank state: stay blank, or close the character A[k][*] emitted.
      let best = B[k] as number;
      let from = -2;
      if (k >= 1 && (top1[k] as number) > best) {
        best = top1[k] as number;
        from = top1c[k] as number;
      }
      if (best > NEG) {
        B2[k] = best + blank;
        backB[t * (N + 1) + k] = from;
      }
      if (k === 0) continue;
      // Best and second best of A[k-1][*] for "new char directly after a different char".
      const b1 = top1[k - 1] as number;
      const b1c = top1c[k - 1] as number;
      const b2 = top2[k - 1] as number;
      const fromBlank = B[k - 1] as number;
      const sBase = (k - 1) * K;
      const here = classes[k - 1] as Int16Array;
      let n1 = NEG, n1c = -1, n2 = NEG, n2c = -1;
      for (let i = 0; i < here.length; i++) {
        const c = here[i] as number;
        let bestIn = A[k * K + c] as number;
        let src = -1;
        // A new character: after a blank, directly after a different character, or (a filler) splitting a run.
        let fresh = fromBlank;
        let freshSrc = -2;
        const direct = b1c === c ? b2 : b1;
        if (direct > fresh) {
          fresh = direct;
          freshSrc = b1c === c ? (top2c[k - 1] as number) : b1c;
        }
        if (c === FILLER) {
          // A filler the recogniser emitted anew is credited the prior; one split off a run (see FILLER_SPLIT_PENALTY)
          // is not, or weakly printed letters would be dropped for extra fillers.
          if (fresh > NEG) fresh += bonus[t] as number;
          const split = (A[(k - 1) * K + FILLER] as number) + FILLER_SPLIT_PENALTY;
          if (split > fresh) {
            fresh = split;
            freshSrc = FILLER;
          }
        }
        if (fresh > bestIn) {
          bestIn = fresh;
          src = freshSrc;
        }
        if (bestIn > NEG) {
          const v = bestIn + (emission[eRow + (source[sBase + c] as number)] as number);
          A2[k * K + c] = v;
          backA[(t * (N + 1) + k) * K + c] = src;
          if (v > n1) {
            n2 = n1;
            n2c = n1c;
            n1 = v;
            n1c = c;
          } else if (v > n2) {
            n2 = v;
            n2c = c;
          }
        }
      }
      next1[k] = n1;
      next1c[k] = n1c;
      next2[k] = n2;
      next2c[k] = n2c;
    }
    [A, A2] = [A2, A];
    [B, B2] = [B2, B];
    [top1, next1] = [next1, top1];
    [top1c, next1c] = [next1c, top1c];
    [top2, next2] = [next2, top2];
    [top2c, next2c] = [next2c, top2c];
  }
  // Best end state.
  let endScore = B[N] as number;
  let endChar = -2;
  for (let c = 0; c < K; c++) {
    const v = A[N * K + c] as number;
    if (v > endScore) {
      endScore = v;
      endChar = c;
    }
  }
  if (endScore <= NEG / 2) return null;

  // Backtrack, collecting the frames of each position.
  const framesOf: number[][] = Array.from({ length: N }, () => []);
  const chars = new Array<number>(N).fill(0);
  let k = N;
  let state = endChar; // -2 = blank state, c = A state with char c
  for (let t = T - 1; t >= 0; t--) {
    if (state === -2) {
      const from = backB[t * (N + 1) + k] as number;
      state = from === -2 ? -2 : from;
      if (t === 0) break;
      continue;
    }
    chars[k - 1] = state;
    framesOf[k - 1]?.push(t);
    const from = backA[(t * (N + 1) + k) * K + state] as number;
    if (from === -1) continue;
    k -= 1;
    state = from === -2 ? -2 : from;
  }

  const alternatives: Alternative[][] = [];
  const confidence: number[] = [];
  let text = '';
  for (let pos = 0; pos < N; pos++) {
    const frames = framesOf[pos] as number[];
    const scores: Alternative[] = [];
    let total = 0;
    for (const ch of allowed[pos] as string) {
      const c = MRZ_ALPHABET.indexOf(ch);
      const q = (source[pos * K + c] as number) >= K ? (PARTNER[c] as number) : -1;
      let p = 0;
      for (const t of frames) p = Math.max(p, (line.probs[t * MRZ_CLASSES + 1 + c] as number) + (q >= 0 ? (line.probs[t * MRZ_CLASSES + 1 + q] as number) : 0));
      scores.push({ char: ch, p });
      total += p;
    }
    const normalised = scores.map((s) => ({ char: s.char, p: total > 0 ? s.p / total : 0 })).sort((a, b) => b.p - a.p);
    const ch = MRZ_ALPHABET[chars[pos] as number] as string;
    text += ch;
    alternatives.push(normalised.filter((a) => a.p > 0));
    confidence.push(normalised.find((a) => a.char === ch)?.p ?? 0);
  }
  return { text, logScore: endScore, alternatives, confidence, frames: framesOf.map((f) => [...f].reverse()) };
}
