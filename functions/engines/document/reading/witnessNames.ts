import type { MrzFormat } from '../constants.ts';
import { MRZ_FILLER as FILLER } from '../mrz/alphabet.ts';
import type { NameRival } from './arbitrateNames.ts';
import { lineFieldsOf } from './decodeMrzLine.ts';

/** Result of {@link witnessNames} for one name line. */
export interface NameWitness {
  /** The line, 0-based. */
  readonly line: number;
  /** The line's name characters as the recognisers chose them (`GARCSA<<INGRID<MIN<<…`), fillers as `<`. */
  readonly from: string;
  /** The same after the visual zone's witness (equal to `from` when it confirmed them). */
  readonly to: string;
  /** The whole line after the witness. */
  readonly text: string;
}

/**
 * Least length of a word the visual zone can witness. Words of one letter (initials, a lone `A` of a label) are on
 * many pages; two letters (`LI`, `NG`) are names. Set once, not tuned.
 */
export const WITNESS_MIN_WORD = 2;

/**
 * Most spellings weighed per group of doubtful positions (the product of the characters weighed at each): a longer
 * search is no witness, and is not tried. Set once, not tuned.
 */
const MAX_SPELLINGS = 64;

/**
 * Names the MRZ recognisers leave in doubt, settled by the visual zone: the names as printed above the MRZ (ICAO Doc
 * 9303 Part 3 §4: the visual inspection zone holds the same data in another typeface; on TD1 cards on the front).
 * The visual zone is printed in another face, usually larger, and read by another recogniser (PP-OCRv4 unrestricted,
 * readVisualZone.ts), so a letter the MRZ's recognisers hesitate over is a fresh question there.
 *
 * The doubts are the `rivals` the chosen line leads by less than `minMargin` (arbitrateNames.ts `rivals`: the line with
 * one name character changed). Their positions are grouped by word (positions in one word of the chosen text, or a
 * filler next to it, form one group); for each group every spelling is built from the characters weighed at its
 * positions (the chosen one and each close rival's), the rest of the line as chosen, and a spelling is printed when
 * every word of it that covers the group's positions is among `words`, alone or joined to its neighbours without
 * space as the recogniser often reads printed names (at least {@link WITNESS_MIN_WORD} letters; the last word of a
 * name region that ends without a filler may be cut short, ICAO Doc 9303 Part 3 §4.6, and is printed when a printed
 * word begins with it). A group is settled when exactly one of its spellings is printed. Where every
 * group is settled, the line takes those spellings and the names are witnessed; otherwise nothing is decided (null):
 * a name not printed, printed with letters the MRZ transliterates (`MÜLLER` as `MUELLER`), read alike in two
 * spellings, or not read at all. Rivals led by `minMargin` or more are the recognisers' to settle, and are kept out.
 *
 * @param format - the reading's format
 * @param line - the line's index
 * @param chosen - the line as the recognisers chose it
 * @param rivals - texts of the same length one name character away, with the chosen line's lead over each
 * @param words - the visual zone's words (readVisualZone.ts `readVisualZoneWords`)
 * @param minMargin - the lead below which a rival is a doubt (natural log; checks/checkNamesConfident.ts
 *   `NAMES_MIN_MARGIN` in the engine)
 * @returns the witnessed line and its name characters before and after, or null when the visual zone settles nothing
 */
export function witnessNames(format: MrzFormat, line: number, chosen: string, rivals: readonly NameRival[], words: ReadonlySet<string>, minMargin: number): NameWitness | null {
  const fields = lineFieldsOf(format, line).names;
  if (fields.length === 0) return null;
  const start = Math.min(...fields.map((f) => f.start));
  const end = Math.max(...fields.map((f) => f.end));
  // Close rivals of this very text (a later step may have changed the line since they were weighed).
  const options = new Map<number, Set<string>>();
  for (const r of rivals) {
    if (r.lead >= minMargin || r.text.length !== chosen.length) continue;
    const at = [...r.text].flatMap((c, k) => (c === chosen.charAt(k) ? [] : [k]));
    const k = at[0];
    if (at.length !== 1 || k === undefined || k < start || k >= end) continue;
    if (!options.has(k)) options.set(k, new Set([chosen.charAt(k)]));
    options.get(k)?.add(r.text.charAt(k));
  }
  if (options.size === 0) return null;
  const fullRegion = chosen.charAt(end - 1) !== FILLER;
  let text = chosen;
  for (const group of groupPositions(chosen, [...options.keys()].sort((a, b) => a - b))) {
    const spellings = group.reduce<string[]>((acc, k) => acc.flatMap((t) => [...(options.get(k) as Set<string>)].map((c) => t.slice(0, k) + c + t.slice(k + 1))), [text]);
    if (spellings.length > MAX_SPELLINGS) return null;
    const witnessed = spellings.filter((t) => {
      const all = wordsOf(t, start, end);
      const covering = coveringWords(all, group);
      return covering.length > 0 && covering.every((i) => printedWord(all, i, words, fullRegion));
    });
    if (witnessed.length !== 1) return null;
    text = witnessed[0] as string;
  }
  return { line, from: chosen.slice(start, end), to: text.slice(start, end), text };
}

/**
 * Positions (sorted) grouped by the word of `text` they touch: a position joins the group before it when no filler
 * run of two or more lies between them (a filler next to a word, which a rival may turn into a letter, touches it).
 */
function groupPositions(text: string, positions: readonly number[]): number[][] {
  const groups: number[][] = [];
  for (const k of positions) {
    const last = groups[groups.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous !== undefined && !text.slice(previous + 1, k).includes(FILLER + FILLER)) last.push(k);
    else groups.push([k]);
  }
  return groups;
}

/** A word of a name region: its letters and where it lies in the line. */
interface Word {
  readonly word: string;
  readonly from: number;
  readonly to: number;
}

/** The words (runs of letters) of `text` within `start..end`, in order. */
function wordsOf(text: string, start: number, end: number): Word[] {
  const out: Word[] = [];
  for (let k = start; k < end; k++) {
    if (text.charAt(k) === FILLER || (k > start && text.charAt(k - 1) !== FILLER)) continue;
    let e = k;
    while (e < end && text.charAt(e) !== FILLER) e++;
    out.push({ word: text.slice(k, e), from: k, to: e });
  }
  return out;
}

/**
 * Indices of the words that cover any of `positions`, or touch one that is a filler (the word ending just before it,
 * else the one starting just after it). A filler position touching no word is covered by nothing (and a spelling
 * covered by nothing has nothing to witness).
 */
function coveringWords(words: readonly Word[], positions: readonly number[]): number[] {
  const out = new Set<number>();
  for (const k of positions) {
    const inside = words.findIndex((w) => w.from <= k && k < w.to);
    const before = words.findIndex((w) => w.to === k);
    const touching = inside >= 0 ? inside : before >= 0 ? before : words.findIndex((w) => w.from === k + 1);
    if (touching >= 0) out.add(touching);
  }
  return [...out];
}

/**
 * Most words of the MRZ that one printed word may join: the recogniser often reads the space between printed names as
 * nothing (`MIA JOHN` read `MIAJOHN`, `IVANOVA WANG` as `IVANOVAWANG` on clean synthetic pages of seed 5).
 */
const MAX_JOINED = 4;

/**
 * Least length of a cut run (the last word, or words joined, of a full name region) that a longer printed word may
 * witness by beginning with it: a screenshot's paragraphs begin words with most two- and three-letter runs (`MA` in
 * `MACHINE`), and would witness a misread that the visual zone's name, unread, does not contradict. Set once, not tuned.
 */
const CUT_MIN_PREFIX = 4;

/**
 * Whether word `i` of a spelling is printed: it has {@link WITNESS_MIN_WORD} letters or more, and it or a run of
 * consecutive words holding it, joined without space, is among `printed`; where the name region is full (`cut`), a
 * run that ends with its last word may be cut short, and is printed when a printed word begins with it (runs of
 * {@link CUT_MIN_PREFIX} letters or more).
 */
function printedWord(words: readonly Word[], i: number, printed: ReadonlySet<string>, cut: boolean): boolean {
  if ((words[i]?.word.length ?? 0) < WITNESS_MIN_WORD) return false;
  for (let a = Math.max(0, i - MAX_JOINED + 1); a <= i; a++) {
    for (let b = i; b < Math.min(words.length, a + MAX_JOINED); b++) {
      const run = words.slice(a, b + 1).map((w) => w.word).join('');
      if (printed.has(run)) return true;
      if (cut && b === words.length - 1 && run.length >= CUT_MIN_PREFIX && [...printed].some((p) => p.length > run.length && p.startsWith(run))) return true;
    }
  }
  return false;
}
