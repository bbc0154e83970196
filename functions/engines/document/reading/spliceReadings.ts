import type { MrzFormat } from '../constants.ts';
import type { MrzCorrection } from '../mrz/correctMrz.ts';
import { CHECKED_GROUP, checksOf, groupText, type CheckedGroup, type CheckedGroupId } from '../mrz/layouts.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';

/** A reading of an MRZ, as {@link spliceReadings} takes it. */
export interface SpliceSource {
  /** The lines after check-digit-proven corrections, each of the format's length. */
  readonly lines: readonly string[];
  /** The corrections that turned the lines as decoded into `lines`. */
  readonly corrected: readonly MrzCorrection[];
}

/** The result of {@link spliceReadings}. */
export interface SplicedReading {
  /** The lines, every check digit verifying. */
  readonly lines: string[];
  /**
   * The first source's corrections in the groups not taken, then one correction per group taken, from the first
   * source's characters (its text and check digit as in its `lines`) to the splice's: the splice is the first reading
   * corrected, so that the later steps put the characters taken to the zone's glyphs and to the recognisers as any
   * correction (readMrzZone.ts step 12), and undo what they refute.
   */
  readonly corrected: MrzCorrection[];
  /** Per line and position, which source (0 or 1) the character comes from. */
  readonly from: number[][];
  /** The check-digit groups taken from the second source (its characters and check digit), composite last. */
  readonly taken: CheckedGroupId[];
}

/**
 * Splices two readings of the same MRZ lines field by field, where each reads right what the other misreads. Two
 * recognisers' (readMrzZone.ts step 7c): a light spot across a passport's data line (blind photo seed 56 `0010`)
 * made the first (own) recogniser read the birth date as fillers and the second (PaddleOCR) read the personal
 * number's fillers as `44222`; each verified the check digits the other failed. One recogniser's rows read whole and
 * in windows (step 4): on blind photo seed 57 `0138` the first misread the birth date, the second a `0` of the
 * personal number as `O`.
 *
 * Every field that has its own check digit (document number, birth date, expiry date, TD3 personal number) and fails
 * it in the first source is taken, with its digit, from the second where it verifies there. The composite's own
 * characters (its digit, and the optional data only it protects: TD1 and TD2) come from the first source, or, when the
 * two differ there, from the second if that makes the composite verify. A splice is returned only when every check
 * digit of the result verifies, composite included, and it takes at least one field from each source (ICAO Doc 9303
 * Part 3 §4.9). A date taken is proven twice, by its own digit and by the composite, which weighs it otherwise; a
 * document number or TD3 personal number only once: the composite weighs their characters as their own digit does
 * (mrz/layouts.ts `singleProofGroups`), so any text verifying their digit leaves it verifying. The groups taken are
 * therefore returned as corrections of the first source, which the later steps put to the zone's glyphs and to the
 * recognisers as they do every correction one check digit alone proves. Characters no check digit protects (document
 * code, state codes, names, sex) stay the first source's.
 *
 * @param format - the format both readings were decoded with
 * @param first - the reading kept where it verifies (the better of the two)
 * @param second - the other reading
 * @returns the splice, or null when no splice verifies every check digit, or the one that does is the second source
 */
export function spliceReadings(format: MrzFormat, first: SpliceSource, second: SpliceSource): SplicedReading | null {
  const a = first.lines, b = second.lines;
  if (a.length !== b.length || a.some((line, i) => line.length !== (b[i] ?? '').length)) return null;
  const aChecks = verifyChecks(format, a), bChecks = verifyChecks(format, b);
  const from = a.map((line) => new Array<number>(line.length).fill(0));
  const taken: CheckedGroupId[] = [];
  const groupsOf = (lines: readonly string[]) => new Map(checksOf(format, lines).map((g) => [g.id, g]));
  const aGroups = groupsOf(a), bGroups = groupsOf(b);
  const own = new Set<string>(); // positions some field's own check digit protects
  for (const [id, group] of aGroups) {
    if (id === CHECKED_GROUP.Composite) continue;
    const other = bGroups.get(id);
    for (const [line, k] of positions(group)) own.add(`${line}:${k}`);
    if (other) for (const [line, k] of positions(other)) own.add(`${line}:${k}`);
    if (aChecks[id] || !other || !bChecks[id]) continue;
    for (const [line, k] of positions(other)) (from[line] as number[])[k] = 1;
    taken.push(id);
  }
  if (taken.length === 0) return null;
  const composite = aGroups.get(CHECKED_GROUP.Composite);
  const compositeOnly = composite ? positions(composite).filter(([line, k]) => !own.has(`${line}:${k}`)) : [];
  const differs = compositeOnly.some(([line, k]) => a[line]?.[k] !== b[line]?.[k]);
  for (const compositeFrom of differs ? [0, 1] : [0]) {
    for (const [line, k] of compositeOnly) (from[line] as number[])[k] = compositeFrom;
    const lines = pick(a, b, from);
    if (!Object.values(verifyChecks(format, lines)).every(Boolean) || lines.every((line, i) => line === b[i])) continue;
    const ids = compositeFrom === 1 ? [...taken, CHECKED_GROUP.Composite] : taken;
    const groups = new Map(checksOf(format, lines).map((g) => [g.id, g]));
    const taking = ids.map((id) => groups.get(id) as CheckedGroup).map((g) => ({ field: g.id, from: groupText(g, a), to: groupText(g, lines) }));
    const corrected = [...first.corrected.filter((c) => !ids.includes(c.field)), ...taking];
    return { lines, corrected, from: from.map((row) => [...row]), taken: ids };
  }
  return null;
}

/** The `[line, index]` of every checked character of a group and of its check digit. */
function positions(group: CheckedGroup): Array<[number, number]> {
  const out: Array<[number, number]> = group.ranges.flatMap((r) => Array.from({ length: r.end - r.start }, (_, i): [number, number] => [r.line, r.start + i]));
  out.push([group.digit.line, group.digit.index]);
  return out;
}

/** Lines whose character at each position comes from `a` or `b` as `from` says. */
function pick(a: readonly string[], b: readonly string[], from: readonly number[][]): string[] {
  return a.map((line, i) => [...line].map((ch, k) => (from[i]?.[k] === 1 ? ((b[i] ?? '')[k] ?? ch) : ch)).join(''));
}
