/**
 * Candidate-retrieval keys of a name part. A screened name part and a listed one that share a key are compared
 * in full; parts that share none are never compared. Four kinds of key, so that one typo rarely defeats all:
 * the double-metaphone codes (sound), the first three letters, the last three letters, and the sorted letters
 * (a transposition such as "batlic"/"baltic" keeps them).
 */
import { phoneticKeys } from './phoneticKeys.ts';

/**
 * Keys of `token` (lower-case ASCII): `m<metaphone>` for each code, `p<first 3>` for parts of 3+ letters,
 * `s<last 3>` and `a<sorted letters>` for parts of 5+ letters, `w<part>` for parts of up to 3 letters.
 *
 * @param phonetic - The part's metaphone codes if already known.
 * @example blockingKeys('zawahiri') // ['mSHR', 'pzaw', 'siri', 'aaahiirwz']
 */
export function blockingKeys(token: string, phonetic: readonly string[] = phoneticKeys(token)): string[] {
  const keys = phonetic.map((k) => `m${k}`);
  if (token.length <= 3) keys.push(`w${token}`);
  if (token.length >= 3) keys.push(`p${token.slice(0, 3)}`);
  if (token.length >= 5) {
    keys.push(`s${token.slice(-3)}`);
    keys.push(`a${[...token].sort().join('')}`);
  }
  return keys;
}
