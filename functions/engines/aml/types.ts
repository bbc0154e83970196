/**
 * The one entity model every parser produces and the index stores (docs/aml-screening.md, "Entity model").
 * Plain JSON-serialisable data: the index file is an array of these.
 */
import type { AmlEntityType, AmlGender, AmlListType, AmlNameKind, AmlScript, AmlDateBasis, AmlSourceFormat } from './constants.ts';

/** One listed name of an entity. */
export interface AmlName {
  /** The name as published (e.g. `AL ZAWAHIRI, Dr. Ayman`, `Мария Александровна Осетрова`). */
  readonly value: string;
  /** Primary name, alias, former/now-known-as, or a publisher-marked weak alias. */
  readonly kind: AmlNameKind;
  /** Writing system detected from the characters (ISO 15924). */
  readonly script: AmlScript;
}

/** An identifier of an entity (passport, national ID, tax or registration number). */
export interface AmlIdentifier {
  /** Type as published, lower-case and trimmed (e.g. `passport`, `national id no.`, `tax id no.`). */
  readonly type: string;
  /** The number as published. Matching compares it upper-cased with everything but A-Z and 0-9 removed. */
  readonly value: string;
  /** Issuing country, ISO 3166-1 alpha-2, when known. */
  readonly country?: string;
}

/**
 * A listed person or company.
 *
 * @example
 * {"id":"us_ofac_sdn:2677","sourceId":"us_ofac_sdn","nativeId":"2677","entityType":"person","types":["sanction"],
 *  "names":[{"value":"AL-ZOMOR, Abboud Abdul Latif Hassan","kind":"primary","script":"Latn"}],
 *  "birthDates":["1947-04-19"],"nationalities":["EG"],"countries":["EG"],"gender":"male","identifiers":[],
 *  "programs":["SDGT"]}
 */
export interface AmlEntity {
  /** Unique in an index: `<sourceId>:<nativeId>`. This is the `id` of a match (SPEC.md 2.7). */
  readonly id: string;
  /** The source list's id (e.g. `us_ofac_sdn`, `un_sc`, `gb_ofsi`); the `sources` of a match. */
  readonly sourceId: string;
  /** The publisher's own id (OFAC ent_num, UN reference number, OFSI group id, ...). */
  readonly nativeId: string;
  /** Person or company (organisations, legal entities and groups are `company`). */
  readonly entityType: AmlEntityType;
  /** Sanction, PEP and/or warning, never empty. */
  readonly types: readonly AmlListType[];
  /** All names; the first `primary` one is the display name. Never empty. */
  readonly names: readonly AmlName[];
  /** Dates of birth (persons) or incorporation: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as precise as published. */
  readonly birthDates: readonly string[];
  /** Nationalities and citizenships, ISO 3166-1 alpha-2. */
  readonly nationalities: readonly string[];
  /** Every country linked to the entity (nationality, citizenship, address, birth place), ISO alpha-2. */
  readonly countries: readonly string[];
  /** Gender when published. */
  readonly gender?: AmlGender;
  /** Identity documents and registration numbers. */
  readonly identifiers: readonly AmlIdentifier[];
  /** Sanctions programmes or regimes (OFAC program, UN list, OFSI regime), as published. */
  readonly programs: readonly string[];
}

/** A file (or download) an index source was built from. */
export interface AmlSourceFile {
  /** File name or URL it was read from. */
  readonly location: string;
  /** SHA-256 of the bytes, lower-case hex. */
  readonly sha256: string;
  /** Size in bytes. */
  readonly bytes: number;
}

/** Provenance of one source list inside an index. */
export interface AmlSourceInfo {
  /** Short id used in entity ids and in `sources` (e.g. `us_ofac_sdn`). */
  readonly id: string;
  /** Human title (e.g. `OFAC Specially Designated Nationals (SDN) List`). */
  readonly title: string;
  /** Publisher (e.g. `US Treasury, OFAC`). */
  readonly publisher: string;
  /** Format the files were parsed as. */
  readonly format: AmlSourceFormat;
  /** Licence or terms of the data (e.g. `Public domain (17 U.S.C. 105)`, `Open Government Licence v3.0`). */
  readonly licence: string;
  /** Official download address. */
  readonly url: string;
  /** Publication date of the list, `YYYY-MM-DD` (or a full ISO timestamp), or null when unknown. */
  readonly publishedAt: string | null;
  /** Where {@link publishedAt} came from. */
  readonly publishedAtBasis: AmlDateBasis | null;
  /** When this source was read, ISO timestamp. */
  readonly retrievedAt: string;
  /** The files read, each with its checksum. */
  readonly files: readonly AmlSourceFile[];
  /** Entities this source contributed to the index. */
  readonly entityCount: number;
  /** Records skipped on purpose (vessels, aircraft, deleted deltas), for the record. */
  readonly skipped: number;
}

/** What a parser returns for one source. */
export interface ParsedSource {
  /** Entities in the entity model; ids already prefixed with the source id. */
  readonly entities: AmlEntity[];
  /** Publication date read from the document, if it carries one. */
  readonly publishedAt: string | null;
  /** How {@link publishedAt} was obtained (null when it is null). */
  readonly publishedAtBasis: AmlDateBasis | null;
  /** Records skipped on purpose (vessels, aircraft, deleted entities, records without a usable name). */
  readonly skipped: number;
}
