/**
 * EU Financial Sanctions Files, XML 1.1 (`xmlFullSanctionsList_1_1`): `export@generationDate` >
 * `sanctionEntity@logicalId@euReferenceNumber` with `subjectType@code` (person/enterprise), `nameAlias`
 * (`wholeName`, `firstName`/`middleName`/`lastName`, `gender`, `strong`), `birthdate` (`birthdate`, `year`,
 * `monthOfYear`, `dayOfMonth`, `circa`), `citizenship@countryIso2Code`, `identification@number` and
 * `address@countryIso2Code`, all as attributes.
 *
 * Written from the published schema and sample records; **not tested on a full EU file** (none was available
 * offline; see docs/aml-screening.md).
 * @see https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content
 */
import { AML_DATE_BASIS, AML_ENTITY_TYPE, AML_LIST_TYPE, AML_NAME_KIND } from '../constants.ts';
import { AmlSourceParseError } from '../errors.ts';
import { toAlpha2 } from '../reference/countryCodes.ts';
import { partialDate, parsePartialDates } from '../reference/partialDate.ts';
import type { AmlEntity, ParsedSource } from '../types.ts';
import { buildEntity, parseGender } from './buildEntity.ts';
import { attr, child, children, parseXml, type XmlNode } from './xmlTree.ts';

const ARRAY_TAGS = ['sanctionEntity', 'nameAlias', 'birthdate', 'citizenship', 'identification', 'address', 'regulation', 'remark'];

/** Alpha-2 from `countryIso2Code`, ignoring the EU's `00` (unknown). */
function euCountry(node: XmlNode): string | null {
  const code = attr(node, 'countryIso2Code');
  if (code.length === 2 && code !== '00') return toAlpha2(code === 'CS' ? 'RS' : code);
  return toAlpha2(attr(node, 'countryDescription'));
}

/**
 * Entities of one EU FSF XML file.
 *
 * @throws AmlSourceParseError when the root is not `export`.
 */
export function parseEuFsfXml(xml: string, sourceId: string, location = 'eu_fsf.xml'): ParsedSource {
  const doc = parseXml(xml, ARRAY_TAGS, location);
  const root = child(doc, 'export');
  if (root === undefined) throw new AmlSourceParseError(location, 'root element export not found');
  const entities: AmlEntity[] = [];
  let skipped = 0;
  for (const e of children(root, 'sanctionEntity')) {
    const code = attr(child(e, 'subjectType'), 'code').toLowerCase();
    const classification = attr(child(e, 'subjectType'), 'classificationCode').toUpperCase();
    const isPerson = code === 'person' || classification === 'P';
    const isCompany = code === 'enterprise' || classification === 'E';
    if (!isPerson && !isCompany) {
      skipped++;
      continue;
    }
    const aliases = children(e, 'nameAlias');
    const names = aliases.map((a, i) => {
      const whole = attr(a, 'wholeName') || [attr(a, 'firstName'), attr(a, 'middleName'), attr(a, 'lastName')].filter((s) => s.length > 0).join(' ');
      const strong = attr(a, 'strong').toLowerCase() !== 'false';
      return { value: whole, kind: i === 0 ? AML_NAME_KIND.Primary : strong ? AML_NAME_KIND.Alias : AML_NAME_KIND.Weak };
    });
    const birthDates = children(e, 'birthdate').flatMap((b) => {
      const full = attr(b, 'birthdate');
      if (full.length > 0) return parsePartialDates(full);
      const year = Number(attr(b, 'year'));
      const d = partialDate(year, Number(attr(b, 'monthOfYear')) || null, Number(attr(b, 'dayOfMonth')) || null);
      return d === null ? [] : [d];
    });
    const gender = aliases.map((a) => parseGender(attr(a, 'gender'))).find((g) => g !== undefined);
    const entity = buildEntity({
      sourceId,
      nativeId: attr(e, 'euReferenceNumber') || attr(e, 'logicalId'),
      entityType: isPerson ? AML_ENTITY_TYPE.Person : AML_ENTITY_TYPE.Company,
      types: [AML_LIST_TYPE.Sanction],
      names,
      birthDates,
      nationalities: children(e, 'citizenship').map(euCountry).filter((c): c is string => c !== null),
      countries: [...children(e, 'address'), ...children(e, 'birthdate')].map(euCountry).filter((c): c is string => c !== null),
      gender,
      identifiers: children(e, 'identification').map((i) => {
        const country = euCountry(i);
        return {
          type: (attr(i, 'identificationTypeCode') || 'id').toLowerCase(),
          value: attr(i, 'number') || attr(i, 'latinNumber'),
          ...(country === null ? {} : { country }),
        };
      }),
      programs: children(e, 'regulation').map((r) => attr(r, 'programme')),
    });
    if (entity === null) skipped++;
    else entities.push(entity);
  }
  const generated = attr(root, 'generationDate');
  const published = generated.length >= 10 ? generated.slice(0, 10) : null;
  return { entities, publishedAt: published, publishedAtBasis: published === null ? null : AML_DATE_BASIS.Document, skipped };
}
