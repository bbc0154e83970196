/**
 * Screening on tiny indexes built with the factory: exact scores for the scoring model and every decision rule.
 */
import { describe, expect, it } from 'vitest';
import { AmlNameRequiredError } from '../../../../../functions/engines/aml/errors.ts';
import { screen } from '../../../../../functions/engines/aml/matching/screen.ts';
import { TOKEN_MATCH, tokenSimilarity } from '../../../../../functions/engines/aml/matching/tokenSimilarity.ts';
import { phoneticKeys } from '../../../../../functions/engines/aml/text/phoneticKeys.ts';
import { entity, indexOf } from '../factory.ts';

const tok = (text: string) => ({ text, phonetic: phoneticKeys(text), particle: false });

describe('tokenSimilarity', () => {
  it('names the evidence', () => {
    expect(tokenSimilarity(tok('ayman'), tok('ayman'))).toEqual({ score: 1, how: TOKEN_MATCH.Exact });
    expect(tokenSimilarity(tok('mohammed'), tok('muhammad'))).toEqual({ score: 0.9, how: TOKEN_MATCH.Phonetic });
    expect(tokenSimilarity(tok('j'), tok('jennifer'))).toEqual({ score: 0.6, how: TOKEN_MATCH.Initial });
    expect(tokenSimilarity(tok('ali'), tok('aly')).how).toBe(TOKEN_MATCH.Phonetic);
    expect(tokenSimilarity(tok('zawahri'), tok('zawahiri')).how).toBe(TOKEN_MATCH.Fuzzy);
  });
  it('rejects different names and particles against names', () => {
    expect(tokenSimilarity(tok('john'), tok('geni')).how).toBe(TOKEN_MATCH.None);
    expect(tokenSimilarity(tok('mohammed'), tok('mohammadian')).how).toBe(TOKEN_MATCH.None);
    expect(tokenSimilarity({ text: 'al', phonetic: ['AL'], particle: true }, tok('ali')).how).toBe(TOKEN_MATCH.None);
  });
});

describe('screen', () => {
  const zawahiri = entity(['AL-ZAWAHIRI, Ayman', 'SALIM, Ahmad Fuad'], {
    nativeId: 'z',
    birthDates: ['1951-06-19'],
    nationalities: ['EG'],
    countries: ['EG'],
    gender: 'male',
    identifiers: [{ type: 'passport', value: '1084010', country: 'EG' }],
  });
  const bank = entity(['BANCO NACIONAL DE CUBA LTD', 'NATIONAL BANK OF CUBA'], { nativeId: 'b', entityType: 'company', countries: ['CU'] });
  const pep = entity(['Jennifer L. McClellan'], { nativeId: 'p', types: ['pep'], birthDates: ['1972'], nationalities: ['US'] });
  const index = indexOf(zawahiri, bank, pep);

  it('finds an exact name in any order and spelling, with score 1 and the SPEC 2.7 match fields', () => {
    const out = screen(index, { fullName: 'Ayman al Zawahiri' });
    expect(out.result).toEqual({
      matchStatus: 'potential_match',
      riskLevel: 'medium',
      totalHits: 1,
      matches: [
        {
          id: 'test:z',
          name: 'AL-ZAWAHIRI, Ayman',
          entityType: 'person',
          types: ['sanction'],
          sources: ['test'],
          aka: ['SALIM, Ahmad Fuad'],
          countries: ['EG'],
          countryIds: ['818'],
          matchTypes: ['name_exact'],
          score: 1,
          isWhitelisted: false,
        },
      ],
    });
    expect(screen(index, { firstName: 'Ayman', lastName: 'Zawahiri' }).result.matches[0]?.score).toBe(1);
  });

  it('is a true match with a strong name and the exact date of birth, high risk on a sanctions list', () => {
    const out = screen(index, { firstName: 'Ayman', lastName: 'al-Zawahiri', dateOfBirth: '1951-06-19', nationality: 'EGY', gender: 'male' });
    expect(out.result.matchStatus).toBe('true_match');
    expect(out.result.riskLevel).toBe('high');
    expect(out.result.matches[0]?.matchTypes).toEqual(['name_exact', 'dob_exact', 'nationality']);
    expect(out.explanations[0]?.trueMatch).toBe(true);
    expect(out.explanations[0]?.features.map((f) => [f.feature, f.contribution])).toEqual([
      ['name_similarity', 1],
      ['dob_exact', 0.1],
      ['dob_year', 0],
      ['dob_mismatch', -0],
      ['nationality_match', 0.05],
      ['nationality_mismatch', -0],
      ['gender_mismatch', -0],
      ['identifier_match', 0],
      ['weak_alias', -0],
    ]);
  });

  it('is a true match through an identifier too', () => {
    expect(screen(index, { fullName: 'Ayman Zawahiri', documentNumber: '1084010' }).result.matchStatus).toBe('true_match');
  });

  it('lowers the score by contradicting date of birth, nationality and gender down to clear', () => {
    const out = screen(index, { fullName: 'Ayman Zawahiri', dateOfBirth: '1990-01-01', nationality: 'FRA', gender: 'F' });
    expect(out.result).toMatchObject({ matchStatus: 'clear', riskLevel: 'low', totalHits: 0, matches: [] });
    const low = screen(index, { fullName: 'Ayman Zawahiri', dateOfBirth: '1990-01-01' }, { thresholds: { match: 0.5 } });
    expect(low.result.matches[0]?.score).toBe(0.7);
    expect(low.result.matches[0]?.matchTypes).toContain('dob_mismatch');
  });

  it('matches typos fuzzily and phonetically; the exact date of birth then corroborates', () => {
    const out = screen(index, { fullName: 'Aymen Zawahri' });
    expect(out.result.matchStatus).toBe('potential_match');
    expect(out.result.matches[0]?.matchTypes).toEqual(['name_fuzzy', 'name_phonetic']);
    expect(out.explanations[0]?.nameScore).toBeGreaterThanOrEqual(0.9);
    expect(out.explanations[0]?.nameScore).toBeLessThan(1);
    expect(screen(index, { fullName: 'Aymen Zawahri', dateOfBirth: '1951-06-19' }).result.matchStatus).toBe('true_match');
  });

  it('matches companies without their legal form and through aliases', () => {
    expect(screen(index, { fullName: 'Banco Nacional de Cuba' }).result.matches[0]?.id).toBe('test:b');
    expect(screen(index, { fullName: 'National Bank of Cuba S.A.' }).result.matches[0]).toMatchObject({ id: 'test:b', matchTypes: ['name_exact', 'alias'] });
  });

  it('gives a PEP-only true match medium risk', () => {
    const out = screen(index, { fullName: 'Jennifer McClellan', dateOfBirth: '1972' }, { thresholds: { trueMatch: 0.9 } });
    expect(out.result.matchStatus).toBe('potential_match');
    expect(out.result.riskLevel).toBe('medium');
  });

  it('reports whitelisted matches but lets them not drive the status', () => {
    const out = screen(index, { fullName: 'Ayman Zawahiri', dateOfBirth: '1951-06-19' }, { whitelist: new Set(['test:z']) });
    expect(out.result).toMatchObject({ matchStatus: 'clear', riskLevel: 'low', totalHits: 1 });
    expect(out.result.matches[0]).toMatchObject({ id: 'test:z', isWhitelisted: true });
  });

  it('says unknown risk when a clear screen had a single name part', () => {
    expect(screen(index, { lastName: 'Smith' }).result).toMatchObject({ matchStatus: 'clear', riskLevel: 'unknown' });
  });

  it('throws AmlNameRequiredError without a usable name', () => {
    expect(() => screen(index, { dateOfBirth: '1951-06-19', documentNumber: '1084010' })).toThrow(AmlNameRequiredError);
    expect(() => screen(index, { fullName: ' - ', firstName: null })).toThrow(AmlNameRequiredError);
  });

  it('echoes the thresholds and the index provenance', () => {
    const out = screen(index, { fullName: 'Nobody Here' }, { thresholds: { match: 0.9 } });
    expect(out.thresholds).toEqual({ match: 0.9, trueMatch: 0.95, strongName: 0.9 });
    expect(out.index).toEqual({
      builtAt: '2026-01-02T00:00:00.000Z',
      sources: [{ id: 'test', title: 'Test list', publishedAt: '2026-01-01', publishedAtBasis: 'document', sha256: ['a'.repeat(64)], entityCount: 3 }],
    });
  });

  it('leaves unrelated common names clear', () => {
    for (const fullName of ['John Smith', 'Maria Garcia', 'Ahmad Hassan', 'Cuba Libre Bar']) {
      expect(screen(index, { fullName }).result.matchStatus).toBe('clear');
    }
  });
});
