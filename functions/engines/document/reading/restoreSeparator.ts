import type { Alternative } from '../mrz/correctMrz.ts';
import type { Span } from './decodeMrzLine.ts';
import { mrzNameExtent } from '../mrz/splitMrzName.ts';

/** Options of {@link restoreSeparator}. */
export interface RestoreSeparatorOptions {
  /**
   * Smallest ratio of the filler's probability to the probability of the character read at a position (both at
   * the position's frames, among the characters its class allows) for that character to be taken for a filler.
   * On the two documents this rule was built on, the recogniser gave the filler 0.44 and 0.74 of the `K` it read
   * (synthetic seed 2411 `syn-0021`, clean: `KOWALSKIK<KARL`; the French residence permit specimen of
   * ../shared/data/documents turned by 35°: `MARTIN<KCHRISTELLE`); a clearly printed letter gives the filler less
   * than 0.01 of its own (read off the recogniser's frames while debugging them, 2026-11-24; no script reports
   * it). Not tuned beyond these two: the first value tried.
   * @default 0.25
   */
  readonly minRatio?: number;
}

const defaults = { minRatio: 0.25 } as const;

/**
 * Restores the separator `<<` between the primary and secondary identifiers of a name field (ICAO Doc 9303 Part 3
 * §4.6: the surname, `<<`, the given names) when the recogniser read one of its two fillers as a letter. The
 * recogniser, trained on general text, takes the OCR-B chevron `<` for a `K` (its second choice at nearly every
 * filler) or a `C`; in a name field there is no check digit to catch it, and `KOWALSKI<<KARL` read `KOWALSKIK<KARL`
 * comes out as the surname `KOWALSKIK KARL` with no given name.
 *
 * The rule acts only on a field whose name, less its trailing fillers, holds no `<<` (as read, the holder has no
 * given name; ICAO allows that, but it is rare), and only where one character, turned into a filler, makes the first
 * `<<` with a filler next to it, leaves letters on both sides of it, and the recogniser gave the filler at least
 * `minRatio` of the probability of the character read there. Of several such positions the one with the highest
 * ratio is taken. A name read with a separator is never changed.
 *
 * @param text - the line as decoded (the layout's length)
 * @param alternatives - per position, the allowed characters with their probabilities at its frames, most probable
 *   first (decodeFixedLength's `alternatives`)
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the line with the separator restored and the position turned into a filler, or the line unchanged and
 *   null
 */
export function restoreSeparator(
  text: string,
  alternatives: ReadonlyArray<readonly Alternative[]>,
  names: readonly Span[],
  opts: RestoreSeparatorOptions = {},
): { text: string; restored: number | null } {
  const { minRatio } = { ...defaults, ...opts };
  let best: { at: number; ratio: number } | null = null;
  for (const span of names) {
    const field = text.slice(span.start, span.end);
    const name = field.replace(/<+$/, '');
    if (name.length === 0 || name.includes('<<')) continue;
    for (let i = 1; i < name.length - 1; i++) {
      const ch = name[i] as string;
      if (ch === '<' || (name[i - 1] !== '<' && name[i + 1] !== '<')) continue;
      // Letters must remain on both sides of the new separator (a filler next to a filler run is no separator).
      const left = name.slice(0, name[i - 1] === '<' ? i - 1 : i);
      const right = name.slice(name[i + 1] === '<' ? i + 2 : i + 1);
      if (!/[A-Z]$/.test(left) || !/^[A-Z]/.test(right)) continue;
      const alts = alternatives[span.start + i] ?? [];
      const read = alts.find((a) => a.char === ch)?.p ?? 0;
      const filler = alts.find((a) => a.char === '<')?.p ?? 0;
      const ratio = read > 0 ? filler / read : 0;
      if (ratio >= minRatio && (!best || ratio > best.ratio)) best = { at: span.start + i, ratio };
    }
  }
  if (!best) return { text, restored: null };
  return { text: `${text.slice(0, best.at)}<${text.slice(best.at + 1)}`, restored: best.at };
}

/** Options of {@link restoreNameEnd}. */
export interface RestoreNameEndOptions {
  /**
   * Smallest ratio of the filler's probability to the probability of the letter read (both at the letter's frames)
   * for the last letter of a name to be taken for a filler. `npm run eval:glyph-heights` reports the evidence
   * (docs/accuracy.md, "Glyph heights of MRZ fillers", last table; letters ending a name component as the fixed-length
   * decoder reads them): on the shared real specimens, the synthetic sets of seeds 4242 and 7 and the probe set of
   * seed 3, none of the 1434 genuine letters other than `K` and `C` gave the filler 0.05 of its own probability (the
   * highest 0.032); of the 3 fillers read as such letters, the `S` of seed 7 gave 0.20, the 2 on the real specimens
   * under 0.01, and stay. Chosen on an earlier debugging run over those sets and seed 31 (where `OLGAS` gave 0.37).
   * @default 0.05
   */
  readonly minRatio?: number;
}

/** The defaults of {@link RestoreNameEndOptions} (also read by scripts/eval-glyph-heights.ts). */
export const NAME_END_DEFAULTS = { minRatio: 0.05 } as const;
const nameEndDefaults = NAME_END_DEFAULTS;

/**
 * Letters never turned into a filler by {@link restoreNameEnd}: the recogniser's evidence cannot tell a genuine
 * `K` from a filler (it gave the filler up to 0.44 of a genuine final `K`'s probability, 27 measured by
 * `npm run eval:glyph-heights`, and 0.73 for the filler read `K` in `ANNAK` on seed 31), and a single genuine final
 * `C` was measured (fillers read `C` are turned back by their glyph height, restoreFillers.ts).
 */
export const NAME_END_KEPT = 'KC';

/**
 * Turns back into fillers the last letters of a name that the recogniser read where a filler is printed: in the
 * filler run after a name (ICAO Doc 9303 Part 3 §4.6 pads the name field with `<`), a blurred chevron is now and then
 * read as `S` (`OLGA<<<<` read `OLGASS<<`). Names carry no check digit. The name's last letter, where the parser ends
 * the name (mrz/splitMrzName.ts `mrzNameExtent`: before the `<<` that follows the given names, before the `<<<` when
 * no given name follows the separator, or before the fillers ending the field), becomes a filler when the letter before it is a
 * letter too, it is not one of {@link NAME_END_KEPT}, and the recogniser gave the filler at least `minRatio` of the
 * letter's probability; repeated on the new last letter. Letters further in the filler run (which the parser
 * ignores) and a name that fills its field are left as read.
 *
 * @param text - the line as decoded (the layout's length)
 * @param alternatives - per position, the allowed characters with their probabilities at its frames, most probable
 *   first (decodeFixedLength's `alternatives`)
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the line with the fillers restored, and their positions (0-based, descending; empty when unchanged)
 */
export function restoreNameEnd(
  text: string,
  alternatives: ReadonlyArray<readonly Alternative[]>,
  names: readonly Span[],
  opts: RestoreNameEndOptions = {},
): { text: string; restored: number[] } {
  const { minRatio } = { ...nameEndDefaults, ...opts };
  const chars = [...text];
  const restored: number[] = [];
  for (const span of names) {
    const field = chars.slice(span.start, span.end).join('');
    const { end } = mrzNameExtent(field);
    // A name that fills its field (or has no `<<` at all) keeps its last letter.
    if (!field.includes('<<') || end === field.length) continue;
    for (let at = span.start + end - 1; at - 1 >= span.start; at--) {
      const ch = chars[at] as string;
      if (!/^[A-Z]$/.test(ch) || NAME_END_KEPT.includes(ch) || !/^[A-Z]$/.test(chars[at - 1] as string)) break;
      const alts = alternatives[at] ?? [];
      const read = alts.find((a) => a.char === ch)?.p ?? 0;
      const filler = alts.find((a) => a.char === '<')?.p ?? 0;
      if (!(read > 0 && filler / read >= minRatio)) break;
      chars[at] = '<';
      restored.push(at);
    }
  }
  return restored.length === 0 ? { text, restored } : { text: chars.join(''), restored };
}
