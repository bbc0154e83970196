import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DocumentModelError } from '../errors.ts';
import { readVerifiedFile } from '../../onnx/verifiedSession.ts';

/**
 * A character n-gram model of personal names as MRZs print them (capitals `A-Z`), used as a prior over the name
 * characters that the line recognisers leave in doubt (reading/arbitrateNames.ts). Names carry no check digit (ICAO
 * Doc 9303 Part 3 §4.9), and a letter blurred between two look-alikes (`ERIKSSON` or `ERIKSSDN`, `MARTIN` or `RARTIN`)
 * is a near tie for the recognisers that the spelling of names decides.
 *
 * Estimation: interpolated Witten-Bell smoothing (I. H. Witten and T. C. Bell, "The zero-frequency problem", IEEE
 * Trans. Inf. Theory 37(4), 1991; in the interpolated form compared by S. F. Chen and J. Goodman, "An empirical study
 * of smoothing techniques for language modeling", Harvard TR-10-98, 1998): the probability of a character after a
 * context mixes the context's counts with the next shorter context's probability, weighted by how many distinct
 * characters followed the context, down to the uniform distribution over the 27 symbols.
 *
 * A model of schema `kyc-name-ngrams/2` also holds the word list it was counted from, and a word's probability is
 * then a linear interpolation of the two (F. Jelinek and R. L. Mercer, "Interpolated estimation of Markov source
 * parameters from sparse data", 1980): the list for the names it holds, the n-grams for every other spelling: `λ · [word in the list] / N +
 * (1 − λ) · P_ngram(word)`, λ = {@link NAME_LEXICON_SHARE} and N the list's size; a word cut by the field's end counts
 * the list's words that begin with it. The n-grams alone score a spelling near a listed name about as high as the name
 * (`FABIDA` above `FARIDA`); the list tells them apart.
 */

/** Symbols a name model predicts: the 26 capitals and {@link END} (a word ends). */
export const NAME_SYMBOLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ$';
/** Marks a word's end in a model's counts. */
export const END = '$';
/** Pads a word's start in a model's contexts. */
export const START = '^';

/** The file format of a name model (`models/name-ngrams.json.gz`, written by `npm run build:name-model`). */
export interface NameModelFile {
  /** `/1`: n-gram counts only; `/2`: also the word list ({@link NameModelFile.lexicon}). */
  readonly schema: 'kyc-name-ngrams/1' | 'kyc-name-ngrams/2';
  /** n: each character is predicted from the n - 1 before it (start padded with {@link START}). */
  readonly order: number;
  /** Distinct words counted. */
  readonly words: number;
  /** Where the words came from. */
  readonly source: string;
  /** Per context (0 to `order - 1` characters), the characters that followed it and how often. */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Schema `/2`: the distinct words counted (capitals `A-Z`), sorted in code-unit order; `words` of them. */
  readonly lexicon?: readonly string[];
}

/**
 * λ of the word-list mixture ({@link nameModel}): the share of name words taken to be in the list. Measured: 34 of the
 * 67 distinct name words of the shared real specimens' labels (../shared/data/documents) are in the shipped list
 * (`npm run build:name-model -- --overlap ../shared/data/documents`), 0.51; set to 0.5. Generated sets say nothing
 * here: the own generator draws most of its names from common lists (61 of 66 on seed 3030) and the probe's random
 * names are almost never listed.
 */
export const NAME_LEXICON_SHARE = 0.5;

/** A loaded name model (see {@link nameModel}). */
export interface NameModel {
  readonly order: number;
  /**
   * How much likelier the model finds a word than the uniform distribution over {@link NAME_SYMBOLS} does: natural
   * log of the ratio (positive for a name-like spelling, negative for an unlikely one; 0 for the empty word when not
   * `complete`).
   * @param word - capitals `A-Z` only
   * @param complete - the word ends here (its end is predicted too); false for a word cut by the field's end
   */
  logOdds(word: string, complete: boolean): number;
}

/**
 * A name model from its counts (and, schema `/2`, its word list).
 * @throws {Error} when the file does not follow {@link NameModelFile} (an order below 1, a symbol outside
 *   {@link NAME_SYMBOLS}, a count that is not a positive integer; in schema `/2` a word list missing, of another
 *   length than `words`, unsorted, repeated or holding anything but capitals)
 */
export function nameModel(file: NameModelFile): NameModel {
  if ((file.schema !== 'kyc-name-ngrams/1' && file.schema !== 'kyc-name-ngrams/2') || !Number.isInteger(file.order) || file.order < 1) throw new Error('Not a kyc-name-ngrams/1 or /2 model');
  const lexicon = file.schema === 'kyc-name-ngrams/2' ? file.lexicon : undefined;
  if (file.schema === 'kyc-name-ngrams/2') {
    if (!Array.isArray(lexicon) || lexicon.length !== file.words || lexicon.length === 0) throw new Error('A kyc-name-ngrams/2 model lists its `words` words in `lexicon`');
    for (let i = 0; i < lexicon.length; i++) {
      if (!/^[A-Z]+$/.test(lexicon[i] as string) || (i > 0 && (lexicon[i - 1] as string) >= (lexicon[i] as string))) throw new Error(`The name model's lexicon is not sorted distinct capitals at ${i}`);
    }
  }
  const contexts = new Map<string, { followers: Map<string, number>; total: number }>();
  for (const [context, next] of Object.entries(file.counts)) {
    const followers = new Map<string, number>();
    let total = 0;
    for (const [ch, n] of Object.entries(next)) {
      if (!NAME_SYMBOLS.includes(ch) || ch.length !== 1 || !Number.isInteger(n) || n < 1) throw new Error(`Bad count in the name model: ${JSON.stringify(context)} -> ${JSON.stringify(ch)}: ${n}`);
      followers.set(ch, n);
      total += n;
    }
    contexts.set(context, { followers, total });
  }
  const uniform = 1 / NAME_SYMBOLS.length;
  const cache = new Map<string, number>();
  const prob = (context: string, ch: string): number => {
    const key = context + '|' + ch;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const lower = context.length === 0 ? uniform : prob(context.slice(1), ch);
    const seen = contexts.get(context);
    const p = seen ? ((seen.followers.get(ch) ?? 0) + seen.followers.size * lower) / (seen.total + seen.followers.size) : lower;
    cache.set(key, p);
    return p;
  };
  const pad = START.repeat(file.order - 1);
  const ngramLogOdds = (word: string, complete: boolean): number => {
    const text = pad + word + (complete ? END : '');
    let sum = 0;
    for (let i = pad.length; i < text.length; i++) sum += Math.log(prob(text.slice(i - pad.length, i), text.charAt(i)) / uniform);
    return sum;
  };
  if (!lexicon) return { order: file.order, logOdds: ngramLogOdds };
  /** Share of the list's words equal to `word` (complete) or beginning with it. */
  const listed = (word: string, complete: boolean): number => {
    const from = lowerBound(lexicon, word);
    if (complete) return lexicon[from] === word ? 1 / lexicon.length : 0;
    return (lowerBound(lexicon, word + '\u{10FFFF}') - from) / lexicon.length;
  };
  return {
    order: file.order,
    logOdds(word, complete) {
      // Both terms as probabilities relative to the uniform model's (27^-symbols), so the mixture stays in log odds.
      const symbols = word.length + (complete ? 1 : 0);
      const ngram = Math.log1p(-NAME_LEXICON_SHARE) + ngramLogOdds(word, complete);
      const share = listed(word, complete);
      if (share === 0) return ngram;
      const list = Math.log(NAME_LEXICON_SHARE * share) - symbols * Math.log(uniform);
      const hi = Math.max(list, ngram);
      return hi + Math.log(Math.exp(list - hi) + Math.exp(ngram - hi));
    },
  };
}

/** First index of sorted `words` whose word is not below `key` (code-unit order). */
function lowerBound(words: readonly string[], key: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A name model from a gzipped {@link NameModelFile}.
 * @throws {Error} when the bytes are not gzip or not such a file
 */
export function parseNameModel(gzipped: Buffer): NameModel {
  return nameModel(JSON.parse(gunzipSync(gzipped).toString('utf8')) as NameModelFile);
}

/**
 * The prior of a name field's characters under `model`: the sum of {@link NameModel.logOdds} over its words (runs of
 * letters between fillers `<`), times `weight`. The last word counts as complete only when a filler follows it
 * within the field: a name that fills its field may be truncated (ICAO Doc 9303 Part 3 §4.6).
 *
 * @param model - the name model
 * @param weight - how much the prior counts against the recognisers' log-likelihoods (>= 0)
 * @returns a function from a name field's characters (`A-Z` and `<`) to a natural-log score
 */
export function nameFieldPrior(model: NameModel, weight: number): (field: string) => number {
  return (field) => {
    let sum = 0;
    const re = /[A-Z]+/g;
    for (let m = re.exec(field); m; m = re.exec(field)) sum += model.logOdds(m[0], m.index + m[0].length < field.length);
    return weight * sum;
  };
}

/** The shipped name model (models/MODELS.md; rebuilt by `npm run build:name-model`, which prints the sha256). */
export const NAME_MODEL = {
  id: 'kyc/name-ngrams',
  file: 'name-ngrams.json.gz',
  sha256: 'd2b901c6b3bcead49af593f2a793c4dbc9680509b86a71ad098fc5cbe9d8081b',
  licence: 'MIT (name lists of @faker-js/faker, counted in this repository)',
} as const;

/**
 * Weight of the name prior against the two recognisers' summed log-likelihoods in step 8 (reading/arbitrateNames.ts).
 * Chosen between two values measured on the shared real specimens' distortion runs (docs/document-verification-log.md
 * "A prior over names", 2026-11-27, 672 cases): 1, the prior counted as Bayes' rule counts a prior, was set first; it
 * mended 6 documents' names and broke the right `KINGDOM` of the British specimen (a word, not a name: `GD` is rare
 * in names) in 3 views. 0.5 mended 5 and broke it in 1. The recognisers' summed log-likelihoods are those of two experts reading the same
 * pixels, so a prior at full weight against them is no more principled than at half.
 */
export const NAME_PRIOR_WEIGHT = 0.5;

/**
 * Reads the shipped name model from `modelsDir`, its SHA-256 verified.
 * @throws {DocumentModelError} when the file is missing, altered or not a name model
 */
export async function loadNameModel(modelsDir: string): Promise<NameModel> {
  const file = path.join(modelsDir, NAME_MODEL.file);
  const bytes = await readVerifiedFile(file, NAME_MODEL.sha256, (f, reason, options) => new DocumentModelError(f, reason, options));
  try {
    return parseNameModel(bytes);
  } catch (cause) {
    throw new DocumentModelError(file, (cause as Error).message, { cause });
  }
}
