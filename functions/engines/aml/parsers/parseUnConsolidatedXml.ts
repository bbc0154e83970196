/**
 * UN Security Council Consolidated List XML: `CONSOLIDATED_LIST@dateGenerated` > `INDIVIDUALS/INDIVIDUAL`
 * and `ENTITIES/ENTITY`. Names are `FIRST_NAME`..`FOURTH_NAME` (in that order) plus `NAME_ORIGINAL_SCRIPT`,
 * aliases are `*_ALIAS/ALIAS_NAME` with `QUALITY` Good/Low (Low -> weak) or a.k.a./f.k.a. for entities.
 * The native id is the `REFERENCE_NUMBER` (e.g. `QDi.001`), which is stable across publications.
 * @see https://www.un.org/sc/resources/sc-sanctions.xsd
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlNameKind } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { partialDate, parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, AmlIdentifier, ParsedSource } from '../types.ts';
import { buildEntity, parseGender } from './buildEntity.ts';
import { attr, child, children, parseXml, text, texts, type XmlNode } from './xmlTree.ts';

const ARRAY_TAGS = [
  'INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_PLACE_OF_BIRTH', 'INDIVIDUAL_DOCUMENT', 'VALUE', 'NATIONALITY',
];

/** Alias kind from `QUALITY`: individuals use Good/Low, entities a.k.a./f.k.a. */
function aliasKind(quality: string): AmlNameKind {
  const q = quality.toLowerCase();
  if (q === 'low') return AML_NAME_KIND.Weak;
  if (q.startsWith('f.k.a')) return AML_NAME_KIND.Former;
  return AML_NAME_KIND.Alias;
}

/** Dates of one `INDIVIDUAL_DATE_OF_BIRTH`: `DATE`, `YEAR`, or `FROM_YEAR`..`TO_YEAR`. */
function birthDatesOf(dob: XmlNode): string[] {
  const date = text(dob, 'DATE');
  if (date.length > 0) return parsePartialDates(date);
  const year = text(dob, 'YEAR');
  if (year.length > 0) {
    const y = partialDate(Number(year));
    return y === null ? [] : [y];
  }
  const from = text(dob, 'FROM_YEAR');
  const to = text(dob, 'TO_YEAR');
  if (from.length > 0 && to.length > 0) return parsePartialDates(`${from} to ${to}`);
  return [];
}

/** One INDIVIDUAL or ENTITY element to an entity. */
function toEntity(node: XmlNode, isPerson: boolean, sourceId: string): AmlEntity | null {
  const prefix = isPerson ? 'INDIVIDUAL' : 'ENTITY';
  const fullName = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((k) => text(node, k)).filter((s) => s.length > 0).join(' ');
  const names: Array<{ value: string; kind: AmlNameKind }> = [{ value: fullName, kind: AML_NAME_KIND.Primary }];
  const original = text(node, 'NAME_ORIGINAL_SCRIPT');
  if (original.length > 0) names.push({ value: original, kind: AML_NAME_KIND.Alias });
  for (const a of children(node, `${prefix}_ALIAS`)) {
    names.push({ value: text(a, 'ALIAS_NAME'), kind: aliasKind(text(a, 'QUALITY')) });
  }
  const nationalities = children(node, 'NATIONALITY').flatMap((n) => texts(n, 'VALUE')).map(toAlpha2).filter((c): c is string => c !== null);
  const countries: string[] = [];
  for (const a of children(node, `${prefix}_ADDRESS`)) {
    const code = toAlpha2(text(a, 'COUNTRY'));
    if (code !== null) countries.push(code);
  }
  for (const p of children(node, 'INDIVIDUAL_PLACE_OF_BIRTH')) {
    const code = toAlpha2(text(p, 'COUNTRY'));
    if (code !== null) countries.push(code);
  }
  const identifiers: AmlIdentifier[] = [];
  for (const d of children(node, 'INDIVIDUAL_DOCUMENT')) {
    const value = text(d, 'NUMBER');
    if (value.length === 0) continue;
    const country = toAlpha2(text(d, 'ISSUING_COUNTRY') || text(d, 'COUNTRY_OF_ISSUE'));
    identifiers.push({ type: text(d, 'TYPE_OF_DOCUMENT').toLowerCase(), value, ...(country === null ? {} : { country }) });
  }
  const reference = text(node, 'REFERENCE_NUMBER');
  return buildEntity({
    sourceId,
    nativeId: reference.length > 0 ? reference : text(node, 'DATAID'),
    entityType: isPerson ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
    types: [AML_LIST_TYPE.Sanction],
    names,
    birthDates: children(node, 'INDIVIDUAL_DATE_OF_BIRTH').flatMap(birthDatesOf),
    nationalities,
    countries,
    gender: parseGender(text(node, 'GENDER')),
    identifiers,
    programs: [text(node, 'UN_LIST_TYPE')],
  });
}

/**
 * Entities of the UN consolidated list.
 *
 * @throws AmlSourceParseError when the root is not `CONSOLIDATED_LIST`.
 */
export function parseUnConsolidatedXml(xml: string, sourceId: string, location = 'consolidated.xml'): ParsedSource {
  const doc = parseXml(xml, ARRAY_TAGS, location);
  const root = child(doc, 'CONSOLIDATED_LIST');
  if (root === undefined) throw new AmlSourceParseError(location, 'root element CONSOLIDATED_LIST not found');
  const entities: AmlEntity[] = [];
  let skipped = 0;
  for (const [isPerson, nodes] of [
    [true, children(child(root, 'INDIVIDUALS'), 'INDIVIDUAL')],
    [false, children(child(root, 'ENTITIES'), 'ENTITY')],
  ] as const) {
    for (const node of nodes) {
      const entity = toEntity(node, isPerson, sourceId);
      if (entity === null) skipped++;
      else entities.push(entity);
    }
  }
  const generated = attr(root, 'dateGenerated');
  const published = generated.length >= 10 ? generated.slice(0, 10) : null;
  return { entities, publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Document, skipped };
}
