import type { MrzFormat } from '../constants.ts';
import type { PositionAlternatives } from './correctMrz.ts';
import { MRZ_LAYOUTS } from './layouts.ts';

/** Fields holding free data padded with fillers at their end (ICAO Doc 9303 Part 3 §4.3, Parts 4-6). */
const OPTIONAL_DATA_FIELDS = new Set(['personalNumber', 'optional1', 'optional2']);

/**
 * Letters that no check digit can tell from the filler: ICAO Doc 9303 Part 3 §4.9 values `<` as 0 and `A`, `K`,
 * `U` as 10, 20 and 30, so at any weight (7, 3, 1) they add 0 (mod 10) as the filler does. Of these the
 * recogniser confuses `K` with a blurred filler (`<<K<` after the personal number of 3 synthetic TD1 cards of
 * seeds 7 and 11, `K` 0.57-0.65 against `<` 0.34-0.41, read off the decoder's alternatives while debugging them;
 * no script reports these).
 */
export const CHECK_INVISIBLE_FILLER_LOOK_ALIKES = 'K';

/**
 * Smallest probability (0-1) the recogniser must have given the filler at the position for a check-invisible
 * letter in the padding to be read as the filler: the `minSupport` of check-digit corrections (mrz/correctMrz.ts),
 * an alternative it found plausible.
 */
export const PADDING_FILLER_MIN_SUPPORT = 0.2;

/**
 * Reads as fillers the check-invisible letters ({@link CHECK_INVISIBLE_FILLER_LOOK_ALIKES}) that stand alone in
 * the padding of an optional-data field (TD3 personal number, TD1/TD2 optional data): after a filler,
 * followed by nothing but fillers to the field's end, and where the recogniser gave the filler at least
 * {@link PADDING_FILLER_MIN_SUPPORT}. ICAO pads these fields with fillers after their data, and no check digit can
 * refuse such a letter, so without this a stray `K` became part of the personal number (`84063975024<K<<` read as `84063975024 K`)
 * on a document whose every check digit verifies. A `K` the recogniser read with near certainty stays.
 *
 * @param format - the MRZ format
 * @param lines - the decoded lines (each of the format's length)
 * @param alternatives - the recogniser's alternatives per position (`[]` for text recognisers: nothing changes)
 * @returns the lines, with such letters turned into fillers
 * @example padOptionalData('TD1', ['I<BRA376560568280190470349<<K<', …], alts) // line 1 ends `…0349<<<<`
 */
export function padOptionalData(format: MrzFormat, lines: readonly string[], alternatives: PositionAlternatives): string[] {
  const out = [...lines];
  for (const field of MRZ_LAYOUTS[format].fields) {
    if (!OPTIONAL_DATA_FIELDS.has(field.field)) continue;
    let line = out[field.line] ?? '';
    for (let i = field.end - 1; i >= field.start + 1; i--) {
      const ch = line[i] as string;
      if (ch === '<') continue;
      const stray =
        CHECK_INVISIBLE_FILLER_LOOK_ALIKES.includes(ch) &&
        line[i - 1] === '<' &&
        (alternatives[field.line]?.[i]?.find((a) => a.char === '<')?.p ?? 0) >= PADDING_FILLER_MIN_SUPPORT;
      if (!stray) break; // data: the padding ends here
      line = `${line.slice(0, i)}<${line.slice(i + 1)}`;
    }
    out[field.line] = line;
  }
  return out;
}
