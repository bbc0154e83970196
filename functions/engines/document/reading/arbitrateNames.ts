import type { MrzFormat } from '../constants.ts';
import { positionClasses } from '../mrz/layouts.ts';
import { MRZ_FILLER as FILLER, MRZ_INDEX } from '../mrz/alphabet.ts';
import { ctcAlignment, ctcLogLikelihood } from '../ocr/ctc/ctcLogLikelihood.ts';
import { greedyDecode } from '../ocr/ctc/greedyDecode.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';
import { decodeMrzLine, lineFieldsOf, type Span } from './decodeMrzLine.ts';

/** Result of {@link arbitrateNames}. */
export interface NameArbitration {
  /** The lines, with name characters the recognisers agree on better put in. */
  readonly lines: string[];
  /** Positions changed, as `[line, position]` pairs (empty when the lines are returned as given). */
  readonly changed: ReadonlyArray<readonly [number, number]>;
  /** One entry per line whose names changed, in line order (empty when the lines are returned as given). */
  readonly changes: readonly NameChange[];
  /**
   * Per line, how far the chosen names lead the closest text one name character away (another character the
   * recognisers proposed or gave at least {@link CANDIDATE_MIN_PROB} at that position): natural log of the ratio of
   * their scores (the recognisers' likelihoods together, the prior added when given); negative where such a text
   * scores higher but the choice's bounds kept it out (`maxPriorLoss`, a name lengthened, `shiftMinGain`);
   * `Infinity` for lines not arbitrated or with no such text. A small lead is a name the recognisers leave in doubt.
   */
  readonly margins: readonly number[];
  /**
   * Per line, the texts {@link margins} weighed against the chosen one: the chosen line with one name character
   * replaced by another the recognisers proposed or gave at least {@link CANDIDATE_MIN_PROB} there, each once, with
   * the chosen text's lead over it (natural log, as `margins`; empty for lines not arbitrated). The visual zone
   * settles names in doubt among these (witnessNames.ts).
   */
  readonly rivals: ReadonlyArray<readonly NameRival[]>;
}

/** A text one name character away from the chosen line ({@link NameArbitration.rivals}). */
export interface NameRival {
  /** The whole line. */
  readonly text: string;
  /** How far the chosen line leads it, natural log (negative where the choice's bounds kept a likelier text out). */
  readonly lead: number;
}

/** The names of one MRZ line as {@link arbitrateNames} changed them. */
export interface NameChange {
  /** The line, 0-based (TD3 and TD2: 0; TD1: 2). */
  readonly line: number;
  /** The line's name characters (its name fields, joined in line order) as given, fillers as `<`. */
  readonly from: string;
  /** The same characters as chosen. */
  readonly to: string;
  /**
   * How much likelier the recognisers together find the chosen line than the given one: natural log of the ratio
   * of the products of their CTC likelihoods, the name prior's difference added when one is given (> 0; at least
   * `minGain` per step taken).
   */
  readonly gain: number;
}

/** Options of {@link arbitrateNames}. */
export interface ArbitrateNamesOptions {
  /**
   * A change is taken only when it makes the text at least this much more likely under the recognisers together
   * (natural log of the ratio of the products of their likelihoods). @default {@link NAME_ARBITRATION_MIN_GAIN}
   */
  readonly minGain?: number;
  /**
   * The same for a change that puts in or takes out a character (the rest of the field shifted by one).
   * @default {@link NAME_SHIFT_MIN_GAIN}
   */
  readonly shiftMinGain?: number;
  /**
   * A prior over name fields (names/nameModel.ts `nameFieldPrior`): natural-log score of a name field's characters,
   * added to the recognisers' log-likelihoods of every text weighed. @default none (the recognisers alone)
   */
  readonly prior?: (field: string) => number;
  /**
   * With a `prior`: the most the recognisers' summed log-likelihood of a chosen text may fall below that of the given
   * one (natural log). @default {@link NAME_PRIOR_MAX_LOSS}
   */
  readonly maxPriorLoss?: number;
  /**
   * Per line, per entry of `readings`, how much that recogniser's log-likelihoods count in the product (>= 0; the
   * likelihood raised to this power). Recognisers whose likelihood ratios overstate what they saw under some capture
   * (LineRecognizer.evidenceWeight) count less there. @default 1 for every reading
   */
  readonly weights?: ReadonlyArray<readonly number[]>;
}

/**
 * Least log-gain of a name change in {@link arbitrateNames}: ln 1, any gain. See docs/document-verification-log.md
 * "Names read by two recognisers" for the measurement.
 */
export const NAME_ARBITRATION_MIN_GAIN = 0;

/**
 * Least log-gain of a change in {@link arbitrateNames} that puts in or takes out a character: ln 10, the text ten
 * times likelier under the recognisers together. A shift moves every later character of the field against both
 * recognisers' frames, and a recogniser that garbled the line scores shifted texts erratically: on the US card
 * specimen seen obliquely (far edge 30% shorter), where the own recogniser read `CPJTEAOEA` and PaddleOCR
 * `CRITTENDEN`, taking out the `I` gained 0.96 (ln, a wrong change); on the Australian page, the same view, the
 * changes mending `CZTZEN UANE` gained 11.9 with the `I` put back and 6.2 without it (`CITZEN JANE`), so about 5.7
 * for the `I` (docs/document-verification-log.md "Names read by two recognisers"). Set between those two cases: not a
 * measured optimum.
 */
export const NAME_SHIFT_MIN_GAIN = Math.log(10);

/**
 * Most the recognisers together may prefer the given name text over a text the prior makes {@link arbitrateNames}
 * choose: ln 10, the margin at which step 9 of readMrzZone.ts takes the recognisers' preference as a decision
 * (`COMPETITOR_MIN_MARGIN`). The prior only breaks near-ties. On documents whose names are strings of random capitals
 * (`npm run gen:documents:probe -- --names random`, seed 16) as 335-px JPEG thumbnails (`npm run eval:document --
 * --thumbnail 335:70`), the prior without this bound read 174 of 200 right against 182 without the prior; shrunk
 * to 250-420 px by a throwaway script, it turned 11 right names wrong, 7 of them against the recognisers' preference
 * by e^2.9 to e^8.6. The names it mended on the real specimens' views (`ERIKSSON`, `MARTIN`) cost the recognisers at
 * most e^1.8 (docs/document-verification-log.md "A prior over names", twenty-sixth session). Set between those, not
 * tuned; with it, 182 of 200 on the thumbnails above.
 */
export const NAME_PRIOR_MAX_LOSS = Math.log(10);

/**
 * The name characters of an MRZ chosen by several recognisers together. Names carry no check digit (ICAO Doc 9303
 * Part 3 §4.9 protects numbers and dates only), so a letter one recogniser misreads (`I` as `Z`, `O` as `D`) is
 * nothing a check digit can catch; two recognisers trained apart rarely misread the same letter alike. Each
 * recogniser's reading of a name line is decoded with the layout (decodeMrzLine.ts), and wherever a name character
 * differs from `lines`, the text is scored as the product of the recognisers' likelihoods of the whole line (CTC
 * forward, ocr/ctc/ctcLogLikelihood.ts: the recognisers as independent experts, a product of experts, Hinton 2002;
 * each likelihood raised to its `weights` entry when given), times the `prior` of the name fields when one is given
 * (a model of how names are spelt: where the recognisers nearly tie between look-alike letters, the spelling decides;
 * docs/document-verification-log.md "A prior over names"), but never for a text the recognisers find more than
 * `maxPriorLoss` less likely than the given one, nor for a change that turns a filler into a letter (a name
 * lengthened) which the recognisers alone, those that see the line's fillers ({@link fillerSighted}), find less
 * likely than the text before it: the prior then only lengthened
 * a name it found likelier longer (`OMAR<` read `OMAA<` became `OMARE`: the recognisers found it e^0.94 less likely
 * than the text read and the prior added 1.75 nats, 0.51 of them for `OMARE` over `OMAR`; synthetic seed 3030
 * `syn-0046`, thirtieth session).
 * Each recogniser's whole name reading is tried first, then character by character until no change gains, each
 * change taken only if it raises that product by at least `minGain`. The characters tried at a position are the
 * recognisers' readings there and every letter a recogniser gives at least {@link CANDIDATE_MIN_PROB} in the frames
 * where it sees that position's character (its best CTC alignment of the text, ctcAlignment): a reading with one
 * character too many or too few proposes shifted letters from there on, its probabilities do not. A character
 * dropped or read too many is mended by shifting the rest of the field by one, a letter put in (one a recogniser
 * sees between or at the neighbouring characters) and a trailing filler dropped, or a character taken out and a
 * filler added at the end; such a change must gain at least `shiftMinGain`. Characters outside the name fields are
 * never changed (check digits stand behind them).
 *
 * @param format - the reading's format
 * @param lines - the reading's lines (check-digit corrections applied)
 * @param readings - per line, the recognisers' probabilities for that line's crop (at least two that read more letters
 *   than digits there to arbitrate, see readsLetters, or one when a `prior` is given; lines without a name field, or
 *   with fewer such readings, are left as they are). One reading with the prior: where PaddleOCR read a name line
 *   as digits (synthetic seed 3131 `syn-0017`, `P<0<<0A29S02<<1NGR10<<<…`), the line was left as decoded
 *   (`INGRZD`) although the own recogniser, reading it again, had `INGRID`; allowed since the thirty-first session
 *   (docs/document-verification-log.md "Names read by one recogniser" under "A prior over names")
 * @param opts - see {@link ArbitrateNamesOptions}
 * @returns the lines, the positions changed and each line's change with its gain
 */
export function arbitrateNames(format: MrzFormat, lines: readonly string[], readings: ReadonlyArray<readonly LineProbabilities[]>, opts: ArbitrateNamesOptions = {}): NameArbitration {
  const minGain = opts.minGain ?? NAME_ARBITRATION_MIN_GAIN;
  const shiftMinGain = opts.shiftMinGain ?? NAME_SHIFT_MIN_GAIN;
  const maxPriorLoss = opts.prior ? (opts.maxPriorLoss ?? NAME_PRIOR_MAX_LOSS) : Number.POSITIVE_INFINITY;
  const classes = positionClasses(format);
  const out = [...lines];
  const changed: Array<[number, number]> = [];
  const changes: NameChange[] = [];
  const margins: number[] = lines.map(() => Number.POSITIVE_INFINITY);
  const rivals: NameRival[][] = lines.map(() => []);
  for (let i = 0; i < lines.length; i++) {
    const weighted = (readings[i] ?? []).map((line, j) => ({ line, weight: opts.weights?.[i]?.[j] ?? 1 })).filter(({ line }) => readsLetters(line));
    const experts = weighted.map(({ line }) => line);
    const fields = lineFieldsOf(format, i);
    // One witness is enough with a prior: the line read again and the spelling of names weigh the text decoded.
    if (experts.length < (opts.prior ? 1 : 2) || fields.names.length === 0) continue;
    const prior = opts.prior;
    const priorOf = prior ? (text: string) => fields.names.reduce((s, f) => s + prior(text.slice(f.start, f.end)), 0) : () => 0;
    // Memoised: the passes and the margin below weigh many texts more than once (the last pass's, always).
    const likelihoods = new Map<string, number>();
    const recognised = (text: string): number => {
      let r = likelihoods.get(text);
      if (r === undefined) {
        r = weighted.reduce((s, { line, weight }) => s + weight * ctcLogLikelihood(line, text), 0);
        likelihoods.set(text, r);
      }
      return r;
    };
    const positions = fields.names.flatMap((f: Span) => Array.from({ length: f.end - f.start }, (_, k) => f.start + k));
    // Each recogniser's own reading of the line within the layout.
    const decoded = experts.map((line) => decodeMrzLine(line, classes[i] as readonly string[], fields)?.text);
    const proposals = decoded.filter((t): t is string => t !== undefined && t.length === (lines[i] as string).length);
    let text = lines[i] as string;
    // The readings that see the line's fillers (fillerSighted), which alone judge a name lengthened; all when none does.
    const sightedOnes = weighted.filter((_, j) => fillerSighted(lines[i] as string, decoded[j], positions));
    const sighted = sightedOnes.length > 0 && sightedOnes.length < weighted.length ? sightedOnes : weighted;
    const sightedLikelihood = (t: string): number => sighted.reduce((s, { line, weight }) => s + weight * ctcLogLikelihood(line, t), 0);
    const givenRecognised = recognised(text);
    let best = givenRecognised + priorOf(text);
    let textSighted = sighted === weighted ? givenRecognised : sightedLikelihood(text);
    const given = best;
    const take = (candidate: string, least = minGain): void => {
      if (candidate === text) return;
      const r = recognised(candidate);
      const s = r + priorOf(candidate);
      // The prior breaks near-ties only: never a text the recognisers find maxPriorLoss less likely than the given one,
      // and never a filler turned into a letter (a name lengthened) that the recognisers seeing the line's fillers
      // find less likely.
      const lengthens = positions.some((k) => text.charAt(k) === FILLER && candidate.charAt(k) !== FILLER);
      if (!(s > best + least && r >= givenRecognised - maxPriorLoss)) return;
      const candidateSighted = sighted === weighted ? r : sightedLikelihood(candidate);
      if (lengthens && candidateSighted < textSighted) return;
      text = candidate;
      best = s;
      textSighted = candidateSighted;
    };
    for (const p of proposals) take(positions.reduce((t, k) => replaceAt(t, k, p.charAt(k)), text));
    // Per position: the proposals' characters, and those a recogniser gives some probability where it sees the
    // position's character (a proposal shifted by a character it inserted or dropped proposes nothing useful).
    const allowed = classes[i] as readonly string[];
    const candidates = new Map<number, Set<string>>(positions.map((k) => [k, new Set(proposals.map((p) => p.charAt(k)))]));
    // Letters to insert before position k: those a recogniser sees between the frames of k - 1 and k, or at either.
    const inserts = new Map<number, Set<string>>(positions.map((k) => [k, new Set<string>()]));
    for (const line of experts) {
      const spans = ctcAlignment(line, text);
      if (!spans) continue;
      const seen = (ch: string, from: number, to: number): boolean => {
        const c = (MRZ_INDEX.get(ch) as number) + 1;
        for (let t = Math.max(0, from); t <= Math.min(line.frames - 1, to); t++) if ((line.probs[t * MRZ_CLASSES + c] as number) >= CANDIDATE_MIN_PROB) return true;
        return false;
      };
      for (const k of positions) {
        const [t0, t1] = spans[k] as readonly [number, number];
        const gapFrom = k > 0 ? (spans[k - 1] as readonly [number, number])[1] + 1 : 0;
        for (const ch of allowed[k] as string) {
          if (seen(ch, t0 - 1, t1 + 1)) candidates.get(k)?.add(ch);
          if (ch !== FILLER && seen(ch, gapFrom, t0 - 1)) inserts.get(k)?.add(ch);
        }
      }
    }
    for (const k of positions) for (const ch of [...(candidates.get(k) ?? []), ...(candidates.get(k - 1) ?? [])]) if (ch !== FILLER) inserts.get(k)?.add(ch);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const before = text;
      for (const k of positions) for (const ch of candidates.get(k) ?? []) if (ch !== text.charAt(k)) take(replaceAt(text, k, ch));
      // A character dropped or one too many: the field's text shifted by one from k, and a filler taken from its end
      // (only when the field ends in one: a letter is never pushed out) or given to it.
      for (const field of fields.names) {
        for (let k = field.start; k < Math.min(field.end, lastLetter(text, field) + 2); k++) {
          const shape = text.slice(field.start, field.end);
          take(spliceField(text, field, shape.slice(0, k - field.start) + shape.slice(k - field.start + 1) + FILLER), shiftMinGain);
          if (shape.endsWith(FILLER)) for (const ch of inserts.get(k) ?? []) take(spliceField(text, field, shape.slice(0, k - field.start) + ch + shape.slice(k - field.start, -1)), shiftMinGain);
        }
      }
      if (text === before) break;
    }
    // The chosen text's lead over its closest rival one character away.
    let rival = Number.NEGATIVE_INFINITY;
    for (const k of positions) for (const ch of candidates.get(k) ?? []) if (ch !== text.charAt(k)) {
      const other = replaceAt(text, k, ch);
      const score = recognised(other) + priorOf(other);
      rival = Math.max(rival, score);
      rivals[i]?.push({ text: other, lead: best - score });
    }
    margins[i] = best - rival;
    for (const k of positions) if (text.charAt(k) !== (lines[i] as string).charAt(k)) changed.push([i, k]);
    const names = (t: string) => positions.map((k) => t.charAt(k)).join('');
    if (text !== lines[i]) changes.push({ line: i, from: names(lines[i] as string), to: names(text), gain: best - given });
    out[i] = text;
  }
  return { lines: out, changed, changes, margins, rivals };
}

/**
 * Whether a reading sees a name line's fillers: its own decoding of the line (`decoded`, decodeMrzLine.ts) reads at
 * least {@link FILLER_SIGHT_MIN_SHARE} of the name-field fillers of `text` as fillers (true where the fields hold
 * none). A reading that reads them as letters (PaddleOCR on a card blurred by 2 px, `DESPERANCECCANNACRARIACACCCCCC`
 * for `DESPERANCE<<ANNA<MARIA<<<<<<<<`) finds every filler turned into a letter likelier, by nats that outweigh the
 * readings that see them: blind specimen seed 86 `spec-s86-006`, blurred so, had `MARIA` lengthened to `MARIAC`
 * although the own and the third recogniser both preferred the filler (docs/document-verification-log.md
 * "Sixty-seventh session"). Such readings still weigh every other change.
 *
 * @param text - the line as given (MRZ characters)
 * @param decoded - the reading's decoding of the line, or undefined when it decoded none (then not sighted)
 * @param positions - the name fields' positions in the line
 */
export function fillerSighted(text: string, decoded: string | undefined, positions: readonly number[]): boolean {
  if (decoded === undefined || decoded.length !== text.length) return false;
  const fillers = positions.filter((k) => text.charAt(k) === FILLER);
  if (fillers.length === 0) return true;
  return fillers.filter((k) => decoded.charAt(k) === FILLER).length >= FILLER_SIGHT_MIN_SHARE * fillers.length;
}

/**
 * Least share of a name line's fillers a reading must read as fillers to judge a name lengthened
 * ({@link fillerSighted}): half. The readings that saw them on `spec-s86-006` read all of them so, the one that did not
 * none or one of eleven; not tuned.
 */
export const FILLER_SIGHT_MIN_SHARE = 0.5;

/**
 * Whether a recogniser's free reading (best path) of a name line holds at least as many letters as digits. A name
 * line holds letters and fillers, and digits only in a misread (ICAO Doc 9303 Part 3: the name fields take letters
 * and fillers only; the rest of a TD3 or TD2 name line is the document code and the issuing state). A recogniser
 * that reads more digits than letters there has not read the line (a 500-px passport page whose 3-px name line
 * PaddleOCR read `94058688448888144921E864…`, seed 99 `syn-0159`), and its likelihoods only add chance to the
 * other's: `KHAN` became `EHAN` on its say-so (gain 2.3). Such a recogniser takes no part in that line's
 * arbitration. Measured: it changes two documents of the evaluation sets, one each way
 * (docs/document-verification-log.md "Smaller pages, and recognisers that did not read the line").
 */
function readsLetters(line: LineProbabilities): boolean {
  const text = greedyDecode(line);
  const digits = text.replace(/[^0-9]/g, '').length;
  return text.replace(/[^A-Z]/g, '').length >= digits;
}

/**
 * Least probability, in a frame where a recogniser sees a name character (±1 frame), for another letter to be tried
 * there by {@link arbitrateNames}. Only a shortlist, set once and not tuned: the recognisers' joint likelihood
 * decides, and a letter below 0.02 in both can hardly win it.
 */
const CANDIDATE_MIN_PROB = 0.02;

/** Passes of character-by-character changes in {@link arbitrateNames} (each pass tries every candidate at every name position). */
const MAX_PASSES = 3;

/** Index of the last letter of a field of `text` (`field.start - 1` when it holds fillers only). */
function lastLetter(text: string, field: Span): number {
  for (let k = field.end - 1; k >= field.start; k--) if (text.charAt(k) !== FILLER) return k;
  return field.start - 1;
}

/** `text` with the field's characters replaced by `content` (of the field's length). */
function spliceField(text: string, field: Span, content: string): string {
  return text.slice(0, field.start) + content + text.slice(field.end);
}

function replaceAt(text: string, k: number, ch: string): string {
  return text.slice(0, k) + ch + text.slice(k + 1);
}
