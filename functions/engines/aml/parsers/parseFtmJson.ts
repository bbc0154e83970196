/**
 * OpenSanctions FollowTheMoney exports: `entities.ftm.json` (one entity object per line) and delta files
 * (`{"op": "ADD"|"MOD"|"DEL", "entity": {...}}` per line), applied in order onto an optional base.
 * Person -> person; Organization, Company, LegalEntity, PublicBody -> company; other schemata (Sanction,
 * Address, Ownership, Vessel, ...) are skipped. List types come from `topics`; an entity with no mapped topic
 * gets `defaultType`. OpenSanctions data is CC BY-NC 4.0: the project uses it for tests only.
 * @see https://www.opensanctions.org/docs/bulk/json/
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlEntityType, type AmlListType } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, AmlIdentifier, ParsedSource } from '../types.ts';
import { buildEntity, parseGender } from './buildEntity.ts';
import { listTypesOfTopics } from './openSanctionsTopics.ts';

/** FtM schemata indexed, and their entity type. */
const SCHEMA_TYPES: Readonly<Record<string, AmlEntityType>> = {
  Person: AML_ENTITY_TYPE.Person,
  Organization: AML_ENTITY_TYPE.Company,
  Company: AML_ENTITY_TYPE.Company,
  LegalEntity: AML_ENTITY_TYPE.Company,
  PublicBody: AML_ENTITY_TYPE.Company,
};

/** FtM identifier properties kept as identifiers. */
const ID_PROPS = ['idNumber', 'passportNumber', 'innCode', 'taxNumber', 'registrationNumber', 'ogrnCode', 'vatCode', 'leiCode', 'swiftBic'];

interface FtmEntity {
  id?: unknown;
  schema?: unknown;
  properties?: Record<string, unknown>;
  last_change?: unknown;
}

/** String values of property `name` (FtM values are always lists of strings). */
function values(props: Record<string, unknown>, name: string): string[] {
  const v = props[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** One FtM entity object to an entity, or null when its schema is not indexed. */
export function ftmToEntity(raw: FtmEntity, sourceId: string, defaultType: AmlListType): AmlEntity | null {
  const entityType = typeof raw.schema === 'string' ? SCHEMA_TYPES[raw.schema] : undefined;
  if (entityType === undefined || typeof raw.id !== 'string') return null;
  const p = raw.properties ?? {};
  const types = listTypesOfTopics(values(p, 'topics'));
  const identifiers: AmlIdentifier[] = ID_PROPS.flatMap((prop) => values(p, prop).map((value) => ({ type: prop, value })));
  return buildEntity({
    sourceId,
    nativeId: raw.id,
    entityType,
    types: types.length > 0 ? types : [defaultType],
    names: [
      ...values(p, 'name').map((value, i) => ({ value, kind: i === 0 ? AML_NAME_KIND.Primary : AML_NAME_KIND.Alias })),
      ...values(p, 'alias').map((value) => ({ value, kind: AML_NAME_KIND.Alias })),
      ...values(p, 'previousName').map((value) => ({ value, kind: AML_NAME_KIND.Former })),
      ...values(p, 'weakAlias').map((value) => ({ value, kind: AML_NAME_KIND.Weak })),
    ],
    birthDates: [...values(p, 'birthDate'), ...values(p, 'incorporationDate')].flatMap((d) => parsePartialDates(d)),
    nationalities: [...values(p, 'nationality'), ...values(p, 'citizenship')].map(toAlpha2).filter((c): c is string => c !== null),
    countries: [...values(p, 'country'), ...values(p, 'jurisdiction')].map(toAlpha2).filter((c): c is string => c !== null),
    gender: values(p, 'gender').map(parseGender).find((g) => g !== undefined),
    identifiers,
    programs: values(p, 'programId'),
  });
}

/**
 * Entities of an FtM entity file or delta file, applied onto `base` (entities of the same source from a previous
 * index; delta ops replace or delete them by native id).
 *
 * @throws AmlSourceParseError when a line is not JSON.
 */
export function parseFtmJson(
  text: string,
  sourceId: string,
  location = 'entities.ftm.json',
  defaultType: AmlListType = AML_LIST_TYPE.Warning,
  base: readonly AmlEntity[] = [],
): ParsedSource {
  const byId = new Map<string, AmlEntity>(base.map((e) => [e.nativeId, e]));
  let skipped = 0;
  let newest = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line.length === 0) continue;
    let record: { op?: unknown; entity?: FtmEntity } & FtmEntity;
    try {
      record = JSON.parse(line) as typeof record;
    } catch (error) {
      throw new AmlSourceParseError(location, `line ${i + 1} is not JSON`, { cause: error });
    }
    const op = typeof record.op === 'string' ? record.op.toUpperCase() : null;
    const raw: FtmEntity = op === null ? record : record.entity ?? {};
    if (typeof raw.last_change === 'string' && raw.last_change > newest) newest = raw.last_change;
    if (op === 'DEL') {
      if (typeof raw.id === 'string') byId.delete(raw.id);
      skipped++;
      continue;
    }
    const entity = ftmToEntity(raw, sourceId, defaultType);
    if (entity === null) {
      skipped++;
      continue;
    }
    byId.set(entity.nativeId, entity);
  }
  const published = newest.length >= 10 ? newest.slice(0, 10) : null;
  return { entities: [...byId.values()], publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Records, skipped };
}
