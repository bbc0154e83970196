import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../../../../functions/engines/aml/similarity/jaroWinkler.ts';
import { levenshtein, levenshteinSimilarity } from '../../../../../functions/engines/aml/similarity/levenshtein.ts';

describe('jaroWinkler', () => {
  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4);
  });
  it('is 1 for equal strings and 0 for nothing in common or an empty side', () => {
    expect(jaroWinkler('zawahiri', 'zawahiri')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });
});

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });
  it('counts an adjacent transposition as one edit only when asked', () => {
    expect(levenshtein('batlic', 'baltic')).toBe(2);
    expect(levenshtein('batlic', 'baltic', true)).toBe(1);
  });
  it('turns the distance into a similarity over the longer length', () => {
    expect(levenshteinSimilarity('kitten', 'sitting')).toBeCloseTo(4 / 7, 6);
    expect(levenshteinSimilarity('', '')).toBe(1);
  });
});
