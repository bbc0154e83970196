/**
 * OpenSanctions `targets.simple.csv`: a header row, then `id, schema, name, aliases, birth_date, countries,
 * addresses, identifiers, sanctions, phones, emails, [program_ids,] dataset, first_seen, last_seen
 * [, last_change]`; multi-valued cells are `;`-separated. The file has no topics, so an entity is a `sanction`
 * when its `sanctions` cell is not empty and `defaultType` otherwise (the ingest source says `pep` for PEP
 * datasets). `countries` mixes nationality and residence, so it fills `countries` only.
 * @see https://www.opensanctions.org/docs/bulk/csv/
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlEntityType, type AmlListType } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, ParsedSource } from '../types.ts';
import { buildEntity } from './buildEntity.ts';
import { readCsvRows } from './readCsvRows.ts';

const SCHEMA_TYPES: Readonly<Record<string, AmlEntityType>> = {
  Person: AML_ENTITY_TYPE.Person,
  Organization: AML_ENTITY_TYPE.Company,
  Company: AML_ENTITY_TYPE.Company,
  LegalEntity: AML_ENTITY_TYPE.Company,
  PublicBody: AML_ENTITY_TYPE.Company,
};

/** `;`-separated values of a cell, trimmed, non-empty. */
function multi(value: string | undefined): string[] {
  return (value ?? '').split(';').map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * Entities of one targets.simple.csv.
 *
 * @throws AmlSourceParseError when the header lacks `id`, `schema` or `name`.
 */
export function parseTargetsSimpleCsv(
  text: string,
  sourceId: string,
  location = 'targets.simple.csv',
  listType?: AmlListType,
): ParsedSource {
  const rows = readCsvRows(text, location);
  const header = rows[0] ?? [];
  const col = (name: string): number => header.indexOf(name);
  if (col('id') < 0 || col('schema') < 0 || col('name') < 0) {
    throw new AmlSourceParseError(location, 'header must contain id, schema and name');
  }
  const get = (row: readonly string[], name: string): string => (col(name) < 0 ? '' : row[col(name)] ?? '');
  const entities: AmlEntity[] = [];
  let skipped = 0;
  let newest = '';
  for (const row of rows.slice(1)) {
    const entityType = SCHEMA_TYPES[get(row, 'schema')];
    const changed = get(row, 'last_change') || get(row, 'last_seen');
    if (changed > newest) newest = changed;
    if (entityType === undefined) {
      skipped++;
      continue;
    }
    const sanctioned = get(row, 'sanctions').replace(/"/g, '').trim().length > 0;
    const entity = buildEntity({
      sourceId,
      nativeId: get(row, 'id'),
      entityType,
      types: [listType ?? (sanctioned ? AML_LIST_TYPE.Sanction : AML_LIST_TYPE.Warning)],
      names: [
        { value: get(row, 'name'), kind: AML_NAME_KIND.Primary },
        ...multi(get(row, 'aliases')).map((value) => ({ value, kind: AML_NAME_KIND.Alias })),
      ],
      birthDates: multi(get(row, 'birth_date')).flatMap((d) => parsePartialDates(d)),
      countries: multi(get(row, 'countries')).map(toAlpha2).filter((c): c is string => c !== null),
      identifiers: multi(get(row, 'identifiers')).map((value) => ({ type: 'id', value })),
      programs: multi(get(row, 'program_ids')),
    });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  const published = newest.length >= 10 ? newest.slice(0, 10) : null;
  return { entities, publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Records, skipped };
}
