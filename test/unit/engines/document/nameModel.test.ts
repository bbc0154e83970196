import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNameModel, NAME_LEXICON_SHARE, NAME_SYMBOLS, nameFieldPrior, nameModel, type NameModelFile } from '../../../../functions/engines/document/names/nameModel.ts';
import { defaultDocumentModelsDir } from '../../../../functions/engines/document/ocr/mrzNet/mrzNetModel.ts';
import { DocumentModelError } from '../../../../functions/engines/document/errors.ts';

/** A bigram model counted by hand from the words ANNA, ANA and NINA (start padded with `^`, end `$`). */
const TINY: NameModelFile = {
  schema: 'kyc-name-ngrams/1',
  order: 2,
  words: 3,
  source: 'test',
  counts: {
    '': { A: 5, N: 5, I: 1, $: 3 },
    '^': { A: 2, N: 1 },
    A: { N: 2, $: 3 },
    N: { N: 1, A: 3, I: 1 },
    I: { N: 1 },
  },
};

describe('nameModel (interpolated Witten-Bell)', () => {
  it('gives a probability distribution over the 27 symbols after every context', () => {
    const model = nameModel(TINY);
    // logOdds of a one-symbol continuation against the uniform 1/27: exp(logOdds) / 27 is its probability.
    for (const context of ['', 'A', 'N', 'I', 'Q', 'AN']) {
      let total = 0;
      for (const ch of NAME_SYMBOLS) {
        const word = context + (ch === '$' ? '' : ch);
        const before = model.logOdds(context, false);
        total += Math.exp(model.logOdds(word, ch === '$') - before) / NAME_SYMBOLS.length;
      }
      expect(total).toBeCloseTo(1, 9);
    }
  });
  it('mixes a context with the shorter one by the number of distinct followers (Witten and Bell 1991)', () => {
    const model = nameModel(TINY);
    // P(N | A) = (C(A,N) + T(A) P(N)) / (C(A) + T(A)); P(N) = (5 + 4 / 27) / (14 + 4); T(A) = 2, C(A) = 5.
    const pN = (5 + 4 / 27) / 18;
    const pNgivenA = (2 + 2 * pN) / (5 + 2);
    const pAgivenStart = (2 + 2 * ((5 + 4 / 27) / 18)) / (3 + 2);
    expect(model.logOdds('AN', false)).toBeCloseTo(Math.log(pAgivenStart * 27) + Math.log(pNgivenA * 27), 9);
  });
  it('refuses counts that are not a name model', () => {
    expect(() => nameModel({ ...TINY, order: 0 })).toThrow(/kyc-name-ngrams/);
    expect(() => nameModel({ ...TINY, counts: { '': { a: 1 } } })).toThrow(/Bad count/);
    expect(() => nameModel({ ...TINY, counts: { '': { A: 0.5 } } })).toThrow(/Bad count/);
  });
});

describe('nameModel with its word list (kyc-name-ngrams/2)', () => {
  const LISTED: NameModelFile = { ...TINY, schema: 'kyc-name-ngrams/2', lexicon: ['ANA', 'ANNA', 'NINA'] };
  const ngrams = nameModel(TINY);
  it('mixes the list and the n-grams half and half (NAME_LEXICON_SHARE), in log odds against the uniform model', () => {
    const model = nameModel(LISTED);
    expect(NAME_LEXICON_SHARE).toBe(0.5);
    // ANNA$ is 5 symbols: P = 0.5 / 3 + 0.5 * P_ngram, and log odds add 5 ln 27.
    const pNgram = Math.exp(ngrams.logOdds('ANNA', true)) / 27 ** 5;
    expect(model.logOdds('ANNA', true)).toBeCloseTo(Math.log(0.5 / 3 + 0.5 * pNgram) + 5 * Math.log(27), 9);
    // An unlisted word keeps half its n-gram probability.
    expect(model.logOdds('NAN', true)).toBeCloseTo(Math.log(0.5) + ngrams.logOdds('NAN', true), 9);
  });
  it('counts the listed words a cut word begins, and scores the empty cut word 0', () => {
    const model = nameModel(LISTED);
    const pNgram = Math.exp(ngrams.logOdds('AN', false)) / 27 ** 2;
    expect(model.logOdds('AN', false)).toBeCloseTo(Math.log((0.5 * 2) / 3 + 0.5 * pNgram) + 2 * Math.log(27), 9);
    expect(model.logOdds('', false)).toBeCloseTo(0, 12);
  });
  it('puts a listed name above an unlisted spelling the n-grams prefer', () => {
    // The n-grams alone score NANA above NINA (A follows N 3 times in 5, I once); the list turns that round.
    expect(ngrams.logOdds('NANA', true)).toBeGreaterThan(ngrams.logOdds('NINA', true));
    const model = nameModel(LISTED);
    expect(model.logOdds('NINA', true)).toBeGreaterThan(model.logOdds('NANA', true));
  });
  it('refuses a word list that is missing, unsorted, repeated or not capitals', () => {
    expect(() => nameModel({ ...LISTED, lexicon: undefined })).toThrow(/lexicon/);
    expect(() => nameModel({ ...LISTED, lexicon: ['ANNA', 'ANA', 'NINA'] })).toThrow(/sorted/);
    expect(() => nameModel({ ...LISTED, lexicon: ['ANA', 'ANA', 'NINA'] })).toThrow(/sorted/);
    expect(() => nameModel({ ...LISTED, lexicon: ['ANA', 'ANNA', 'nina'] })).toThrow(/sorted/);
  });
});

describe('nameFieldPrior', () => {
  it('sums the words of a field, the last one open when it reaches the field’s end, times the weight', () => {
    const model = nameModel(TINY);
    const prior = nameFieldPrior(model, 0.5);
    expect(prior('ANNA<<NINA<<<')).toBeCloseTo(0.5 * (model.logOdds('ANNA', true) + model.logOdds('NINA', true)), 9);
    expect(prior('ANNA<<NINA')).toBeCloseTo(0.5 * (model.logOdds('ANNA', true) + model.logOdds('NINA', false)), 9);
    expect(prior('<<<<')).toBe(0);
  });
});

describe('the shipped name model', () => {
  it('loads verified and prefers the names of the look-alike misreads seen on blurred specimens', async () => {
    const model = await loadNameModel(defaultDocumentModelsDir());
    for (const [right, misread] of [['ERIKSSON', 'ERIKSSDN'], ['MARTIN', 'RARTIN'], ['MARIA', 'RARIA'], ['CITIZEN', 'CZTZZEN']] as const) {
      expect(model.logOdds(right, true)).toBeGreaterThan(model.logOdds(misread, true) + 2);
    }
  });
  it('is refused when the file is not the one catalogued', async () => {
    await expect(loadNameModel(path.resolve(defaultDocumentModelsDir(), '..', 'functions'))).rejects.toBeInstanceOf(DocumentModelError);
  });
});
