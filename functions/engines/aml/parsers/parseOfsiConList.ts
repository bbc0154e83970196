/**
 * UK HM Treasury / OFSI Consolidated List (ConList), in its .xlsx or .csv form: a `Last Updated` row, a header
 * row of 36 columns, then one row per name variant; rows sharing a `Group ID` are one designated person or
 * entity. `Name 6` is the surname, `Name 1`..`Name 5` the other parts. DOBs are `dd/mm/yyyy` with `00` for
 * unknown parts. Ships are skipped.
 * @see https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlNameKind } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { countriesInText } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, AmlIdentifier, ParsedSource } from '../types.ts';
import { buildEntity, cleanText, parseGender, type EntityDraft } from './buildEntity.ts';

const ALIAS_KIND: Readonly<Record<string, AmlNameKind>> = {
  'primary name': AML_NAME_KIND.Primary,
  'primary name variation': AML_NAME_KIND.Alias,
  aka: AML_NAME_KIND.Alias,
  fka: AML_NAME_KIND.Former,
};

/** Splits OFSI's numbered multi-value cells: "(1) 123 (2) 456" -> ["123", "456"]. */
function numbered(value: string): string[] {
  return value.split(/\(\d+\)/).map((s) => cleanText(s).replace(/[.,;]$/, '')).filter((s) => s.length > 0);
}

/**
 * Entities of a ConList sheet given as rows of cell texts (see readXlsxRows.ts / readCsvRows.ts).
 *
 * @throws AmlSourceParseError when no header row with `Group ID` and `Name 6` is found.
 */
export function parseOfsiConList(rows: readonly string[][], sourceId: string, location = 'ConList'): ParsedSource {
  const headerIndex = rows.findIndex((r) => r.includes('Group ID') && r.includes('Name 6'));
  if (headerIndex < 0) throw new AmlSourceParseError(location, 'header row with "Group ID" and "Name 6" not found');
  const header = rows[headerIndex] as string[];
  const col = (name: string): number => header.indexOf(name);
  const get = (row: readonly string[], name: string): string => cleanText(row[col(name)]);
  let lastUpdated: string | null = null;
  for (const r of rows.slice(0, headerIndex)) {
    if (cleanText(r[0]).toLowerCase() === 'last updated') lastUpdated = parsePartialDates(cleanText(r[1]))[0] ?? null;
  }
  const groups = new Map<string, { type: string; draft: EntityDraft }>();
  for (const row of rows.slice(headerIndex + 1)) {
    const groupId = get(row, 'Group ID');
    if (groupId.length === 0) continue;
    const groupType = get(row, 'Group Type').toLowerCase();
    let group = groups.get(groupId);
    if (group === undefined) {
      group = {
        type: groupType,
        draft: {
          sourceId,
          nativeId: groupId,
          entityType: groupType === 'individual' ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
          types: [AML_LIST_TYPE.Sanction],
          names: [],
          birthDates: [],
          nationalities: [],
          countries: [],
          identifiers: [],
          programs: [],
        },
      };
      groups.set(groupId, group);
    }
    const d = group.draft;
    const parts = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'].map((n) => get(row, n)).filter((s) => s.length > 0);
    const aliasType = get(row, 'Alias Type').toLowerCase();
    const weak = get(row, 'Alias Quality').toLowerCase() === 'low';
    const kind = weak && aliasType !== 'primary name' ? AML_NAME_KIND.Weak : ALIAS_KIND[aliasType] ?? AML_NAME_KIND.Alias;
    d.names.push({ value: parts.join(' '), kind });
    d.names.push({ value: get(row, 'Name Non-Latin Script'), kind: AML_NAME_KIND.Alias });
    d.birthDates?.push(...parsePartialDates(get(row, 'DOB')));
    d.nationalities?.push(...countriesInText(get(row, 'Nationality')));
    d.countries?.push(...countriesInText(get(row, 'Country')), ...countriesInText(get(row, 'Country of Birth')));
    const ids: AmlIdentifier[] = [
      ...numbered(get(row, 'Passport Number')).map((value) => ({ type: 'passport', value })),
      ...numbered(get(row, 'National Identification Number')).map((value) => ({ type: 'national id', value })),
    ];
    d.identifiers?.push(...ids.filter((i) => /\d/.test(i.value)));
    d.programs?.push(get(row, 'Regime'));
    const gender = /\(Gender\):\s*(\w+)/.exec(get(row, 'Other Information'));
    if (gender) d.gender = parseGender(gender[1]);
  }
  const entities: AmlEntity[] = [];
  let skipped = 0;
  for (const { type, draft } of groups.values()) {
    if (type !== 'individual' && type !== 'entity') {
      skipped++;
      continue;
    }
    const primaryFirst = [...draft.names].sort((a, b) => (a.kind === 'primary' ? 0 : 1) - (b.kind === 'primary' ? 0 : 1));
    const entity = buildEntity({ ...draft, names: primaryFirst });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  return {
    entities,
    publishedAt: lastUpdated,
    publishedAtBasis: lastUpdated === null ? null : AML_DATE_BASIS.Document,
    skipped,
  };
}

