import type { MrzFormat } from '../constants.ts';
import { verifiesCheckDigit } from './computeCheckDigit.ts';
import { checkedText, checksOf, type CheckedGroupId } from './layouts.ts';

/** Outcome of each check digit of an MRZ: `true` verifies, `false` fails; groups the format lacks are absent. */
export type CheckDigitResults = Partial<Record<CheckedGroupId, boolean>>;

/**
 * Verifies every check digit of MRZ lines (ICAO Doc 9303 Part 3 §4.9 and the layouts of Parts 4-6).
 *
 * @param format - the MRZ format
 * @param lines - the MRZ lines, each of the format's length, MRZ characters only
 * @example verifyChecks('TD3', specimenLines) // { documentNumber: true, birthDate: true, …, composite: true }
 */
export function verifyChecks(format: MrzFormat, lines: readonly string[]): CheckDigitResults {
  const out: CheckDigitResults = {};
  for (const group of checksOf(format, lines)) {
    const digit = (lines[group.digit.line] ?? '')[group.digit.index] ?? '';
    out[group.id] = verifiesCheckDigit(checkedText(group, lines), digit);
  }
  return out;
}
