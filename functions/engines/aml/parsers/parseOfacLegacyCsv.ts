/**
 * OFAC's legacy CSV trio (sdn.csv, add.csv, alt.csv; the same layout serves the consolidated non-SDN
 * cons_prim.csv/cons_add.csv/cons_alt.csv). No header, `-0-` nulls, a trailing Ctrl-Z. Individuals become
 * persons and entities (SDN_Type `-0-`) companies; vessels and aircraft are skipped (counted in `skipped`):
 * the service screens people and their companies, and a vessel name hit on a person is noise.
 * The CSV carries no publication date; the ingest command supplies one (HTTP Last-Modified or `--published`).
 * @see https://ofac.treasury.gov/specially-designated-nationals-list-data-formats-data-schemas
 */
import { AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlNameKind } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import type { AmlEntity, ParsedSource } from '../types.ts';
import { buildEntity } from './buildEntity.ts';
import { decodeText } from './decodeText.ts';
import { parseOfacRemarks } from './parseOfacRemarks.ts';
import { readCsvRows } from './readCsvRows.ts';

/** The files of one legacy CSV publication; `add` and `alt` are optional. */
export interface OfacLegacyCsvFiles {
  sdn: Uint8Array;
  add?: Uint8Array | undefined;
  alt?: Uint8Array | undefined;
}

/** `-0-` (with or without trailing space) and empty cells are null. */
function cell(row: readonly string[], index: number): string | null {
  const v = (row[index] ?? '').trim();
  return v.length === 0 || v === '-0-' ? null : v;
}

const ALT_KIND: Readonly<Record<string, AmlNameKind>> = { aka: AML_NAME_KIND.Alias, fka: AML_NAME_KIND.Former, nka: AML_NAME_KIND.Now };

/**
 * Entities of one legacy CSV publication.
 *
 * @param sourceId - Id to prefix entity ids with (e.g. `us_ofac_sdn`).
 * @throws AmlSourceParseError when sdn.csv has no row of the expected 12 columns.
 */
export function parseOfacLegacyCsv(files: OfacLegacyCsvFiles, sourceId: string, location = 'sdn.csv'): ParsedSource {
  const rows = readCsvRows(decodeText(files.sdn), location);
  if (rows.length > 0 && !rows.some((r) => r.length >= 12 && /^\d+$/.test((r[0] ?? '').trim()))) {
    throw new AmlSourceParseError(location, 'expected OFAC sdn.csv rows of 12 columns starting with ent_num');
  }
  const alts = new Map<string, Array<{ value: string; kind: AmlNameKind }>>();
  if (files.alt) {
    for (const r of readCsvRows(decodeText(files.alt), 'alt.csv')) {
      const ent = cell(r, 0);
      const name = cell(r, 3);
      if (ent === null || name === null) continue;
      const kind = ALT_KIND[(cell(r, 2) ?? 'aka').toLowerCase()] ?? AML_NAME_KIND.Alias;
      const list = alts.get(ent) ?? [];
      list.push({ value: name, kind });
      alts.set(ent, list);
    }
  }
  const addressCountries = new Map<string, string[]>();
  if (files.add) {
    for (const r of readCsvRows(decodeText(files.add), 'add.csv')) {
      const ent = cell(r, 0);
      const code = toAlpha2(cell(r, 4));
      if (ent === null || code === null) continue;
      const list = addressCountries.get(ent) ?? [];
      list.push(code);
      addressCountries.set(ent, list);
    }
  }
  const entities: AmlEntity[] = [];
  let skipped = 0;
  for (const r of rows) {
    const ent = cell(r, 0);
    const type = (cell(r, 2) ?? '').toLowerCase();
    if (ent === null || !/^\d+$/.test(ent)) continue;
    if (type === 'vessel' || type === 'aircraft') {
      skipped++;
      continue;
    }
    const remarks = parseOfacRemarks(cell(r, 11));
    const entity = buildEntity({
      sourceId,
      nativeId: ent,
      entityType: type === 'individual' ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
      types: [AML_LIST_TYPE.Sanction],
      names: [
        { value: cell(r, 1), kind: AML_NAME_KIND.Primary },
        ...(alts.get(ent) ?? []),
        ...remarks.akas.map((value) => ({ value, kind: AML_NAME_KIND.Alias })),
      ],
      birthDates: remarks.birthDates,
      nationalities: remarks.nationalities,
      countries: [...remarks.birthCountries, ...(addressCountries.get(ent) ?? [])],
      gender: remarks.gender,
      identifiers: remarks.identifiers,
      programs: (cell(r, 3) ?? '').split(/\]\s*\[|;/).map((p) => p.replace(/[[\]]/g, '').trim()),
    });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  return { entities, publishedAt: null, publishedAtBasis: null, skipped };
}
