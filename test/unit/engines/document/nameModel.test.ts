import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNameModel, NAME_SYMBOLS, nameFieldPrior, nameModel, type NameModelFile } from '../../../../functions/engines/document/names/nameModel.ts';
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
