import { describe, expect, it } from 'vitest';
import { MRZ_ALPHABET } from '../../../../functions/engines/document/mrz/alphabet.ts';
import { ctcAlignment, ctcLogLikelihood } from '../../../../functions/engines/document/ocr/ctc/ctcLogLikelihood.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../../../../functions/engines/document/ocr/ctc/lineProbabilities.ts';
import { PADDLE_SMALL_LINE_HEIGHT, PADDLE_SMALL_LINE_WEIGHT, paddleEvidenceWeight } from '../../../../functions/engines/document/ocr/paddle/paddleLineRecognizer.ts';
import { arbitrateNames, FILLER_SIGHT_MIN_SHARE, fillerSighted } from '../../../../functions/engines/document/reading/arbitrateNames.ts';
import { ctcFrames } from './fixtures.ts';

/** Deterministic pseudo-random numbers (a linear congruential generator), so that the test is reproducible. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** `frames` rows of random probabilities over the blank and the MRZ classes. */
function randomLine(frames: number, seed: number): LineProbabilities {
  const next = random(seed);
  const probs = new Float32Array(frames * MRZ_CLASSES);
  for (let t = 0; t < frames; t++) {
    let sum = 0;
    for (let c = 0; c < MRZ_CLASSES; c++) sum += probs[t * MRZ_CLASSES + c] = next() ** 4;
    for (let c = 0; c < MRZ_CLASSES; c++) probs[t * MRZ_CLASSES + c] = (probs[t * MRZ_CLASSES + c] as number) / sum;
  }
  return { frames, probs, mrzMass: 1 };
}

/** Plain CTC by brute force: the probability of every path of `line` that collapses to `text`, summed. */
function bruteForce(line: LineProbabilities, text: string): number {
  let total = 0;
  const path = new Array<number>(line.frames).fill(0);
  const walk = (t: number, p: number): void => {
    if (t === line.frames) {
      let out = '';
      let previous = 0;
      for (const c of path) {
        if (c !== 0 && c !== previous) out += MRZ_ALPHABET[c - 1];
        previous = c;
      }
      if (out === text) total += p;
      return;
    }
    for (let c = 0; c < MRZ_CLASSES; c++) {
      path[t] = c;
      walk(t + 1, p * (line.probs[t * MRZ_CLASSES + c] as number));
    }
  };
  walk(0, 1);
  return total;
}

/** A line's frames: each character, then a blank (`ctcFrames` path). */
const spaced = (text: string) => `${[...text].join('_')}_`;

describe('ctcLogLikelihood', () => {
  it('sums every CTC alignment of the text (brute force over 38^3 paths)', () => {
    const line = randomLine(3, 7);
    for (const text of ['A', 'AB', 'AA', '5<', '<', '']) {
      expect(ctcLogLikelihood(line, text)).toBeCloseTo(Math.log(bruteForce(line, text)), 6);
    }
  });
  it('lets a filler follow a filler without a blank, at the decoder’s cost of ln 0.5', () => {
    const line = ctcFrames('<<', 0.9);
    // Plain CTC cannot read two fillers from two frames; the split costs half.
    expect(ctcLogLikelihood(line, '<<')).toBeCloseTo(Math.log(0.9 * 0.9 * 0.5), 6);
    // A letter repeated still needs a blank between.
    expect(ctcLogLikelihood(ctcFrames('AA', 0.9), 'AA')).toBe(-Infinity);
  });
  it('ranks the text read above its neighbours and is -Infinity when frames are too few', () => {
    const line = ctcFrames(spaced('ERIKSSON'), 0.9, { 12: ['D', 0.3] });
    expect(ctcLogLikelihood(line, 'ERIKSSON')).toBeGreaterThan(ctcLogLikelihood(line, 'ERIKSSDN'));
    expect(ctcLogLikelihood(line, 'ERIKSSDN')).toBeGreaterThan(ctcLogLikelihood(line, 'ERIKSSEN'));
    expect(ctcLogLikelihood(ctcFrames('AB'), 'ABC')).toBe(-Infinity);
  });
  it('refuses characters outside the MRZ alphabet', () => {
    expect(() => ctcLogLikelihood(ctcFrames('A'), 'a')).toThrow(RangeError);
  });
});

describe('ctcAlignment', () => {
  it('gives the frames of each character in the best alignment', () => {
    // A over frames 0-1, a blank, B at 3, filler run split without a blank at 4 and 5.
    expect(ctcAlignment(ctcFrames('AA_B<<'), 'AB<<')).toEqual([
      [0, 1],
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    expect(ctcAlignment(ctcFrames(spaced('ERIKSSON')), 'ERIKSSON')).toEqual([...'ERIKSSON'].map((_, k) => [2 * k, 2 * k]));
  });
  it('is null when the frames are too few, and empty for an empty text', () => {
    expect(ctcAlignment(ctcFrames('AB'), 'ABC')).toBeNull();
    expect(ctcAlignment(ctcFrames('AB'), '')).toEqual([]);
    expect(() => ctcAlignment(ctcFrames('A'), 'a')).toThrow(RangeError);
  });
});

describe('arbitrateNames', () => {
  const line1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
  const line2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
  /** The frame of position `k` in a {@link spaced} path. */
  const at = (k: number) => 2 * k;
  const withChar = (line: string, k: number, ch: string) => line.slice(0, k) + ch + line.slice(k + 1);

  it('takes the letter both recognisers together find likelier: an O one read as D', () => {
    // The first recogniser read the O of ERIKSSON as D (0.55 against 0.35); the second read O (0.85 against 0.05).
    const first = ctcFrames(spaced(withChar(line1, 11, 'D')), 0.9, { [at(11)]: ['O', 0.35] });
    const second = ctcFrames(spaced(line1), 0.9, { [at(11)]: ['D', 0.05] });
    const out = arbitrateNames('TD3', [withChar(line1, 11, 'D'), line2], [[first, second], []]);
    expect(out.lines).toEqual([line1, line2]);
    expect(out.changed).toEqual([[0, 11]]);
    // Reported by line with the name characters before and after, and a gain that is the two texts' score ratio.
    expect(out.changes).toHaveLength(1);
    expect(out.changes[0]).toMatchObject({ line: 0, from: withChar(line1, 11, 'D').slice(5), to: line1.slice(5) });
    const joint = (text: string) => ctcLogLikelihood(first, text) + ctcLogLikelihood(second, text);
    expect(out.changes[0]?.gain).toBeCloseTo(joint(line1) - joint(withChar(line1, 11, 'D')), 9);
    expect(out.changes[0]?.gain).toBeGreaterThan(0);
  });
  it('reports per line the chosen names\' lead over the closest text one name character away', () => {
    // The O of ERIKSSON as above: the O is chosen, and the D it replaced is its closest rival.
    const first = ctcFrames(spaced(withChar(line1, 11, 'D')), 0.9, { [at(11)]: ['O', 0.35] });
    const second = ctcFrames(spaced(line1), 0.9, { [at(11)]: ['D', 0.05] });
    const out = arbitrateNames('TD3', [withChar(line1, 11, 'D'), line2], [[first, second], []]);
    const joint = (text: string) => ctcLogLikelihood(first, text) + ctcLogLikelihood(second, text);
    expect(out.margins[0]).toBeCloseTo(joint(line1) - joint(withChar(line1, 11, 'D')), 9);
    expect(out.margins[0]).toBeLessThan(Math.log(1000));
    // The rival is listed with the lead over it: the margin is the least lead.
    expect(out.rivals[0]).toEqual([{ text: withChar(line1, 11, 'D'), lead: expect.closeTo(out.margins[0] as number, 9) }]);
    expect(out.rivals[1]).toEqual([]);
    // The data line has no name field; and where no recogniser gives another letter 0.02, no rival is tried.
    expect(out.margins[1]).toBe(Number.POSITIVE_INFINITY);
    const sure = ctcFrames(spaced(line1), 0.9);
    expect(arbitrateNames('TD3', [line1, line2], [[sure, sure], []]).margins[0]).toBe(Number.POSITIVE_INFINITY);
    // A rival both recognisers give a little (D at 0.03 beside O at 0.87) lies far behind.
    const doubted = ctcFrames(spaced(line1), 0.9, { [at(11)]: ['D', 0.03] });
    const far = arbitrateNames('TD3', [line1, line2], [[doubted, doubted], []]).margins[0] as number;
    expect(far).toBeCloseTo(2 * Math.log(0.87 / 0.03), 2); // float32 probabilities
  });
  it('leaves out a recogniser that reads the name line as more digits than letters (it has not read the line)', () => {
    // The first read the O of ERIKSSON as D (0.55 against O 0.35), as above; the second read digits for every letter
    // but that O: its likelihoods would make the change, but a name line holds no digits, so it is no witness.
    const first = ctcFrames(spaced(withChar(line1, 11, 'D')), 0.9, { [at(11)]: ['O', 0.35] });
    const noise = [...line1].map((ch, k) => (k === 11 || !/[A-Z]/.test(ch) ? ch : String(k % 10))).join('');
    const second = ctcFrames(spaced(noise), 0.9);
    const out = arbitrateNames('TD3', [withChar(line1, 11, 'D'), line2], [[first, second], []]);
    expect(out.lines[0]).toBe(withChar(line1, 11, 'D'));
    expect(out.changes).toEqual([]);
    // The same second reading with letters where the first has them is a witness, and the O is taken.
    const letters = ctcFrames(spaced(line1), 0.9);
    expect(arbitrateNames('TD3', [withChar(line1, 11, 'D'), line2], [[first, letters], []]).lines[0]).toBe(line1);
  });
  it('lets a name prior decide a near tie between look-alike letters, and counts it in the gain', () => {
    // Both recognisers hesitate at the O of ERIKSSON, leaning to D (0.5 against 0.4): alone they keep ERIKSSDN.
    const given = withChar(line1, 11, 'D');
    const first = ctcFrames(spaced(given), 0.9, { [at(11)]: ['O', 0.4] });
    const second = ctcFrames(spaced(given), 0.9, { [at(11)]: ['O', 0.4] });
    expect(arbitrateNames('TD3', [given, line2], [[first, second], []]).lines[0]).toBe(given);
    // A prior that finds ERIKSSON 3 nats likelier than ERIKSSDN outweighs the recognisers' 2 x ln(0.5 / 0.4).
    const fields: string[] = [];
    const prior = (field: string) => (fields.push(field), field.startsWith('ERIKSSON<') ? 3 : 0);
    const out = arbitrateNames('TD3', [given, line2], [[first, second], []], { prior });
    expect(out.lines[0]).toBe(line1);
    expect(fields).toContain(line1.slice(5)); // the TD3 name field, line 1 from position 5
    const joint = (text: string) => ctcLogLikelihood(first, text) + ctcLogLikelihood(second, text);
    expect(out.changes[0]?.gain).toBeCloseTo(joint(line1) + 3 - joint(given), 9);
    // A prior of 0.3 nats does not: the recognisers' lean stands.
    expect(arbitrateNames('TD3', [given, line2], [[first, second], []], { prior: (f) => (f.startsWith('ERIKSSON<') ? 0.3 : 0) }).lines[0]).toBe(given);
  });
  it('lets no prior turn a filler after a name into a letter that the recognisers alone find less likely', () => {
    // Both recognisers hesitate at the filler after MARIA, leaning to it (0.5 against an E at 0.4); a prior that finds
    // MARIAE likelier would lengthen the name (OMAR read OMARE, synthetic seed 3030 syn-0046).
    const k = line1.indexOf('MARIA') + 5;
    const prior = (field: string) => (field.includes('MARIAE') ? 3 : 0);
    const first = ctcFrames(spaced(line1), 0.9, { [at(k)]: ['E', 0.4] });
    const second = ctcFrames(spaced(line1), 0.9, { [at(k)]: ['E', 0.4] });
    expect(arbitrateNames('TD3', [line1, line2], [[first, second], []], { prior }).lines[0]).toBe(line1);
    // Where the recognisers themselves lean to the letter, it is taken.
    const lengthened = withChar(line1, k, 'E');
    const leaning = ctcFrames(spaced(lengthened), 0.9, { [at(k)]: ['<', 0.4] });
    expect(arbitrateNames('TD3', [line1, line2], [[leaning, leaning], []], { prior }).lines[0]).toBe(lengthened);
  });
  // Blind specimen seed 86 `spec-s86-006` blurred by 2 px: PaddleOCR read every filler of the names line as C, and its
  // likelihoods lengthened MARIA to MARIAC against the two recognisers that read the fillers.
  it('lets a reading that reads the line\'s fillers as letters weigh no name lengthened', () => {
    const k = line1.indexOf('MARIA') + 5;
    const lengthened = withChar(line1, k, 'C');
    // Two readings see the fillers and lean to the one after MARIA (0.6 against C 0.3); the third reads C at every
    // filler, sure of it.
    const seeing = ctcFrames(spaced(line1), 0.9, { [at(k)]: ['C', 0.3] });
    const blind = ctcFrames(spaced(line1.replace(/</g, 'C')), 0.99);
    const out = arbitrateNames('TD3', [line1, line2], [[seeing, seeing, blind], []]);
    expect(out.lines[0]).toBe(line1);
    // Weighed together, the blind reading's certainty outweighs the others: the change would have been taken.
    const joint = (text: string) => 2 * ctcLogLikelihood(seeing, text) + ctcLogLikelihood(blind, text);
    expect(joint(lengthened)).toBeGreaterThan(joint(line1));
    // Where the readings that see the fillers lean to the letter themselves, the name is lengthened.
    const leaning = ctcFrames(spaced(lengthened), 0.9, { [at(k)]: ['<', 0.3] });
    expect(arbitrateNames('TD3', [line1, line2], [[leaning, leaning, blind], []]).lines[0]).toBe(lengthened);
  });
  it('counts a reading as seeing a line\'s fillers when it decodes at least half of them as fillers (fillerSighted)', () => {
    const names = Array.from({ length: 39 }, (_, j) => 5 + j);
    expect(fillerSighted(line1, line1, names)).toBe(true);
    expect(fillerSighted(line1, line1.replace(/</g, 'C'), names)).toBe(false);
    const fillers = names.filter((j) => line1.charAt(j) === '<');
    const half = fillers.slice(0, Math.ceil(fillers.length * FILLER_SIGHT_MIN_SHARE)).reduce((t, j) => withChar(t, j, 'C'), line1);
    expect(fillerSighted(line1, half, names)).toBe(fillers.length % 2 === 0);
    expect(fillerSighted(line1, undefined, names)).toBe(false);
    expect(fillerSighted('P<UTOERIKSSONANNA', 'P<UTOERIKSSONANNA', [5, 6, 7])).toBe(true);
  });
  it('lets no prior, however strong, overturn recognisers that prefer the given letter by more than maxPriorLoss', () => {
    // Both lean to D clearly (0.7 against 0.2): 2 x ln(0.7 / 0.2) = 2.5 nats, above ln 10.
    const given = withChar(line1, 11, 'D');
    const first = ctcFrames(spaced(given), 0.9, { [at(11)]: ['O', 0.2] });
    const second = ctcFrames(spaced(given), 0.9, { [at(11)]: ['O', 0.2] });
    const joint = (text: string) => ctcLogLikelihood(first, text) + ctcLogLikelihood(second, text);
    expect(joint(given) - joint(line1)).toBeGreaterThan(Math.log(10));
    const prior = (field: string) => (field.startsWith('ERIKSSON<') ? 20 : 0);
    expect(arbitrateNames('TD3', [given, line2], [[first, second], []], { prior }).lines[0]).toBe(given);
    // With the bound lifted, the prior decides.
    expect(arbitrateNames('TD3', [given, line2], [[first, second], []], { prior, maxPriorLoss: Infinity }).lines[0]).toBe(line1);
  });
  it('keeps a letter one recogniser is sure of against the other’s hesitant misreading', () => {
    // M of MARIA: the first is sure (0.9), the second read R (0.6) with M at 0.3.
    const first = ctcFrames(spaced(line1), 0.9);
    const second = ctcFrames(spaced(withChar(line1, 20, 'R')), 0.9, { [at(20)]: ['M', 0.3] });
    const out = arbitrateNames('TD3', [line1, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(line1);
    expect(out.changed).toEqual([]);
    expect(out.changes).toEqual([]);
  });
  it('counts each recogniser’s likelihoods to the power of its weight', () => {
    // M of MARIA: the first reads M (0.6, R 0.3), the second R (0.85, M 0.05): together they take R, ln 17 against ln 2.
    const first = ctcFrames(spaced(line1), 0.9, { [at(20)]: ['R', 0.3] });
    const second = ctcFrames(spaced(withChar(line1, 20, 'R')), 0.9, { [at(20)]: ['M', 0.05] });
    expect(arbitrateNames('TD3', [line1, line2], [[first, second], []]).lines[0]).toBe(withChar(line1, 20, 'R'));
    // The second counting a fifth (a recogniser unreliable on such lines): 0.2 x ln 17 < ln 2, M stands.
    expect(arbitrateNames('TD3', [line1, line2], [[first, second], []], { weights: [[1, 0.2], []] }).lines[0]).toBe(line1);
    // Weights of 1 are the default; the gain is the weighted sum's.
    const out = arbitrateNames('TD3', [line1, line2], [[first, second], []], { weights: [[1, 0.7], []] });
    const weighted = (text: string) => ctcLogLikelihood(first, text) + 0.7 * ctcLogLikelihood(second, text);
    expect(out.lines[0]).toBe(withChar(line1, 20, 'R'));
    expect(out.changes[0]?.gain).toBeCloseTo(weighted(withChar(line1, 20, 'R')) - weighted(line1), 9);
  });
  it('never changes characters outside the name fields, nor lines with one reading', () => {
    // Both recognisers read the issuing state as UTD; the line given has UTO (say, corrected by the layout).
    const utd = withChar(line1, 4, 'D');
    const first = ctcFrames(spaced(utd), 0.9);
    const second = ctcFrames(spaced(utd), 0.9);
    expect(arbitrateNames('TD3', [line1, line2], [[first, second], []]).lines[0]).toBe(line1);
    // One reading only and no prior: nothing to arbitrate.
    const misread = withChar(line1, 11, 'D');
    expect(arbitrateNames('TD3', [misread, line2], [[ctcFrames(spaced(line1), 0.9)], []]).lines[0]).toBe(misread);
    // Line 2 of a TD3 holds no name: left alone even when both read it otherwise.
    const other = ctcFrames(spaced(withChar(line2, 0, 'I')), 0.9);
    expect(arbitrateNames('TD3', [line1, line2], [[], [other, other]]).lines[1]).toBe(line2);
  });
  it('weighs a single reading when a prior is given (the other recogniser read the line as digits)', () => {
    // The line was decoded with ERIKSSDN; read again, the one recogniser left sees ERIKSSON, the other only digits.
    const misread = withChar(line1, 11, 'D');
    const again = ctcFrames(spaced(line1), 0.9);
    const digits = ctcFrames(spaced([...line1].map((ch, k) => (/[A-Z]/.test(ch) ? String(k % 10) : ch)).join('')), 0.9);
    const flat = () => 0;
    const out = arbitrateNames('TD3', [misread, line2], [[again, digits], []], { prior: flat });
    expect(out.lines[0]).toBe(line1);
    expect(out.changed).toEqual([[0, 11]]);
    // Without a prior, one witness is not enough.
    expect(arbitrateNames('TD3', [misread, line2], [[again, digits], []]).lines[0]).toBe(misread);
  });
  it('tries the letters a recogniser sees where the other put a character, when its own reading is shifted', () => {
    // CITIZEN read CITIZFN by the first (F 0.89, E 0.01: too little for E to be tried on its evidence alone); the
    // second read CIITIZEN (an I too many, so its own fixed-length reading is shifted from there on and proposes Z
    // at the F's position) but is sure of the E in the frame where the first sees the F.
    const name = 'P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const misread = withChar(name, 10, 'F');
    const first = ctcFrames(spaced(misread), 0.9, { [at(10)]: ['E', 0.01] });
    const second = ctcFrames(spaced(`${name.slice(0, 7)}I${name.slice(7, 43)}`), 0.9);
    const out = arbitrateNames('TD3', [misread, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(name);
    expect(out.changed).toEqual([[0, 10]]);
  });
  /**
   * A path: the first `n` characters spaced, the trailing fillers in one run of two frames each (recognisers read a
   * filler run as one run of frames, longer than the fillers are many).
   */
  const tail = (text: string, n: number) => `${spaced(text.slice(0, n))}${text.slice(n).replace(/</g, '<<')}`;

  it('puts in a letter one recogniser dropped, taking a filler from the end of the field', () => {
    // CITIZEN read CITZEN by the first (the I faint, 0.3, in the blank frame between T and Z) and CITIIZEN by the
    // second (its second I 0.5, blank 0.4): neither reading, nor any one letter changed, is the name.
    const name = 'P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const dropped = `${name.slice(0, 8)}${name.slice(9)}<`;
    const doubled = `${name.slice(0, 9)}I${name.slice(9, 43)}`;
    const first = ctcFrames(tail(dropped, 17), 0.9, { [at(8) - 1]: ['I', 0.3] });
    const second = ctcFrames(tail(doubled, 19), 0.9, { [at(9)]: ['_', 0.4] });
    const out = arbitrateNames('TD3', [dropped, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(name);
    // Shifts are held to their own least gain.
    expect(arbitrateNames('TD3', [dropped, line2], [[first, second], []], { shiftMinGain: 50 }).lines[0]).not.toBe(name);
  });
  it('takes out a character one recogniser read too many, giving a filler to the end of the field', () => {
    // LOPEZ<<YUKI read LOPEZ<<<YUKI by the first (its third filler 0.5, blank 0.4) and LOPEZ<<YKI by the second
    // (the U faint, 0.3, between Y and K).
    const name = 'P<JPNLOPEZ<<YUKI<MARIA<<<<<<<<<<<<<<<<<<<<<<';
    const extra = `${name.slice(0, 12)}<${name.slice(12, 43)}`;
    const dropped = `${name.slice(0, 13)}${name.slice(14)}<`;
    const first = ctcFrames(tail(extra, 23), 0.9, { [at(12)]: ['_', 0.4] });
    const second = ctcFrames(tail(dropped, 21), 0.9, { [at(13) - 1]: ['U', 0.3] });
    const out = arbitrateNames('TD3', [extra, line2], [[first, second], []]);
    expect(out.lines[0]).toBe(name);
  });
  it('takes a gain only above minGain', () => {
    const first = ctcFrames(spaced(withChar(line1, 11, 'D')), 0.9, { [at(11)]: ['O', 0.35] });
    const second = ctcFrames(spaced(line1), 0.9, { [at(11)]: ['D', 0.05] });
    const lines = [withChar(line1, 11, 'D'), line2];
    // ln((0.35 * 0.85) / (0.55 * 0.05)) = 2.38
    expect(arbitrateNames('TD3', lines, [[first, second], []], { minGain: 2.3 }).lines[0]).toBe(line1);
    expect(arbitrateNames('TD3', lines, [[first, second], []], { minGain: 2.5 }).lines[0]).toBe(lines[0]);
  });
});

describe('paddleEvidenceWeight', () => {
  it('counts PP-OCRv4 at PADDLE_SMALL_LINE_WEIGHT on lines lower than PADDLE_SMALL_LINE_HEIGHT pixels, fully above', () => {
    expect(paddleEvidenceWeight(PADDLE_SMALL_LINE_HEIGHT - 0.1)).toBe(PADDLE_SMALL_LINE_WEIGHT);
    expect(paddleEvidenceWeight(PADDLE_SMALL_LINE_HEIGHT)).toBe(1);
    expect(paddleEvidenceWeight(40)).toBe(1);
    expect(PADDLE_SMALL_LINE_WEIGHT).toBeGreaterThan(0);
    expect(PADDLE_SMALL_LINE_WEIGHT).toBeLessThan(1);
  });
});
