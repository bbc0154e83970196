/**
 * Turns a name into the tokens the matcher aligns: transliterated, lower-case ASCII words without honorifics
 * and legal forms, each with a weight (particles count less) and a flag for initials.
 */
import { AML_SCRIPT, type AmlScript } from '../constants.ts';
import { foldToAscii } from './foldToAscii.ts';
import { isLegalForm } from './isLegalForm.ts';
import { HONORIFICS, NAME_PARTICLES } from './nameStopwords.ts';

/** Weight of a particle ("al", "bin", "van") relative to an ordinary name part (1). */
export const PARTICLE_WEIGHT = 0.25;

/**
 * Joins runs of two or more single letters into one word: "S A de C V" -> "sa de cv" (so legal forms are
 * recognised), "J R R Tolkien" -> "jrr tolkien". A lone initial stays an initial.
 */
export function joinLetterRuns(words: readonly string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const w of words) {
    if (w.length === 1 && /[a-z]/.test(w)) {
      run += w;
      continue;
    }
    if (run.length > 0) out.push(run);
    run = '';
    out.push(w);
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** One name part ready for alignment. */
export interface NameToken {
  /** Lower-case ASCII text. */
  readonly text: string;
  /** Alignment weight: 1 for ordinary parts, {@link PARTICLE_WEIGHT} for particles. */
  readonly weight: number;
  /** True for a single letter (an initial such as the "L." of "Jennifer L. McClellan"). */
  readonly initial: boolean;
}

/**
 * Tokens of `name`. Legal forms (also misspelt ones, see isLegalForm.ts) are removed unless that would leave
 * nothing (a company called "Holding" keeps its name); honorifics are removed unless that would leave fewer
 * than two parts ("Major Adams" keeps "major", which is a first name there). Han names split into syllables and keep the first (the family name) apart from the
 * rest joined ("習近平" -> "xi jinping"); Hangul names keep each syllable ("김정은" -> "gim jeong eun").
 *
 * @param script - The script of `name` if known (avoids detecting it again).
 * @example tokenizeName('AL ZAWAHIRI, Dr. Ayman').map((t) => t.text) // ['al', 'zawahiri', 'ayman']
 */
export function tokenizeName(name: string, script?: AmlScript): NameToken[] {
  const syllabic = script === AML_SCRIPT.Han || script === AML_SCRIPT.Hangul || script === AML_SCRIPT.Japanese;
  let words = foldToAscii(name, syllabic).split(' ').filter((w) => w.length > 0);
  if (script === AML_SCRIPT.Han && words.length > 2 && !name.includes(' ')) {
    words = [words[0] as string, words.slice(1).join('')];
  }
  words = joinLetterRuns(words);
  const withoutForms = words.filter((w) => !isLegalForm(w));
  const base = withoutForms.length > 0 ? withoutForms : words;
  const withoutTitles = base.filter((w) => !HONORIFICS.has(w));
  const chosen = withoutTitles.length >= 2 || (withoutTitles.length === 1 && base.length === 1) ? withoutTitles : base;
  return chosen.map((text) => ({
    text,
    weight: NAME_PARTICLES.has(text) ? PARTICLE_WEIGHT : 1,
    initial: text.length === 1,
  }));
}
