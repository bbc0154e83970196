/**
 * Parsers on the real list snapshots in ../shared/data/sanctions (see its README): counts computed there, and
 * one entry of each compared in full.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSourceFiles } from '../../../../../functions/engines/aml/parsers/parseSourceFiles.ts';
import { SANCTIONS_DATA } from '../factory.ts';

const file = (path: string) => ({ location: path, bytes: new Uint8Array(readFileSync(join(SANCTIONS_DATA, path))) });

describe('OFAC legacy CSV trio', () => {
  it('reads every individual and entity, skips vessels and aircraft, and joins aliases, addresses and remarks', async () => {
    const parsed = await parseSourceFiles('ofac_legacy_csv', [file('ofac_sdn/sdn.csv'), file('ofac_sdn/add.csv'), file('ofac_sdn/alt.csv')], 'us_ofac_sdn');
    expect(parsed.entities).toHaveLength(6646 + 6033);
    expect(parsed.skipped).toBe(764 + 378);
    expect(parsed.entities.filter((e) => e.entityType === 'person' && e.birthDates.length > 0)).toHaveLength(6527);
    expect(parsed.entities.find((e) => e.id === 'us_ofac_sdn:2676')).toEqual({
      id: 'us_ofac_sdn:2676',
      sourceId: 'us_ofac_sdn',
      nativeId: '2676',
      entityType: 'person',
      types: ['sanction'],
      names: [
        { value: 'AL ZAWAHIRI, Dr. Ayman', kind: 'primary', script: 'Latn' },
        { value: 'AL-ZAWAHIRI, Ayman', kind: 'aka', script: 'Latn' },
        { value: 'SALIM, Ahmad Fuad', kind: 'aka', script: 'Latn' },
        { value: 'AL-ZAWAHIRI, Aiman Muhammad Rabi', kind: 'aka', script: 'Latn' },
      ],
      birthDates: ['1951-06-19'],
      nationalities: [],
      countries: ['EG'],
      identifiers: [
        { type: 'passport', value: '1084010', country: 'EG' },
        { type: 'passport', value: '19820215' },
      ],
      programs: ['SDGT'],
    });
  });
});

describe('OFAC ENHANCED XML', () => {
  it('reads the consolidated list from its official zip', async () => {
    const parsed = await parseSourceFiles('ofac_enhanced_xml', [file('ofac_consolidated_non_sdn/CONS_ENHANCED.ZIP')], 'us_ofac_cons');
    expect(parsed.entities).toHaveLength(443);
    expect(parsed.publishedAt).toBe('2025-01-10');
    const haniya = parsed.entities.find((e) => e.nativeId === '9639');
    expect(haniya?.names.map((n) => n.value)).toEqual(['HANIYA, Ismail Abdul Salah', 'HANIYA, Ismail', 'HANIYYA, Ismaeel']);
    expect(haniya?.birthDates).toEqual(['1962']);
    const vtb = parsed.entities.find((e) => e.nativeId === '17013');
    expect(vtb?.entityType).toBe('company');
    expect(vtb?.names.some((n) => n.script === 'Cyrl')).toBe(true);
    expect(vtb?.identifiers).toContainEqual({ type: 'tax id no.', value: '7702070139', country: 'RU' });
  });
});

describe('UN consolidated XML', () => {
  it('reads individuals and entities with original-script names and weak aliases', async () => {
    const parsed = await parseSourceFiles('un_consolidated_xml', [file('un_sc_consolidated/consolidated.xml')], 'un_sc');
    expect(parsed.entities.filter((e) => e.entityType === 'person')).toHaveLength(730);
    expect(parsed.entities.filter((e) => e.entityType === 'company')).toHaveLength(273);
    expect(parsed.publishedAt).toBe('2026-02-27');
    expect(parsed.entities.find((e) => e.nativeId === 'IQi.001')).toMatchObject({
      names: [
        { value: 'SADDAM HUSSEIN AL-TIKRITI', kind: 'primary', script: 'Latn' },
        { value: 'صدام حسين التكريتي', kind: 'aka', script: 'Arab' },
        { value: 'Abu Ali', kind: 'weak', script: 'Latn' },
      ],
      birthDates: ['1937-04-28'],
      nationalities: ['IQ'],
    });
  });
});

describe('OFSI ConList xlsx', () => {
  it('groups name rows by Group ID and reads DOBs with unknown parts', async () => {
    const parsed = await parseSourceFiles('ofsi_conlist', [file('uk_ofsi_conlist/ConList.xlsx')], 'gb_ofsi');
    expect(parsed.entities).toHaveLength(3663 + 1010);
    expect(parsed.skipped).toBe(15);
    expect(parsed.publishedAt).toBe('2025-04-14');
    expect(parsed.entities.find((e) => e.nativeId === '15672')).toMatchObject({
      names: [{ value: 'Mian Abdul HAQ', kind: 'primary' }, { value: 'Mian MITHOO' }, { value: 'Mian MITHU' }, { value: 'Mian MITTO' }, { value: 'Mian MITTU' }],
      nationalities: ['PK'],
      gender: 'male',
      programs: ['Global Human Rights'],
    });
  });
});

describe('OpenSanctions exports (test data, CC BY-NC)', () => {
  it('applies FtM delta operations and maps topics to list types', async () => {
    const parsed = await parseSourceFiles('ftm_json', [file('opensanctions/yente_fixtures/entities.delta.json')], 'os');
    expect(parsed.publishedAt).toBe('2024-05-30');
    expect(parsed.entities.length).toBeGreaterThan(500);
    expect(parsed.entities.every((e) => e.types.length > 0)).toBe(true);
  });
  it('reads FtM entity files', async () => {
    const parsed = await parseSourceFiles('ftm_json', [file('opensanctions/yente_fixtures/zala/entities.ftm.json')], 'os');
    const osetrova = parsed.entities.find((e) => e.names[0]?.value === 'OSETROVA, Maria Aleksandrovna');
    expect(osetrova).toMatchObject({ entityType: 'person', birthDates: ['1988-01-07'], gender: 'female', nationalities: ['RU'] });
  });
  it('reads the us_congress Senzing export as PEPs', async () => {
    const parsed = await parseSourceFiles('senzing_json', [file('opensanctions/us_congress/us_congress_senzing.json')], 'os');
    expect(parsed.entities).toHaveLength(1317);
    expect(parsed.skipped).toBe(2);
    expect(parsed.entities.every((e) => e.types.join() === 'pep')).toBe(true);
  });
  it('reads targets.simple.csv with the list type the source gives', async () => {
    const parsed = await parseSourceFiles('targets_simple_csv', [file('opensanctions/eu_cor_members/targets.simple.csv')], 'os', { listType: 'pep' });
    expect(parsed.entities).toHaveLength(639);
    expect(parsed.entities[0]).toMatchObject({ nativeId: 'eu-cor-2011996', names: [{ value: 'GAMALLO ALLER, Jesús' }], countries: ['ES'], types: ['pep'] });
  });
});
