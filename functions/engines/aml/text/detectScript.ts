/**
 * Detects the writing system of a name, so each listed name records its script (ISO 15924) and the matcher can
 * say when a match crossed scripts (`transliteration` in `matchTypes`).
 */
import { AML_SCRIPT, type AmlScript } from '../constants.ts';

/** Script tests in priority order: the first script any letter of the name belongs to wins (Latin last). */
const SCRIPT_TESTS: ReadonlyArray<readonly [AmlScript, RegExp]> = [
  [AML_SCRIPT.Cyrillic, /\p{Script=Cyrillic}/u],
  [AML_SCRIPT.Arabic, /\p{Script=Arabic}/u],
  [AML_SCRIPT.Japanese, /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  [AML_SCRIPT.Hangul, /\p{Script=Hangul}/u],
  [AML_SCRIPT.Han, /\p{Script=Han}/u],
  [AML_SCRIPT.Greek, /\p{Script=Greek}/u],
  [AML_SCRIPT.Hebrew, /\p{Script=Hebrew}/u],
  [AML_SCRIPT.Georgian, /\p{Script=Georgian}/u],
  [AML_SCRIPT.Armenian, /\p{Script=Armenian}/u],
  [AML_SCRIPT.Thai, /\p{Script=Thai}/u],
  [AML_SCRIPT.Devanagari, /\p{Script=Devanagari}/u],
  [AML_SCRIPT.Latin, /\p{Script=Latin}/u],
];

/**
 * The script of `text`: the first non-Latin script found, else Latin, else `Zyyy` (digits/punctuation only).
 *
 * @example detectScript('Мария Осетрова') // 'Cyrl'
 */
export function detectScript(text: string): AmlScript {
  for (const [script, test] of SCRIPT_TESTS) {
    if (test.test(text)) return script;
  }
  return AML_SCRIPT.Other;
}
