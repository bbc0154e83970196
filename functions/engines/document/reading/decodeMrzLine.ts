import type { MrzFormat } from '../constants.ts';
import { MRZ_STATE_CODES } from '../countries/resolveMrzCountry.ts';
import { MRZ_ALPHABET } from '../mrz/alphabet.ts';
import { MRZ_LAYOUTS } from '../mrz/layouts.ts';
import { decodeFixedLength, LAYOUT_LOOK_ALIKES, type FixedLengthReading } from '../ocr/ctc/decodeFixedLength.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';

/** Re-exported from countries/resolveMrzCountry.ts, where the list of codes lives. */
export { MRZ_STATE_CODES };

/** Options of {@link decodeMrzLine}. */
export interface DecodeMrzLineOptions {
  /**
   * The best known code is taken only if the recogniser found it at least this many times more probable (ratio of
   * the best alignments' probabilities) than the next known code: the `minEvidenceRatio` of check-digit
   * corrections (mrz/correctMrz.ts).
   * @default 20
   */
  readonly minEvidenceRatio?: number;
  /**
   * ... and only if the reading as decoded (an unknown code) is at most this many times more probable than the
   * reading with the known code: a code printed clearly but unknown to ICAO (a specimen's invented `INP`, a
   * misprint) stays as read, and resolves to no country.
   * @default 1000
   */
  readonly maxCostRatio?: number;
  /**
   * Known codes decoded in full per field: the ones whose characters the recogniser saw most, anywhere between the
   * field's neighbours (a cheap, order-free score), are decoded with the line.
   * @default 16
   */
  readonly shortlist?: number;
}

const defaults = { minEvidenceRatio: 20, maxCostRatio: 1000, shortlist: 16 } as const;

/** Readings already decoded, per line and per layout (the same crop is decoded in many windows). */
const decodedLines = new WeakMap<LineProbabilities, Map<string, FixedLengthReading | null>>();

/** A [start, end) span of one line. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The fields of one line that {@link decodeMrzLine} reads with the layout's knowledge. */
export interface LineFields {
  /** State-code fields (issuing state, nationality). */
  readonly states: readonly Span[];
  /** Name fields (the primary and secondary identifiers). */
  readonly names: readonly Span[];
}

/** No fields: {@link decodeMrzLine} then decodes the line plainly (cached). */
export const NO_FIELDS: LineFields = { states: [], names: [] };

/** The state-code and name fields of a format's line `line`. */
export function lineFieldsOf(format: MrzFormat, line: number): LineFields {
  const of = (names: readonly string[]) => MRZ_LAYOUTS[format].fields.filter((f) => f.line === line && names.includes(f.field)).map((f) => ({ start: f.start, end: f.end }));
  return { states: of(['issuingState', 'nationality']), names: of(['name']) };
}

/**
 * Decodes one MRZ line (see {@link decodeFixedLength}) with what the layout knows of its names and state codes,
 * which carry no check digit. The recogniser was trained on general text and, after digits or in blurred letters,
 * reads an O as `0` (and, less often, I/Z/S/G/B as 1/2/5/6/8). In a letter-only field the decoder can then only
 * drop the letter (`KOWALSKI` read `KWALSKI`, `ZOE` `ZE`, the O of `POL`) and pad the line with an invented
 * character elsewhere. Counting the digit look-alike's probability for its letter ({@link LAYOUT_LOOK_ALIKES})
 * everywhere was measured and rejected: it also turns letters that were read into others (`ADA` to `AOA`, `NGUYEN`
 * to `ZGUYEN`, `USA` to `OSA`). So:
 *
 * 1. **Names**: the line is decoded again with the look-alikes folded in the name fields, and that reading is taken
 *    only if it differs from the plain one by restored letters alone: each changed letter is one the fold produced
 *    (O, I, Z, S, G, B) at frames where the plain reading emitted nothing, and taking those letters out leaves the
 *    plain reading less some fillers. A letter the plain reading read is never replaced.
 * 2. **State codes** (issuing state, nationality), whose list ICAO Doc 9303 Part 3 §5 closes: a line whose code
 *    reads as a known one ({@link MRZ_STATE_CODES}) is left as it is. Otherwise it is decoded again with the
 *    field's look-alikes folded, and that reading kept, known code or not (it explains the field's frames with
 *    letters instead of shifting the rest of the line). If the code is still unknown, the line is decoded with the
 *    field held to each of the `shortlist` likeliest known codes, the rest of the line re-aligned with it; the best
 *    replaces the reading only when it is decisive (`minEvidenceRatio` over the next) and plausible
 *    (`maxCostRatio`): a clearly printed code that no state has (a specimen's `INP`) stays as read.
 *
 * @param line - the recogniser's probabilities for the line
 * @param allowed - allowed characters per position (the layout's classes)
 * @param fields - the line's state-code and name fields ({@link lineFieldsOf})
 * @returns the reading, or null when the line has too few frames
 */
export function decodeMrzLine(
  line: LineProbabilities,
  allowed: readonly string[],
  fields: LineFields,
  opts: DecodeMrzLineOptions = {},
): FixedLengthReading | null {
  const o = { ...defaults, ...opts };
  const spans = (xs: readonly Span[]) => xs.map((f) => `${f.start}-${f.end}`).join(',');
  const key = `${allowed.join('|')}#${spans(fields.states)}#${spans(fields.names)}#${o.minEvidenceRatio},${o.maxCostRatio},${o.shortlist}`;
  let cache = decodedLines.get(line);
  if (!cache) decodedLines.set(line, (cache = new Map()));
  if (cache.has(key)) return cache.get(key) ?? null;
  const reading = decode(line, allowed, fields, o);
  cache.set(key, reading);
  return reading;
}

const positionsOf = (spans: readonly Span[]): number[] => spans.flatMap((f) => Array.from({ length: f.end - f.start }, (_, i) => f.start + i));

function decode(
  line: LineProbabilities,
  allowed: readonly string[],
  fields: LineFields,
  { minEvidenceRatio, maxCostRatio, shortlist }: Required<DecodeMrzLineOptions>,
): FixedLengthReading | null {
  let reading = fields.states.length + fields.names.length > 0 ? decodeMrzLine(line, allowed, NO_FIELDS) : decodeFixedLength(line, allowed);
  if (!reading) return null;
  // Positions whose look-alikes are folded in the reading kept so far.
  let foldedAt: number[] = [];
  if (fields.names.length > 0 && hasUnreadLookAlike(line, reading, fields.names)) {
    const namePositions = positionsOf(fields.names);
    const folded = decodeFixedLength(line, allowed, { foldPositions: new Set(namePositions) });
    if (folded && folded.text !== reading.text && onlyRestoresLetters(reading, folded, new Set(namePositions))) {
      reading = folded;
      foldedAt = namePositions;
    }
  }
  for (const field of fields.states) {
    if (MRZ_STATE_CODES.has(reading.text.slice(field.start, field.end))) continue;
    const foldPositions = new Set([...foldedAt, ...positionsOf([field])]);
    const folded = decodeFixedLength(line, allowed, { foldPositions });
    if (!folded) continue;
    reading = folded;
    if (MRZ_STATE_CODES.has(folded.text.slice(field.start, field.end))) continue;
    const tried: FixedLengthReading[] = [];
    for (const known of likelyCodes(line, folded, field, shortlist)) {
      const held = allowed.map((chars, i) => (i >= field.start && i < field.end ? (known[i - field.start] as string) : chars));
      // Only codes the position classes allow (e.g. `D<<` where a filler may stand).
      if (held.some((c, i) => i >= field.start && i < field.end && !(allowed[i] as string).includes(c))) continue;
      const r = decodeFixedLength(line, held, { foldPositions });
      if (r) tried.push(r);
    }
    tried.sort((a, b) => b.logScore - a.logScore);
    const [best, next] = tried;
    if (!best) continue;
    const decisive = !next || best.logScore - next.logScore >= Math.log(minEvidenceRatio);
    const plausible = folded.logScore - best.logScore <= Math.log(maxCostRatio);
    if (decisive && plausible) reading = best;
  }
  return reading;
}

/**
 * Smallest probability (0-1) of a digit look-alike at a frame the plain reading left blank for the name fields to be
 * decoded again with the look-alikes folded: a cheap test that skips the second decoding of lines with nothing to
 * restore (every O restored on the synthetic documents of seeds 11 and 777 passes it).
 */
const UNREAD_LOOK_ALIKE_MIN = 0.02;

/** Digits with a letter look-alike ({@link LAYOUT_LOOK_ALIKES}), as class indices of the line's probabilities. */
const LOOK_ALIKE_DIGITS = Object.keys(LAYOUT_LOOK_ALIKES)
  .filter((c) => c < 'A')
  .map((c) => 1 + MRZ_ALPHABET.indexOf(c));

/** Whether, between the frames of the fields' first and last characters, a frame where `plain` emitted nothing gave a look-alike digit at least {@link UNREAD_LOOK_ALIKE_MIN}. */
function hasUnreadLookAlike(line: LineProbabilities, plain: FixedLengthReading, spans: readonly Span[]): boolean {
  const emitted = new Set(plain.frames.flat());
  for (const span of spans) {
    const from = plain.frames[span.start]?.[0] ?? 0;
    const last = plain.frames[span.end - 1];
    const to = last && last.length > 0 ? (last[last.length - 1] as number) : line.frames - 1;
    for (let t = from; t <= to; t++) {
      if (emitted.has(t)) continue;
      for (const c of LOOK_ALIKE_DIGITS) if ((line.probs[t * MRZ_CLASSES + c] as number) >= UNREAD_LOOK_ALIKE_MIN) return true;
    }
  }
  return false;
}

/** Letters a digit look-alike may be folded into. */
const FOLDED_LETTERS = new Set(Object.keys(LAYOUT_LOOK_ALIKES).filter((c) => c >= 'A'));

/**
 * Whether `folded` is `plain` with letters restored: every position of `folded` that is a foldable letter at
 * frames where `plain` emitted no character counts as restored; without those, `folded` must be `plain` less some
 * of its fillers (trailing fillers ignored), so no letter `plain` read was replaced or moved across a separator.
 */
function onlyRestoresLetters(plain: FixedLengthReading, folded: FixedLengthReading, at: ReadonlySet<number>): boolean {
  const emitted = new Set(plain.frames.flat());
  let kept = '';
  let restored = 0;
  for (let k = 0; k < folded.text.length; k++) {
    const ch = folded.text[k] as string;
    const frames = folded.frames[k] ?? [];
    if (at.has(k) && FOLDED_LETTERS.has(ch) && frames.length > 0 && frames.every((t) => !emitted.has(t))) restored++;
    else kept += ch;
  }
  if (restored === 0) return false;
  // `kept` must be `plain` with some fillers deleted.
  const a = plain.text.replace(/<+$/, '');
  const b = kept.replace(/<+$/, '');
  let i = 0;
  for (let j = 0; j < b.length; j++, i++) {
    while (i < a.length && a[i] !== b[j] && a[i] === '<') i++;
    if (a[i] !== b[j]) return false;
  }
  return a.slice(i).replace(/</g, '') === '';
}

/**
 * The `n` known codes whose characters have the highest probabilities (each character's best frame, look-alike
 * digits folded in) among the frames from the field's left neighbour to its right neighbour, as decoded.
 */
function likelyCodes(line: LineProbabilities, reading: FixedLengthReading, field: { start: number; end: number }, n: number): string[] {
  const before = reading.frames[field.start - 1];
  const after = reading.frames[field.end];
  const from = before && before.length > 0 ? (before[before.length - 1] as number) : 0;
  const to = after && after.length > 0 ? (after[0] as number) : line.frames - 1;
  const best = new Map<string, number>();
  for (const ch of MRZ_ALPHABET) {
    const c = MRZ_ALPHABET.indexOf(ch);
    const partner = LAYOUT_LOOK_ALIKES[ch];
    const q = partner !== undefined && ch >= 'A' ? MRZ_ALPHABET.indexOf(partner) : -1;
    let p = 0;
    for (let t = from; t <= to; t++) p = Math.max(p, (line.probs[t * MRZ_CLASSES + 1 + c] as number) + (q >= 0 ? (line.probs[t * MRZ_CLASSES + 1 + q] as number) : 0));
    best.set(ch, Math.log(p + 1e-6));
  }
  const score = (code: string) => [...code].reduce((sum, ch) => sum + (best.get(ch) as number), 0);
  return [...MRZ_STATE_CODES].sort((a, b) => score(b) - score(a)).slice(0, n);
}
