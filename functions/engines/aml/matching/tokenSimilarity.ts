/**
 * Similarity of two name parts, and which evidence produced it: exact, fuzzy (mean of Jaro-Winkler and
 * Levenshtein similarity, a transposition counting as one edit),
 * phonetic (shared double-metaphone code) or initial ("J" vs "Jennifer").
 */
import { jaroWinkler } from '../similarity/jaroWinkler.ts';
import { levenshtein, levenshteinSimilarity } from '../similarity/levenshtein.ts';

/** How a pair of name parts matched. */
export const TOKEN_MATCH = {
  Exact: 'exact',
  Fuzzy: 'fuzzy',
  Phonetic: 'phonetic',
  Initial: 'initial',
  None: 'none',
} as const;
/** One of {@link TOKEN_MATCH}. */
export type TokenMatch = (typeof TOKEN_MATCH)[keyof typeof TOKEN_MATCH];

/** A name part as the similarity needs it. */
export interface TokenInfo {
  readonly text: string;
  /** Double-metaphone codes. */
  readonly phonetic: readonly string[];
  /** Particle ("al", "bin", "van"): matches only exactly. */
  readonly particle: boolean;
}

/** Result of comparing two parts. */
export interface TokenSimilarity {
  /** In [0, 1]; 0 below {@link MIN_TOKEN_SIMILARITY}. */
  readonly score: number;
  readonly how: TokenMatch;
}

/**
 * Fuzzy similarity below this counts as no match (0). At 0.8 a one-letter typo in a part of 5+ letters still
 * matches ("zawahri"/"zawahiri"), while most distinct names of similar spelling do not.
 */
export const MIN_TOKEN_SIMILARITY = 0.8;
/** Score of two different parts that share a double-metaphone code ("mohammed"/"muhammad"). */
export const PHONETIC_SCORE = 0.9;
/** Fuzzy similarity two parts need before a shared metaphone code counts ("john"/"geni" share JN but are not alike). */
export const PHONETIC_MIN_FUZZY = 0.7;
/** Score of an initial against a part starting with that letter: weak evidence. */
export const INITIAL_SCORE = 0.6;
/** Parts of up to this length match fuzzily only with one edit and a shared metaphone code ("ali"/"aly"). */
export const SHORT_TOKEN_LENGTH = 3;
/** Score of such a short-part match. */
export const SHORT_TOKEN_SCORE = 0.85;

const NONE: TokenSimilarity = { score: 0, how: TOKEN_MATCH.None };
const EXACT: TokenSimilarity = { score: 1, how: TOKEN_MATCH.Exact };
const INITIAL: TokenSimilarity = { score: INITIAL_SCORE, how: TOKEN_MATCH.Initial };

/** True when `a` and `b` share a metaphone code. */
function soundAlike(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) for (const y of b) if (x === y) return true;
  return false;
}

/**
 * Similarity of name parts `a` and `b`.
 *
 * @example tokenSimilarity(info('mohammed'), info('muhammad')) // { score: 0.9, how: 'phonetic' }
 */
export function tokenSimilarity(a: TokenInfo, b: TokenInfo): TokenSimilarity {
  if (a.text === b.text) return EXACT;
  if (a.particle || b.particle) return NONE;
  const la = a.text.length;
  const lb = b.text.length;
  if (la === 1 || lb === 1) return a.text.charCodeAt(0) === b.text.charCodeAt(0) ? INITIAL : NONE;
  if (Math.min(la, lb) <= SHORT_TOKEN_LENGTH) {
    return levenshtein(a.text, b.text, true) <= 1 && soundAlike(a.phonetic, b.phonetic) ? { score: SHORT_TOKEN_SCORE, how: TOKEN_MATCH.Phonetic } : NONE;
  }
  const jw = jaroWinkler(a.text, b.text);
  // The mean of Jaro-Winkler and Levenshtein: JW alone rewards a shared prefix too much ("mohammed"/"mohammadian").
  const fuzzy = (jw + levenshteinSimilarity(a.text, b.text, true)) / 2;
  if (fuzzy < PHONETIC_SCORE && jw >= PHONETIC_MIN_FUZZY && soundAlike(a.phonetic, b.phonetic)) return { score: PHONETIC_SCORE, how: TOKEN_MATCH.Phonetic };
  return fuzzy >= MIN_TOKEN_SIMILARITY ? { score: fuzzy, how: TOKEN_MATCH.Fuzzy } : NONE;
}
