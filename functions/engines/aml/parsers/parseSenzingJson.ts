/**
 * OpenSanctions' Senzing export (`senzing.json`): one JSON record per line with `RECORD_ID`, `RECORD_TYPE`
 * (PERSON / ORGANIZATION), `NAMES[]` (`NAME_TYPE` PRIMARY/ALIAS, `NAME_FULL` or `NAME_ORG` or
 * `NAME_FIRST`/`NAME_MIDDLE`/`NAME_LAST`), `DATES[].DATE_OF_BIRTH`, `COUNTRIES[]` (`NATIONALITY`,
 * `CITIZENSHIP`, `REGISTRATION_COUNTRY`), `GENDER`, `RISKS[].TOPIC`, `IDENTIFIERS[]`. Records without a
 * RECORD_TYPE (position anchors) are skipped.
 * @see https://www.opensanctions.org/docs/bulk/senzing/
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlListType } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, AmlIdentifier, ParsedSource } from '../types.ts';
import { buildEntity, parseGender } from './buildEntity.ts';
import { listTypesOfTopics } from './openSanctionsTopics.ts';

type SzRecord = Record<string, unknown>;

/** The array `key` of `record` as records. */
function list(record: SzRecord, key: string): SzRecord[] {
  const v = record[key];
  return Array.isArray(v) ? v.filter((x): x is SzRecord => typeof x === 'object' && x !== null) : [];
}

/** String field `key` of `record`, '' otherwise. */
function str(record: SzRecord, key: string): string {
  const v = record[key];
  return typeof v === 'string' ? v : '';
}

/** Identifier fields of Senzing's schema, kept with a lower-case type. */
const ID_FIELDS = ['PASSPORT_NUMBER', 'NATIONAL_ID_NUMBER', 'TAX_ID_NUMBER', 'SSN_NUMBER', 'DRIVERS_LICENSE_NUMBER', 'LEI_NUMBER'];

/**
 * Entities of one Senzing JSON-lines file.
 *
 * @throws AmlSourceParseError when a line is not JSON.
 */
export function parseSenzingJson(
  text: string,
  sourceId: string,
  location = 'senzing.json',
  defaultType: AmlListType = AML_LIST_TYPE.Warning,
): ParsedSource {
  const entities: AmlEntity[] = [];
  let skipped = 0;
  let newest = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line.length === 0) continue;
    let r: SzRecord;
    try {
      r = JSON.parse(line) as SzRecord;
    } catch (error) {
      throw new AmlSourceParseError(location, `line ${i + 1} is not JSON`, { cause: error });
    }
    const changed = str(r, 'LAST_CHANGE');
    if (changed > newest) newest = changed;
    const recordType = str(r, 'RECORD_TYPE').toUpperCase();
    if (recordType !== 'PERSON' && recordType !== 'ORGANIZATION') {
      skipped++;
      continue;
    }
    const types = listTypesOfTopics(list(r, 'RISKS').map((x) => str(x, 'TOPIC')));
    const identifiers: AmlIdentifier[] = [];
    for (const id of list(r, 'IDENTIFIERS')) {
      for (const field of ID_FIELDS) {
        if (str(id, field).length > 0) identifiers.push({ type: field.toLowerCase(), value: str(id, field) });
      }
    }
    const entity = buildEntity({
      sourceId,
      nativeId: str(r, 'RECORD_ID'),
      entityType: recordType === 'PERSON' ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
      types: types.length > 0 ? types : [defaultType],
      names: list(r, 'NAMES').map((n) => ({
        value: str(n, 'NAME_FULL') || str(n, 'NAME_ORG') || [str(n, 'NAME_FIRST'), str(n, 'NAME_MIDDLE'), str(n, 'NAME_LAST')].filter((s) => s.length > 0).join(' '),
        kind: str(n, 'NAME_TYPE').toUpperCase() === 'PRIMARY' ? AML_NAME_KIND.Primary : AML_NAME_KIND.Alias,
      })),
      birthDates: list(r, 'DATES').flatMap((d) => parsePartialDates(str(d, 'DATE_OF_BIRTH'))),
      nationalities: list(r, 'COUNTRIES').flatMap((c) => [str(c, 'NATIONALITY'), str(c, 'CITIZENSHIP')]).map(toAlpha2).filter((c): c is string => c !== null),
      countries: list(r, 'COUNTRIES').map((c) => toAlpha2(str(c, 'REGISTRATION_COUNTRY') || str(c, 'ADDR_COUNTRY'))).filter((c): c is string => c !== null),
      gender: parseGender(str(r, 'GENDER')),
      identifiers,
    });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  const published = newest.length >= 10 ? newest.slice(0, 10) : null;
  return { entities, publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Records, skipped };
}
