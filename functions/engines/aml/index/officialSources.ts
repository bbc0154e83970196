/**
 * The lists the shipped index is built from, with their official download addresses and licences. Only
 * public-domain or openly licensed lists are here: the project ships an index built from them, so each must
 * allow commercial redistribution. OpenSanctions data (CC BY-NC 4.0) is deliberately absent; operators with an
 * OpenSanctions licence add it with `aml:ingest --add` (docs/aml-screening.md).
 */
import { AML_SOURCE_FORMAT, type AmlListType, type AmlSourceFormat } from '../constants.ts';

/** How to obtain and describe one source. */
export interface SourceSpec {
  /** Id used in entity ids and `sources` (lower-case, `_`). */
  readonly id: string;
  readonly title: string;
  readonly publisher: string;
  readonly format: AmlSourceFormat;
  readonly licence: string;
  /** Page that documents the list. */
  readonly url: string;
  /** Download addresses (URLs or file paths), in the order the format expects. */
  readonly files: readonly string[];
  /** List type for formats that carry none. */
  readonly listType?: AmlListType | undefined;
  /** False for data whose licence forbids commercial use (OpenSanctions): never shipped. */
  readonly commercialUse: boolean;
}

/** The default sources of `npm run aml:ingest`. */
export const OFFICIAL_SOURCES: readonly SourceSpec[] = [
  {
    id: 'us_ofac_sdn',
    title: 'OFAC Specially Designated Nationals and Blocked Persons List (SDN)',
    publisher: 'US Department of the Treasury, Office of Foreign Assets Control',
    format: AML_SOURCE_FORMAT.OfacLegacyCsv,
    licence: 'Public domain (US federal government work, 17 U.S.C. 105)',
    url: 'https://ofac.treasury.gov/specially-designated-nationals-list-data-formats-data-schemas',
    files: [
      'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
      'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADD.CSV',
      'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ALT.CSV',
    ],
    commercialUse: true,
  },
  {
    id: 'us_ofac_cons',
    title: 'OFAC Consolidated Sanctions List (non-SDN lists)',
    publisher: 'US Department of the Treasury, Office of Foreign Assets Control',
    format: AML_SOURCE_FORMAT.OfacEnhancedXml,
    licence: 'Public domain (US federal government work, 17 U.S.C. 105)',
    url: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
    files: ['https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_ENHANCED.ZIP'],
    commercialUse: true,
  },
  {
    id: 'un_sc',
    title: 'United Nations Security Council Consolidated List',
    publisher: 'United Nations Security Council',
    format: AML_SOURCE_FORMAT.UnConsolidatedXml,
    licence: 'Published by the UN Security Council for public use; UN website terms of use apply',
    url: 'https://www.un.org/securitycouncil/content/un-sc-consolidated-list',
    files: ['https://scsanctions.un.org/resources/xml/en/consolidated.xml'],
    commercialUse: true,
  },
  {
    id: 'gb_ofsi',
    title: 'UK Consolidated List of Financial Sanctions Targets (OFSI ConList)',
    publisher: 'HM Treasury, Office of Financial Sanctions Implementation',
    format: AML_SOURCE_FORMAT.OfsiConList,
    licence: 'Open Government Licence v3.0',
    url: 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets',
    files: ['https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv'],
    commercialUse: true,
  },
  {
    id: 'eu_fsf',
    title: 'EU Consolidated Financial Sanctions List (FSF)',
    publisher: 'European Commission, DG FISMA',
    format: AML_SOURCE_FORMAT.EuFsfXml,
    licence: 'European Commission reuse policy (Decision 2011/833/EU): reuse allowed with acknowledgement',
    url: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
    files: ['https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw'],
    commercialUse: true,
  },
];
