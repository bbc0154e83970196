import countries from 'i18n-iso-countries/index.js';
import type { MrzFormat } from '../constants.ts';
import { ICAO_NON_ISO_CODES } from '../countries/icaoCodes.ts';
import { MRZ_ALPHABET } from '../mrz/alphabet.ts';
import { MRZ_LAYOUTS } from '../mrz/layouts.ts';
import { decodeFixedLength, LAYOUT_LOOK_ALIKES, type FixedLengthReading } from '../ocr/ctc/decodeFixedLength.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';

/**
 * Every state code an MRZ may carry, as printed in a 3-character field (`D<<`, `UTO`, `DEU`): the ISO 3166-1
 * alpha-3 codes (i18n-iso-countries) and the ICAO Doc 9303 Part 3 §5 codes that are not ISO codes
 * ({@link ICAO_NON_ISO_CODES}).
 */
export const MRZ_STATE_CODES: ReadonlySet<string> = new Set(
  [...Object.keys(countries.getAlpha3Codes()), ...Object.keys(ICAO_NON_ISO_CODES)].map((c) => c.padEnd(3, '<')),
);

/** Options of {@link decodeLineWithStateCodes}. */
export interface DecodeStateCodesOptions {
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

/** The state-code fields (issuing state, nationality) of a format's line `line`: [start, end) spans. */
export function stateFieldsOf(format: MrzFormat, line: number): Array<{ start: number; end: number }> {
  return MRZ_LAYOUTS[format].fields.filter((f) => f.line === line && (f.field === 'issuingState' || f.field === 'nationality'));
}

/**
 * Decodes one MRZ line (see {@link decodeFixedLength}) and, where a state-code field (issuing state, nationality)
 * reads as a code no state or organisation has (ICAO Doc 9303 Part 3 §5):
 *
 * 1. decodes it again with the field's digit look-alikes counted for its letters ({@link LAYOUT_LOOK_ALIKES}: the
 *    `0` read for the O of `POL`); that reading is kept, known code or not, because it explains the field's frames
 *    with letters instead of shifting the rest of the line to make room for a dropped one;
 * 2. if the code is still unknown, decodes the line with the field held to each of the `shortlist` likeliest known
 *    codes ({@link MRZ_STATE_CODES}), the rest of the line re-aligned with it. The best known code replaces the
 *    reading only when it is decisive (`minEvidenceRatio` over the next) and plausible (`maxCostRatio`).
 *
 * A line whose code reads as a known one is left as decoded (the fold would turn a `USA` read right into `OSA`).
 * Names and state codes carry no check digit: the closed list of codes is the only evidence the layout gives.
 *
 * @param line - the recogniser's probabilities for the line
 * @param allowed - allowed characters per position (the layout's classes)
 * @param fields - the state-code spans of this line ({@link stateFieldsOf})
 * @returns the reading, or null when the line has too few frames
 */
export function decodeLineWithStateCodes(
  line: LineProbabilities,
  allowed: readonly string[],
  fields: ReadonlyArray<{ start: number; end: number }>,
  opts: DecodeStateCodesOptions = {},
): FixedLengthReading | null {
  const o = { ...defaults, ...opts };
  const key = `${allowed.join('|')}#${fields.map((f) => `${f.start}-${f.end}`).join(',')}#${o.minEvidenceRatio},${o.maxCostRatio},${o.shortlist}`;
  let cache = decodedLines.get(line);
  if (!cache) decodedLines.set(line, (cache = new Map()));
  if (cache.has(key)) return cache.get(key) ?? null;
  const reading = decode(line, allowed, fields, o);
  cache.set(key, reading);
  return reading;
}

function decode(
  line: LineProbabilities,
  allowed: readonly string[],
  fields: ReadonlyArray<{ start: number; end: number }>,
  { minEvidenceRatio, maxCostRatio, shortlist }: Required<DecodeStateCodesOptions>,
): FixedLengthReading | null {
  let reading = decodeFixedLength(line, allowed);
  if (!reading) return null;
  for (const field of fields) {
    if (MRZ_STATE_CODES.has(reading.text.slice(field.start, field.end))) continue;
    const foldPositions = new Set(Array.from({ length: field.end - field.start }, (_, i) => field.start + i));
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
