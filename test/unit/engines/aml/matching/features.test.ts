/**
 * Each feature on tiny cases with exact scores (after nomenklatura's tests/matching/compare/test_dates.py).
 */
import { describe, expect, it } from 'vitest';
import { compareDates } from '../../../../../functions/engines/aml/matching/features/dobCompare.ts';
import { dobExact } from '../../../../../functions/engines/aml/matching/features/dobExact.ts';
import { dobMismatch } from '../../../../../functions/engines/aml/matching/features/dobMismatch.ts';
import { dobYearMatch } from '../../../../../functions/engines/aml/matching/features/dobYearMatch.ts';
import type { FeatureContext } from '../../../../../functions/engines/aml/matching/features/featureTypes.ts';
import { genderMismatch } from '../../../../../functions/engines/aml/matching/features/genderMismatch.ts';
import { identifierMatch } from '../../../../../functions/engines/aml/matching/features/identifierMatch.ts';
import { nameSimilarity } from '../../../../../functions/engines/aml/matching/features/nameSimilarity.ts';
import { nationalityMatch } from '../../../../../functions/engines/aml/matching/features/nationalityMatch.ts';
import { nationalityMismatch } from '../../../../../functions/engines/aml/matching/features/nationalityMismatch.ts';
import { weakAlias } from '../../../../../functions/engines/aml/matching/features/weakAlias.ts';
import { prepareQuery, type AmlScreeningInput } from '../../../../../functions/engines/aml/matching/screeningInput.ts';
import type { AmlEntity } from '../../../../../functions/engines/aml/types.ts';
import { entity } from '../factory.ts';

/** A context of the screened `input` against `e`, with a perfect name alignment. */
function ctx(input: AmlScreeningInput, e: AmlEntity, kind: AmlEntity['names'][number]['kind'] = 'primary'): FeatureContext {
  return {
    query: prepareQuery({ fullName: 'John Doe', ...input }),
    entity: e,
    name: { value: 'John Doe', kind, script: 'Latn', queryLabel: 'John Doe', alignment: { score: 0.9, queryCoverage: 1, listedCoverage: 0.75, pairs: [] } },
  };
}

describe('compareDates', () => {
  it.each([
    ['1962-05-01', '1962-05-01', 'exact'],
    ['1962', '1962-05-01', 'compatible'],
    ['1962-05', '1962-05-01', 'compatible'],
    ['1962-05-02', '1962-05-01', 'near'],
    ['1963-01-01', '1962-05-01', 'near'],
    ['1964-05-01', '1962-05-01', 'disjoint'],
  ])('%s vs %s is %s', (a, b, relation) => {
    expect(compareDates(a, b)).toBe(relation);
  });
});

describe('date-of-birth features', () => {
  const e = entity(['John Doe'], { birthDates: ['1962', '1970-03-04'] });
  it('dob_exact fires only on an equal full date', () => {
    expect(dobExact(ctx({ dateOfBirth: '1970-03-04' }, e)).score).toBe(1);
    expect(dobExact(ctx({ dateOfBirth: '1962-03-04' }, e)).score).toBe(0);
    expect(dobExact(ctx({}, e)).score).toBe(0);
  });
  it('dob_year fires when the dates agree as far as known', () => {
    expect(dobYearMatch(ctx({ dateOfBirth: '1962-03-04' }, e)).score).toBe(1);
    expect(dobYearMatch(ctx({ dateOfBirth: '1970' }, e)).score).toBe(1);
    expect(dobYearMatch(ctx({ dateOfBirth: '1970-03-04' }, e)).score).toBe(0);
  });
  it('dob_mismatch is 1 for years two apart, 0.5 for near misses, 0 without listed dates', () => {
    expect(dobMismatch(ctx({ dateOfBirth: '1980-01-01' }, e)).score).toBe(1);
    expect(dobMismatch(ctx({ dateOfBirth: '1971-01-01' }, e)).score).toBe(0.5);
    expect(dobMismatch(ctx({ dateOfBirth: '1962-12-31' }, e)).score).toBe(0);
    expect(dobMismatch(ctx({ dateOfBirth: '1980-01-01' }, entity(['John Doe']))).score).toBe(0);
  });
});

describe('nationality, gender, identifier and alias features', () => {
  const e = entity(['John Doe'], { nationalities: ['EG'], countries: ['EG', 'GB'], gender: 'male', identifiers: [{ type: 'passport', value: '717 637 093' }] });
  it('nationality_match accepts any linked country; nationality_mismatch only contradicts listed nationalities', () => {
    expect(nationalityMatch(ctx({ nationality: 'EGY' }, e)).score).toBe(1);
    expect(nationalityMatch(ctx({ nationality: 'GBR' }, e)).score).toBe(1);
    expect(nationalityMismatch(ctx({ nationality: 'GBR' }, e)).score).toBe(0);
    expect(nationalityMismatch(ctx({ nationality: 'FRA' }, e)).score).toBe(1);
    expect(nationalityMismatch(ctx({ nationality: 'FRA' }, entity(['John Doe'], { countries: ['EG'] }))).score).toBe(0);
  });
  it('gender_mismatch fires on a different listed gender only', () => {
    expect(genderMismatch(ctx({ gender: 'F' }, e)).score).toBe(1);
    expect(genderMismatch(ctx({ gender: 'male' }, e)).score).toBe(0);
    expect(genderMismatch(ctx({ gender: 'other' }, e)).score).toBe(0);
  });
  it('identifier_match compares letters and digits only', () => {
    expect(identifierMatch(ctx({ documentNumber: '717-637093' }, e)).score).toBe(1);
    expect(identifierMatch(ctx({ personalNumber: '717637094' }, e)).score).toBe(0);
  });
  it('weak_alias fires on a weak alias', () => {
    expect(weakAlias(ctx({}, e, 'weak')).score).toBe(1);
    expect(weakAlias(ctx({}, e, 'aka')).score).toBe(0);
  });
  it('name_similarity reports the alignment score and its coverage', () => {
    const r = nameSimilarity(ctx({}, e));
    expect(r.score).toBe(0.9);
    expect(r.detail).toContain('covers 100% of the screened name and 75% of the listed name');
  });
});
