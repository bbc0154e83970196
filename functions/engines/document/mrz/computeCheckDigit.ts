import { MRZ_INDEX } from './alphabet.ts';

/** Weights repeated over the characters (ICAO Doc 9303 Part 3 §4.9). */
const WEIGHTS = [7, 3, 1] as const;

/**
 * Computes an MRZ check digit (ICAO Doc 9303 Part 3 §4.9): each character takes its value (`0`-`9` -> 0-9,
 * `A`-`Z` -> 10-35, `<` -> 0), is multiplied by the weights 7, 3, 1 repeated, and the sum is taken modulo 10.
 *
 * @param text - MRZ characters only
 * @returns the check digit, 0-9
 * @throws {RangeError} when `text` holds a character that is not an MRZ character
 * @example computeCheckDigit('L898902C3') // 6
 */
export function computeCheckDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const index = MRZ_INDEX.get(ch);
    if (index === undefined) throw new RangeError(`"${ch}" at ${i} of "${text}" is not an MRZ character (allowed: 0-9, A-Z, <)`);
    const value = index === 36 ? 0 : index;
    sum += value * (WEIGHTS[i % 3] as number);
  }
  return sum % 10;
}

/**
 * Whether `digit` is the check digit of `text`. A filler `<` in place of the digit verifies only when `text` is all
 * fillers (ICAO Doc 9303 Part 4 §4.2.2.2 note: an unused optional personal-number field may carry `<` as its check
 * digit); any other non-digit fails.
 *
 * @param text - the checked characters
 * @param digit - the printed check digit (one character)
 */
export function verifiesCheckDigit(text: string, digit: string): boolean {
  if (digit === '<') return /^<*$/.test(text);
  if (!/^[0-9]$/.test(digit)) return false;
  return computeCheckDigit(text) === Number(digit);
}
