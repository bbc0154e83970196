/**
 * Closed sets of the AML engine (STYLE.md 4): documented `as const` objects, never TS enums.
 * The values that reach the API (entity type, list type, match status, risk level) are the literal strings of
 * SPEC.md 2.7.
 */

/** `entityType` of a match (SPEC.md 2.7). Vessels and aircraft are not indexed (see docs/aml-screening.md). */
export const AML_ENTITY_TYPE = {
  Person: 'person',
  Company: 'company',
} as const;
/** One of {@link AML_ENTITY_TYPE}. */
export type AmlEntityType = (typeof AML_ENTITY_TYPE)[keyof typeof AML_ENTITY_TYPE];

/**
 * Why an entity is on a list (`types` of a match, SPEC.md 2.7): `sanction` (asset freeze, designation),
 * `pep` (politically exposed person), `warning` (wanted persons, debarments, other watchlists).
 */
export const AML_LIST_TYPE = {
  Sanction: 'sanction',
  Pep: 'pep',
  Warning: 'warning',
} as const;
/** One of {@link AML_LIST_TYPE}. */
export type AmlListType = (typeof AML_LIST_TYPE)[keyof typeof AML_LIST_TYPE];

/** `matchStatus` of a screening (SPEC.md 2.7); the rules are in matching/decideStatus.ts. */
export const AML_MATCH_STATUS = {
  Clear: 'clear',
  PotentialMatch: 'potential_match',
  TrueMatch: 'true_match',
} as const;
/** One of {@link AML_MATCH_STATUS}. */
export type AmlMatchStatus = (typeof AML_MATCH_STATUS)[keyof typeof AML_MATCH_STATUS];

/** `riskLevel` of a screening (SPEC.md 2.7); the rules are in matching/decideStatus.ts. */
export const AML_RISK_LEVEL = {
  Low: 'low',
  Medium: 'medium',
  High: 'high',
  Unknown: 'unknown',
} as const;
/** One of {@link AML_RISK_LEVEL}. */
export type AmlRiskLevel = (typeof AML_RISK_LEVEL)[keyof typeof AML_RISK_LEVEL];

/**
 * Evidence named in a match's `matchTypes` (SPEC.md 2.7). Each value is set by one matching feature
 * (matching/features/) when that feature fired in the direction named.
 */
export const AML_MATCH_TYPE = {
  /** The normalised name equals one of the entity's names (token order ignored). */
  NameExact: 'name_exact',
  /** The name matched by fuzzy token similarity (Jaro-Winkler / Levenshtein). */
  NameFuzzy: 'name_fuzzy',
  /** At least one name part matched only through its double-metaphone key. */
  NamePhonetic: 'name_phonetic',
  /** A single-letter name part matched the initial of a listed name part. */
  NameInitials: 'name_initials',
  /** The best-matching name is an alias (aka/fka/nka or a weak alias), not the primary name. */
  Alias: 'alias',
  /** The best-matching name was transliterated from a non-Latin script (on either side). */
  Transliteration: 'transliteration',
  /** The full date of birth equals a listed date of birth. */
  DobExact: 'dob_exact',
  /** The year (or year and month) of birth equals a listed one. */
  DobYear: 'dob_year',
  /** No listed date of birth is compatible with the given one. */
  DobMismatch: 'dob_mismatch',
  /** The nationality is one of the entity's nationalities/citizenships. */
  Nationality: 'nationality',
  /** The entity's nationalities are known and exclude the given one. */
  NationalityMismatch: 'nationality_mismatch',
  /** The listed gender differs from the given one. */
  GenderMismatch: 'gender_mismatch',
  /** The document or personal number equals an identifier of the entity. */
  Identifier: 'identifier',
} as const;
/** One of {@link AML_MATCH_TYPE}. */
export type AmlMatchType = (typeof AML_MATCH_TYPE)[keyof typeof AML_MATCH_TYPE];

/** Kind of a listed name. `weak` is a low-quality alias as the publisher marks it (UN "Low", OFAC/EU weak). */
export const AML_NAME_KIND = {
  Primary: 'primary',
  Alias: 'aka',
  Former: 'fka',
  Now: 'nka',
  Weak: 'weak',
} as const;
/** One of {@link AML_NAME_KIND}. */
export type AmlNameKind = (typeof AML_NAME_KIND)[keyof typeof AML_NAME_KIND];

/** Gender as recorded on a list entry. */
export const AML_GENDER = {
  Male: 'male',
  Female: 'female',
} as const;
/** One of {@link AML_GENDER}. */
export type AmlGender = (typeof AML_GENDER)[keyof typeof AML_GENDER];

/** Writing system of a listed name, detected from its characters (text/detectScript.ts). */
export const AML_SCRIPT = {
  Latin: 'Latn',
  Cyrillic: 'Cyrl',
  Arabic: 'Arab',
  Han: 'Hani',
  Hangul: 'Hang',
  Greek: 'Grek',
  Hebrew: 'Hebr',
  Georgian: 'Geor',
  Armenian: 'Armn',
  Thai: 'Thai',
  Japanese: 'Jpan',
  Devanagari: 'Deva',
  Other: 'Zyyy',
} as const;
/** One of {@link AML_SCRIPT} (ISO 15924 codes). */
export type AmlScript = (typeof AML_SCRIPT)[keyof typeof AML_SCRIPT];

/** Input formats that the parsers read (parsers/index.ts maps each one to its parser). */
export const AML_SOURCE_FORMAT = {
  /** OFAC legacy CSV trio: sdn.csv (+ add.csv, alt.csv). */
  OfacLegacyCsv: 'ofac_legacy_csv',
  /** OFAC ENHANCED_XML (SDN_ENHANCED.XML, CONS_ENHANCED.XML, or their .ZIP). */
  OfacEnhancedXml: 'ofac_enhanced_xml',
  /** UN Security Council consolidated list XML. */
  UnConsolidatedXml: 'un_consolidated_xml',
  /** UK HM Treasury / OFSI ConList, .xlsx or .csv. */
  OfsiConList: 'ofsi_conlist',
  /** EU Financial Sanctions Files XML (xmlFullSanctionsList_1_1). */
  EuFsfXml: 'eu_fsf_xml',
  /** OpenSanctions FollowTheMoney entities (entities.ftm.json) or delta ops (entities.delta.json). */
  FtmJson: 'ftm_json',
  /** OpenSanctions targets.simple.csv. */
  TargetsSimpleCsv: 'targets_simple_csv',
  /** OpenSanctions Senzing JSON lines (senzing.json). */
  SenzingJson: 'senzing_json',
} as const;
/** One of {@link AML_SOURCE_FORMAT}. */
export type AmlSourceFormat = (typeof AML_SOURCE_FORMAT)[keyof typeof AML_SOURCE_FORMAT];

/** How a source's publication date was obtained, so the provenance says how far to trust it. */
export const AML_DATE_BASIS = {
  /** Read from the document itself (e.g. UN `dateGenerated`, OFAC `dataAsOf`, OFSI "Last Updated"). */
  Document: 'document',
  /** The newest record date inside the data (OpenSanctions `last_change`). */
  Records: 'records',
  /** HTTP `Last-Modified` of the download. */
  HttpLastModified: 'http_last_modified',
  /** Given by the operator on the command line. */
  Operator: 'operator',
  /** The file's modification time (weakest). */
  FileTime: 'file_time',
} as const;
/** One of {@link AML_DATE_BASIS}. */
export type AmlDateBasis = (typeof AML_DATE_BASIS)[keyof typeof AML_DATE_BASIS];
