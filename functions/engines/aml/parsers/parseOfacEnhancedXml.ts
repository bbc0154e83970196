/**
 * OFAC ENHANCED_XML (SDN_ENHANCED.XML and CONS_ENHANCED.XML share the schema): `sanctionsData` >
 * `publicationInfo/dataAsOf`, `entities/entity` with `generalInfo/entityType`, `names/name/translations/
 * translation/formattedFullName` (+ script), `features/feature` (Birthdate, Nationality Country, Citizenship
 * Country, Gender, Place of Birth), `addresses/address/country` and `identityDocuments/identityDocument`.
 * Vessels and aircraft are skipped.
 * @see https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ENHANCED_XML.xsd
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND, type AmlNameKind } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, AmlIdentifier, ParsedSource } from '../types.ts';
import { buildEntity, parseGender } from './buildEntity.ts';
import { attr, child, children, parseXml, text } from './xmlTree.ts';

const ARRAY_TAGS = [
  'entity', 'name', 'translation', 'namePart', 'feature', 'address', 'identityDocument', 'sanctionsList',
  'sanctionsProgram', 'referenceValue', 'sanctionsType', 'legalAuthority', 'relationship', 'addressPart',
];

const ALIAS_KIND: Readonly<Record<string, AmlNameKind>> = {
  'A.K.A.': AML_NAME_KIND.Alias,
  'F.K.A.': AML_NAME_KIND.Former,
  'N.K.A.': AML_NAME_KIND.Now,
};

/**
 * Entities of one ENHANCED_XML file.
 *
 * @throws AmlSourceParseError when the root is not `sanctionsData`.
 */
export function parseOfacEnhancedXml(xml: string, sourceId: string, location = 'ENHANCED.XML'): ParsedSource {
  const doc = parseXml(xml, ARRAY_TAGS, location);
  const root = child(doc, 'sanctionsData');
  if (root === undefined) throw new AmlSourceParseError(location, 'root element sanctionsData not found');
  const dataAsOf = text(child(root, 'publicationInfo'), 'dataAsOf');
  const entities: AmlEntity[] = [];
  let skipped = 0;
  for (const e of children(child(root, 'entities'), 'entity')) {
    const kind = text(child(e, 'generalInfo'), 'entityType').toLowerCase();
    if (kind !== 'individual' && kind !== 'entity') {
      skipped++;
      continue;
    }
    const names: Array<{ value: string; kind: AmlNameKind }> = [];
    for (const n of children(child(e, 'names'), 'name')) {
      const primary = text(n, 'isPrimary') === 'true';
      const weak = text(n, 'isLowQuality') === 'true';
      const nameKind = primary ? AML_NAME_KIND.Primary : weak ? AML_NAME_KIND.Weak : ALIAS_KIND[text(n, 'aliasType')] ?? AML_NAME_KIND.Alias;
      for (const t of children(child(n, 'translations'), 'translation')) {
        const full = text(t, 'formattedFullName');
        names.push({ value: full, kind: primary && text(t, 'isPrimary') !== 'true' ? AML_NAME_KIND.Alias : nameKind });
      }
    }
    const birthDates: string[] = [];
    const nationalities: string[] = [];
    const countries: string[] = [];
    let gender: ReturnType<typeof parseGender>;
    for (const f of children(child(e, 'features'), 'feature')) {
      const type = text(f, 'type');
      const value = text(f, 'value');
      if (type === 'Birthdate') {
        birthDates.push(...parsePartialDates(value));
      } else if (type === 'Nationality Country' || type === 'Citizenship Country') {
        const code = toAlpha2(value);
        if (code !== null) nationalities.push(code);
      } else if (type === 'Place of Birth' || type === 'Nationality of Registration') {
        const parts = value.split(',');
        const code = toAlpha2((parts[parts.length - 1] ?? '').trim());
        if (code !== null) countries.push(code);
      } else if (type === 'Gender') {
        gender = parseGender(value);
      }
    }
    for (const a of children(child(e, 'addresses'), 'address')) {
      const code = toAlpha2(text(a, 'country'));
      if (code !== null) countries.push(code);
    }
    const identifiers: AmlIdentifier[] = [];
    for (const d of children(child(e, 'identityDocuments'), 'identityDocument')) {
      const country = toAlpha2(text(d, 'issuingCountry'));
      identifiers.push({ type: text(d, 'type').toLowerCase(), value: text(d, 'documentNumber'), ...(country === null ? {} : { country }) });
    }
    const entity = buildEntity({
      sourceId,
      nativeId: attr(e, 'id'),
      entityType: kind === 'individual' ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
      types: [AML_LIST_TYPE.Sanction],
      names,
      birthDates,
      nationalities,
      countries,
      gender,
      identifiers,
      programs: children(child(e, 'sanctionsPrograms'), 'sanctionsProgram').map((p) => text(p)),
    });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  const published = dataAsOf.length > 0 ? dataAsOf.slice(0, 10) : null;
  return { entities, publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Document, skipped };
}
