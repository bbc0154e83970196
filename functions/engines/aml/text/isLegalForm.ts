/**
 * Recognises legal-form words, including misspelt ones ("LYMITED", "COMPANI", "OBSHCHESTO"): screened company
 * names are typed by people, and a misspelt "Limited" left in the name would count as an unmatched name part.
 */
import { levenshtein } from '../similarity/levenshtein.ts';
import { LEGAL_FORMS } from './nameStopwords.ts';

/** Legal forms long enough to be recognised with one typo (shorter ones, like "ltd", must be exact). */
const LONG_FORMS: readonly string[] = [...LEGAL_FORMS].filter((f) => f.length >= 6);

/** Consonant skeleton: the word without vowels and "y" ("lymyted" -> "lmtd"). */
const skeleton = (word: string): string => word.replace(/[aeiouy]/g, '');

/** Skeletons of the long forms ("limited" -> "lmtd", "company" -> "cmpn"). */
const LONG_SKELETONS: ReadonlySet<string> = new Set(LONG_FORMS.map(skeleton).filter((k) => k.length >= 4));

/**
 * True when `word` (lower-case ASCII) is a legal form, or a word of 6+ letters within one edit (a transposition
 * counts as one) of a legal form of 6+ letters, or with the same consonants as one ("lymyted", "compani").
 *
 * @example isLegalForm('lymited') // true
 */
export function isLegalForm(word: string): boolean {
  if (LEGAL_FORMS.has(word)) return true;
  if (word.length < 6) return false;
  if (LONG_SKELETONS.has(skeleton(word))) return true;
  for (const form of LONG_FORMS) {
    if (Math.abs(form.length - word.length) <= 1 && levenshtein(word, form, true) <= 1) return true;
  }
  return false;
}
