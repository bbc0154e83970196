import type { MrzFormat } from '../constants.ts';
import { CHAR_CLASS } from './alphabet.ts';
import { verifiesCheckDigit } from './computeCheckDigit.ts';
import { checkedText, checksOf, positionClasses, type CheckedGroup, type CheckedGroupId } from './layouts.ts';

/** A character the recogniser also considered at one position, with its probability (0-1). */
export interface Alternative {
  readonly char: string;
  readonly p: number;
}

/** Per line, per position: the alternatives to the character read, most probable first. May be empty. */
export type PositionAlternatives = ReadonlyArray<ReadonlyArray<readonly Alternative[]>>;

/** One correction proven by a check digit: the checked group's text before and after. */
export interface MrzCorrection {
  /** The check digit that proves the correction. */
  readonly field: CheckedGroupId;
  /** The group's characters (checked text + check digit) as read. */
  readonly from: string;
  /** The same characters after the correction. */
  readonly to: string;
}

/** Options of {@link correctMrz}. */
export interface CorrectMrzOptions {
  /**
   * Alternatives of the recogniser considered per position (most probable first), besides the look-alikes.
   * @default 3
   */
  readonly maxAlternatives?: number;
}

const defaults = { maxAlternatives: 3 } as const;

/**
 * OCR-B look-alikes: characters an OCR confuses at MRZ sizes (0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, 4/A).
 * They are candidates even when the recogniser gave no alternatives (text input).
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'ODQ', O: '0DQ', D: '0O', Q: '0O',
  '1': 'IL', I: '1L', L: '1I',
  '2': 'Z', Z: '2',
  '5': 'S', S: '5',
  '6': 'G', G: '6',
  '8': 'B', B: '8',
  '4': 'A', A: '4',
  '<': 'KCE', K: '<', C: '<', E: '<',
};

interface Candidate {
  readonly line: number;
  readonly index: number;
  readonly to: string;
}

/**
 * Corrects single OCR errors of MRZ lines, and only where check digits prove the correction (ICAO Doc 9303 Part 3
 * §4.9): for each check digit that fails, every single-character substitution within its checked characters and
 * the digit itself is tried, using the recogniser's alternatives and the OCR-B look-alikes allowed at that
 * position. The substitution is applied only when exactly one candidate makes the check digit verify; when several
 * do, the composite check digit must single one out, or nothing is changed. The composite check digit is then
 * corrected the same way over the characters no other check digit protects. A group that still fails stays as
 * read, so its field is refused by the caller: no field is ever accepted on a failing check digit.
 *
 * @param format - the MRZ format
 * @param lines - the lines as read (each of the format's length)
 * @param alternatives - the recogniser's alternatives per position (`[]` when there are none, e.g. text input)
 * @returns the corrected lines and the corrections made
 * @example correctMrz('TD3', ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408I22F1204159ZE184226B<<<<<10'], [])
 *   // birth date 7408I2 is not digits (look-alike 1 verifies): lines[1] becomes …7408122…, corrected = [{ field: 'birthDate', … }]
 */
export function correctMrz(
  format: MrzFormat,
  lines: readonly string[],
  alternatives: PositionAlternatives,
  opts: CorrectMrzOptions = {},
): { lines: string[]; corrected: MrzCorrection[] } {
  const { maxAlternatives } = { ...defaults, ...opts };
  const classes = positionClasses(format);
  const work = [...lines];
  const corrected: MrzCorrection[] = [];

  const candidatesAt = (line: number, index: number): string[] => {
    const current = (work[line] ?? '')[index] ?? '';
    const allowed = (classes[line]?.[index] ?? CHAR_CLASS.Any) as string;
    const set = new Set<string>();
    for (const a of (alternatives[line]?.[index] ?? []).slice(0, maxAlternatives + 1)) set.add(a.char);
    for (const c of LOOK_ALIKES[current] ?? '') set.add(c);
    set.delete(current);
    return [...set].filter((c) => allowed.includes(c));
  };
  const groupText = (g: CheckedGroup, ls: readonly string[]) => checkedText(g, ls) + ((ls[g.digit.line] ?? '')[g.digit.index] ?? '');
  const verifies = (g: CheckedGroup, ls: readonly string[]) => verifiesCheckDigit(checkedText(g, ls), (ls[g.digit.line] ?? '')[g.digit.index] ?? '');
  const substitute = (ls: readonly string[], c: Candidate): string[] => {
    const out = [...ls];
    const s = out[c.line] ?? '';
    out[c.line] = s.slice(0, c.index) + c.to + s.slice(c.index + 1);
    return out;
  };
  const positionsOf = (g: CheckedGroup): Array<{ line: number; index: number }> => {
    const out: Array<{ line: number; index: number }> = [];
    for (const x of g.ranges) for (let i = x.start; i < x.end; i++) out.push({ line: x.line, index: i });
    out.push({ line: g.digit.line, index: g.digit.index });
    return out;
  };

  const groups = checksOf(format, work);
  const composite = groups.find((g) => g.id === 'composite');
  for (const group of groups) {
    if (group.id === 'composite' || verifies(group, work)) continue;
    let passing: Candidate[] = [];
    for (const pos of positionsOf(group)) {
      for (const to of candidatesAt(pos.line, pos.index)) {
        const c = { ...pos, to };
        if (verifies(group, substitute(work, c))) passing.push(c);
      }
    }
    if (passing.length > 1 && composite) passing = passing.filter((c) => verifies(composite, substitute(work, c)));
    if (passing.length !== 1) continue;
    const next = substitute(work, passing[0] as Candidate);
    corrected.push({ field: group.id, from: groupText(group, work), to: groupText(group, next) });
    work.splice(0, work.length, ...next);
  }

  if (composite && !verifies(composite, work)) {
    const protectedByOthers = new Set<string>();
    for (const g of groups) if (g.id !== 'composite') for (const p of positionsOf(g)) protectedByOthers.add(`${p.line}:${p.index}`);
    const passing: Candidate[] = [];
    for (const pos of positionsOf(composite)) {
      if (protectedByOthers.has(`${pos.line}:${pos.index}`)) continue;
      for (const to of candidatesAt(pos.line, pos.index)) {
        const c = { ...pos, to };
        if (verifies(composite, substitute(work, c))) passing.push(c);
      }
    }
    if (passing.length === 1) {
      const next = substitute(work, passing[0] as Candidate);
      corrected.push({ field: 'composite', from: groupText(composite, work), to: groupText(composite, next) });
      work.splice(0, work.length, ...next);
    }
  }
  return { lines: work, corrected };
}
