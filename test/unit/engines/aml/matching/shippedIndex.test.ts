/**
 * The shipped index (data/aml) on real list entries: what an integrator would try first.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AmlIndex } from '../../../../../functions/engines/aml/index/compileIndex.ts';
import { loadAmlIndex } from '../../../../../functions/engines/aml/index/loadAmlIndex.ts';
import { screen } from '../../../../../functions/engines/aml/matching/screen.ts';

let index: AmlIndex;
beforeAll(async () => {
  index = await loadAmlIndex(resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'data', 'aml'));
});

describe('shipped index', () => {
  it('holds the OFAC, UN and UK lists with their publication dates', () => {
    expect(index.sources.map((s) => [s.id, s.publishedAt])).toEqual([
      ['us_ofac_sdn', '2023-12-28'],
      ['us_ofac_cons', '2025-01-10'],
      ['un_sc', '2026-02-27'],
      ['gb_ofsi', '2025-04-14'],
    ]);
    expect(index.entities.length).toBe(18798);
  });
  it('finds Ayman al-Zawahiri on OFAC, UN and UK lists as a true match', () => {
    const out = screen(index, { firstName: 'Ayman', lastName: 'al-Zawahiri', dateOfBirth: '1951-06-19', nationality: 'EGY' });
    expect(out.result.matchStatus).toBe('true_match');
    expect(out.result.riskLevel).toBe('high');
    expect(new Set(out.result.matches.map((m) => m.sources[0]))).toEqual(new Set(['us_ofac_sdn', 'un_sc', 'gb_ofsi']));
  });
  it('finds transliterated, reordered and misspelt names', () => {
    const ids = (fullName: string, dateOfBirth?: string) => screen(index, { fullName, ...(dateOfBirth ? { dateOfBirth } : {}) }).result.matches.map((m) => m.id);
    expect(ids('Хания Исмаил')).toContain('us_ofac_cons:9639');
    expect(ids('Saddam Husein al-Tikriti', '1937')).toContain('un_sc:IQi.001');
    expect(ids('VTB Bank PJSC')).toContain('us_ofac_cons:17013');
  });
  it('leaves common names clear', () => {
    for (const fullName of ['John Smith', 'Maria Garcia Lopez', 'Anna Müller', 'Wei Zhang', 'Олег Петров']) {
      expect(screen(index, { fullName, dateOfBirth: '1985-03-02' }).result.matchStatus, fullName).toBe('clear');
    }
  });
});
