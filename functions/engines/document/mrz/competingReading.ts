import type { MrzFormat } from '../constants.ts';
import type { PositionAlternatives } from './correctMrz.ts';
import { checkedText, checksOf, groupsByPosition, MRZ_LAYOUTS, type CheckedGroupId } from './layouts.ts';
import { verifiesCheckDigit } from './computeCheckDigit.ts';
import { padOptionalData } from './padOptionalData.ts';

/** One character of a competing reading that differs from the reading. */
export interface Substitution {
  readonly line: number;
  readonly index: number;
  /** The character read. */
  readonly from: string;
  /** The competitor's character. */
  readonly to: string;
}

/** Another reading of the same MRZ that its check digits accept as well (see {@link competingReadings}). */
export interface CompetingReading {
  /** The competitor's characters that differ from the reading (1 or 2). */
  readonly substitutions: readonly Substitution[];
  /**
   * How probable the recogniser found the competitor against the reading: the product, over the substitutions, of
   * the probability of the competitor's character over that of the character read (> 0; 1 = as probable).
   */
  readonly ratio: number;
  /** The check digits whose checked characters (or digit) the substitutions touch. */
  readonly groups: readonly CheckedGroupId[];
}

/** Options of {@link competingReadings}. */
export interface CompetingReadingOptions {
  /** Smallest {@link CompetingReading.ratio} considered (0-1). @default 0.001 */
  readonly minRatio?: number;
  /**
   * Positions (`line:index`) not to vary: characters other evidence than the recogniser's set (fillers restored by
   * their glyph height, reading/restoreFillers.ts `restorePadding`). @default none
   */
  readonly fixed?: ReadonlySet<string>;
  /** Most competitors returned. @default 4 */
  readonly max?: number;
}

/**
 * The most probable other readings of an MRZ, one or two characters away, that every check digit the reading verifies
 * also verifies, with their dates still dates. A check digit protects a field against one misread character of most
 * kinds, not against all: characters whose values differ by a multiple of 10 (ICAO Doc 9303 Part 3 §4.9: `0`, `A`,
 * `K`, `U` and `<` weigh alike, as do `6` and `G`, `8` and `S`, `5` and `Z`) swap unseen, and two misread
 * characters pass one check digit in 1 case of 10. The composite check digit adds nothing for the document number
 * of TD2 and TD3 lines, whose weights it repeats. Where the recogniser hesitated between characters, such a
 * competitor says that the check digits do not decide between the reading and it (e.g. `D23145890` read as
 * `P23T45890` on a TD2 card seen obliquely: both verify).
 *
 * Only positions under a check digit (and the digits themselves) are varied, with the characters the recogniser gave
 * at that position (`alternatives`: allowed characters only, so the layout's classes hold). A competitor that puts a
 * check-invisible letter alone into an optional-data field's padding is not offered: the decoding reads such a
 * letter as the filler (padOptionalData.ts) wherever the recogniser gave the filler its support there. Blind photo
 * seed 59 `0126_td3`, a passport under a light spot with its personal number `380284747<<<<<` read right, had
 * `380284747<<<<K` as a competitor the recognisers could not tell from it (margin 0.06), and both its personal
 * number and composite were refused.
 *
 * @param format - the MRZ format of `lines`
 * @param lines - the MRZ lines as finally read (after corrections)
 * @param alternatives - per line, per position, the recogniser's characters with their probabilities (0-1), as
 *   decodeFixedLength gives them; a position without alternatives is not varied
 * @returns up to `max` competitors of ratio at least `minRatio`, the most probable first (empty when there is none)
 */
export function competingReadings(format: MrzFormat, lines: readonly string[], alternatives: PositionAlternatives, opts: CompetingReadingOptions = {}): CompetingReading[] {
  const minRatio = opts.minRatio ?? 0.001;
  const max = opts.max ?? 4;
  const groups = checksOf(format, lines);
  const verified = groups.filter((g) => verifiesCheckDigit(checkedText(g, lines), lines[g.digit.line]?.[g.digit.index] ?? ''));
  if (verified.length === 0) return [];
  const groupsAt = groupsByPosition(verified);
  // Single substitutions the recogniser supports at least at minRatio, most probable first.
  const singles: Array<Substitution & { ratio: number }> = [];
  for (const key of groupsAt.keys()) {
    if (opts.fixed?.has(key)) continue;
    const [line, index] = key.split(':').map(Number) as [number, number];
    const from = lines[line]?.[index] ?? '';
    const alts = alternatives[line]?.[index] ?? [];
    const pFrom = Math.max(alts.find((a) => a.char === from)?.p ?? 0, 1e-6);
    for (const a of alts) {
      const ratio = a.p / pFrom;
      if (a.char !== from && ratio >= minRatio) singles.push({ line, index, from, to: a.char, ratio });
    }
  }
  singles.sort((a, b) => b.ratio - a.ratio);
  const dates = dateRanges(format);
  const accepts = (subs: readonly Substitution[]): boolean => {
    const changed = applyCompetitor(lines, { substitutions: subs });
    // A check-invisible letter standing alone in an optional-data field's padding, which the decoding reads as the
    // filler it pads with (padOptionalData.ts), is no reading the decoder would return.
    if (padOptionalData(format, changed, alternatives).some((line, i) => line !== changed[i])) return false;
    if (dates.some((d) => subs.some((s) => s.line === d.line && s.index >= d.start && s.index < d.end) && !isDate(changed[d.line]?.slice(d.start, d.end) ?? ''))) return false;
    const now = checksOf(format, changed);
    return verified.every((g) => {
      const same = now.find((h) => h.id === g.id) ?? g;
      return verifiesCheckDigit(checkedText(same, changed), changed[same.digit.line]?.[same.digit.index] ?? '');
    });
  };
  const found: CompetingReading[] = [];
  const offer = (subs: Array<Substitution & { ratio: number }>) => {
    const ratio = subs.reduce((p, s) => p * s.ratio, 1);
    const weakest = found.length >= max ? (found[found.length - 1] as CompetingReading).ratio : 0;
    if (ratio < minRatio || ratio <= weakest || !accepts(subs)) return;
    const ids = new Set(subs.flatMap((s) => groupsAt.get(`${s.line}:${s.index}`) ?? []));
    found.push({ substitutions: subs.map(({ line, index, from, to }) => ({ line, index, from, to })), ratio, groups: [...ids] });
    found.sort((a, b) => b.ratio - a.ratio);
    if (found.length > max) found.pop();
  };
  for (let i = 0; i < singles.length; i++) {
    const a = singles[i] as Substitution & { ratio: number };
    offer([a]);
    for (let j = i + 1; j < singles.length; j++) {
      const b = singles[j] as Substitution & { ratio: number };
      if (a.ratio * b.ratio < minRatio) break;
      if (b.line === a.line && b.index === a.index) continue;
      offer([a, b]);
    }
  }
  return found;
}

/**
 * Applies a competitor's substitutions to the lines it was found for.
 * @returns the competitor's lines
 */
export function applyCompetitor(lines: readonly string[], competitor: Pick<CompetingReading, 'substitutions'>): string[] {
  return lines.map((line, i) => [...line].map((ch, k) => competitor.substitutions.find((s) => s.line === i && s.index === k)?.to ?? ch).join(''));
}

/** The date fields (yymmdd) of a format. */
function dateRanges(format: MrzFormat): ReadonlyArray<{ line: number; start: number; end: number }> {
  return MRZ_LAYOUTS[format].fields.filter((f) => f.field === 'birthDate' || f.field === 'expirationDate');
}

/** Six digits that make a calendar-possible yymmdd (month 01-12, day 01-31), or six fillers (an unknown date). */
function isDate(text: string): boolean {
  if (/^<{6}$/.test(text)) return true;
  const m = /^\d\d(\d\d)(\d\d)$/.exec(text);
  return !!m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && Number(m[2]) >= 1 && Number(m[2]) <= 31;
}
