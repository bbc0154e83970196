import { alternativeRatio, type Alternative } from '../mrz/correctMrz.ts';
import type { Span } from './decodeMrzLine.ts';

/**
 * The recogniser's probability of the filler `<` over that of the character read, at that character's frames: 0 when
 * the filler is not among the alternatives, and 0 when the character read has no probability.
 *
 * @param alts - the allowed characters at one position with their probabilities (decodeFixedLength's `alternatives`)
 * @param read - the character read there
 */
export function fillerRatio(alts: readonly Alternative[] | undefined, read: string): number {
  return alternativeRatio(alts, '<', read);
}

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
      const ratio = fillerRatio(alternatives[span.start + i], ch);
      if (ratio >= minRatio && (!best || ratio > best.ratio)) best = { at: span.start + i, ratio };
    }
  }
  if (!best) return { text, restored: null };
  return { text: `${text.slice(0, best.at)}<${text.slice(best.at + 1)}`, restored: best.at };
}

/** Options of {@link restoreNameFillers}. */
export interface RestoreNameFillersOptions {
  /**
   * Smallest ratio of the filler's probability to the probability of the letter read (both at the letter's frames) for
   * a letter of a name field to be taken for a filler. `npm run eval:glyph-heights` reports the evidence
   * (docs/accuracy.md, "Glyph heights of MRZ fillers", table of letters followed by a filler): on the shared real
   * specimens, the synthetic sets of seeds 4242 and 7 and the probe set of seed 3, none of the 1438 genuine letters
   * other than `K` gave the filler 0.05 of its own probability (the highest 0.038, after the name rules of 2026-11-26
   * moved a seed-7 line; 0.032 before), and 15 of the 20 fillers read as such letters did (2026-11-26). Chosen on an
   * earlier debugging run over those sets and seed 31, for the rule this one replaces (letters ending a name only).
   * @default 0.05
   */
  readonly minRatio?: number;
}

/** The defaults of {@link RestoreNameFillersOptions} (also read by scripts/eval-glyph-heights.ts). */
export const NAME_FILLERS_DEFAULTS = { minRatio: 0.05 } as const;

/**
 * Letters never turned into a filler by {@link restoreNameFillers}: the recogniser's evidence alone cannot tell a
 * genuine `K` from a filler (it gave the filler up to 0.44 of the probability of a genuine `K` followed by a filler,
 * 4 of the 10 of seed 4242 at 0.05 or more; `npm run eval:glyph-heights`, docs/accuracy.md, "Glyph heights of MRZ
 * fillers", table of letters followed by a filler). restoreFillers.ts judges a `K` by its height as well.
 */
export const NAME_FILLERS_KEPT = 'K';

/**
 * Turns back into fillers the letters of a name field that the recogniser read where a filler is printed: a letter
 * followed by a filler (or ending the field) becomes one when the recogniser gave the filler at least `minRatio` of the
 * letter's probability, walking from the field's end so that a letter turned into a filler lets the one before it be
 * judged. ICAO Doc 9303 Part 3 §4.6 pads the name field with `<`, and names carry no check digit; on blurred captures
 * the recogniser reads a chevron as `S`, `E` or `C` (`OLGA<<<<` read `OLGASS<<`, synthetic seed 7 `syn-0096`; `C`s are
 * also turned back by their height where the line has enough fillers read as such, restoreFillers.ts). A run of letters
 * to the field's end whose last letter the recogniser did not doubt stays (`ELENA<<<…` read `ELENACCCCCKCCCC…`, seed 99
 * `syn-0026`). `npm run eval:glyph-heights` reports the evidence (docs/accuracy.md, "Glyph heights of MRZ fillers",
 * table of letters followed by a filler). A letter before a letter is never changed: the rule first acted on every
 * letter of the field, and took the `X` of `HOLM<<XAVIER` for a filler (probe seed 6 `probe-0029`). `K` is left to
 * restoreFillers.ts ({@link NAME_FILLERS_KEPT}). Replaces the rule of 2026-11-25 that acted only on a name's last
 * letters, other than `C` and `K`, after another letter.
 *
 * @param text - the line as decoded (the layout's length)
 * @param alternatives - per position, the allowed characters with their probabilities at its frames, most probable
 *   first (decodeFixedLength's `alternatives`)
 * @param names - the line's name fields (decodeMrzLine.ts `lineFieldsOf`)
 * @returns the line with the fillers restored, and their positions (0-based, descending; empty when unchanged)
 */
export function restoreNameFillers(
  text: string,
  alternatives: ReadonlyArray<readonly Alternative[]>,
  names: readonly Span[],
  opts: RestoreNameFillersOptions = {},
): { text: string; restored: number[] } {
  const { minRatio } = { ...NAME_FILLERS_DEFAULTS, ...opts };
  const chars = [...text];
  const restored: number[] = [];
  for (const span of names) {
    // From the field's end, so that a letter turned into a filler lets the one before it be judged.
    for (let at = span.end - 1; at >= span.start; at--) {
      const ch = chars[at] as string;
      const next = at + 1 < span.end ? chars[at + 1] : '<';
      if (!/^[A-Z]$/.test(ch) || NAME_FILLERS_KEPT.includes(ch) || next !== '<') continue;
      if (fillerRatio(alternatives[at], ch) < minRatio) continue;
      chars[at] = '<';
      restored.push(at);
    }
  }
  return restored.length === 0 ? { text, restored } : { text: chars.join(''), restored };
}
