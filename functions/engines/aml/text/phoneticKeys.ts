/**
 * Double Metaphone keys of a name part (Lawrence Philips, 2000; npm `double-metaphone`). Two parts that share a
 * key sound alike in English-style reading ("mohammed"/"muhammad" -> MHMT), which catches transliteration
 * variants that edit distance scores low.
 */
import { doubleMetaphone } from 'double-metaphone';

/**
 * The distinct non-empty metaphone keys of `token` (one or two). Digits-only tokens have none.
 *
 * @example phoneticKeys('schmidt') // ['XMT', 'SMT']
 */
export function phoneticKeys(token: string): string[] {
  const [primary, secondary] = doubleMetaphone(token);
  if (primary.length === 0) return [];
  return secondary.length > 0 && secondary !== primary ? [primary, secondary] : [primary];
}
