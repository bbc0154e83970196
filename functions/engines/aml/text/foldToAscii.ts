/**
 * Folds any text to lower-case ASCII words: Unicode NFKC, then transliteration with any-ascii (Cyrillic, Greek,
 * Arabic, CJK, Hangul, diacritics), then punctuation to spaces. This is the one normalisation both the list
 * names and the screened name go through, so they meet in the same alphabet.
 */
import anyAscii from 'any-ascii';

/** Apostrophes and similar marks are deleted, not turned into spaces: "Mu'ammar" -> "muammar". */
const DELETED = /['\u2018\u2019\u02bc\u02bb`\u00b4]/g;
/** A lower-case letter followed by an upper-case one: any-ascii writes CJK syllables CamelCased ("XiJinPing"). */
const CAMEL = /([a-z])([A-Z])/g;
/** Dotted abbreviations of two or more letters ("S.A.", "L.L.C.") become one word ("sa", "llc"). */
const DOTTED = /\b(?:[a-z]\.){2,}/g;
/** Everything but ASCII letters and digits separates words. */
const SEPARATORS = /[^a-z0-9]+/g;

/**
 * Lower-case ASCII words of `text`, joined by single spaces (empty string if nothing is left).
 *
 * @param splitSyllables - Split CamelCase output of transliteration into syllables (used for Han and Hangul,
 *   whose any-ascii output has no spaces).
 * @example foldToAscii('Мария АЛЕКСАНДРОВНА al-Ša\'ban') // 'mariya aleksandrovna al saban'
 */
export function foldToAscii(text: string, splitSyllables = false): string {
  let ascii = anyAscii(text.normalize('NFKC').replace(DELETED, ''));
  if (splitSyllables) ascii = ascii.replace(CAMEL, '$1 $2');
  return ascii
    .toLowerCase()
    .replace(DELETED, '')
    .replace(DOTTED, (m) => `${m.replace(/\./g, '')} `)
    .replace(SEPARATORS, ' ')
    .trim();
}
