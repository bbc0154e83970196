/**
 * Closed sets of the document engine (STYLE.md 4: documented `as const` objects, no TS enum).
 *
 * The engine may not import functions/core, so the `errorCategory` values it reports are restated here as the
 * subset of core's `ErrorCategory` it uses; test/unit/engines/document/constants.test.ts asserts that every value
 * below is a member of core's closed set.
 */

/**
 * `errorCategory` values the document engine reports (a subset of functions/core/constants.ts `ErrorCategory`).
 * docs/document-verification.md ("Checks and decisions") says when each is set and which decision follows.
 */
export const DOCUMENT_ERROR_CATEGORY = {
  /** The bytes are not an image that can be decoded (truncated, empty, too large or too small). */
  InvalidImage: 'invalid_image',
  /** The bytes are an image format the engine does not read (only JPEG, PNG and WebP are read). */
  UnsupportedMedia: 'unsupported_media',
  /** The document is of another kind than the template (a visa sent as a passport, a TD1 card as a passport…). */
  DocumentTypeMismatch: 'document_type_mismatch',
  /** The template reads an MRZ and none was found on the images sent. */
  MrzNotFound: 'mrz_not_found',
  /** An MRZ was found but at least one check digit fails, even after check-digit-proven corrections. */
  MrzChecksumFailed: 'mrz_checksum_failed',
  /** The template reads only a PDF417 barcode and no decodable AAMVA barcode was found. */
  BarcodeNotFound: 'barcode_not_found',
  /** The document's expiry date is before the verification date. */
  DocumentExpired: 'document_expired',
  /** The template requires the back side, it was not sent, and the front carries no machine-readable data. */
  BackSideRequired: 'back_side_required',
  /** The data read differ from the session's expected details, or front and back belong to different documents. */
  DataMismatch: 'data_mismatch',
  /** No portrait was found on the data page or card front (only when a face detector is passed). */
  NoFaceDetected: 'no_face_detected',
  /**
   * The MRZ was read, but too small (checks/checkMrzResolution.ts) or with names or state codes the recognisers leave in
   * doubt (a blurred or small image; checks/checkNamesConfident.ts, checks/checkStateCodesListed.ts).
   */
  LowQuality: 'low_quality',
} as const;
/** One of {@link DOCUMENT_ERROR_CATEGORY}. */
export type DocumentErrorCategory = (typeof DOCUMENT_ERROR_CATEGORY)[keyof typeof DOCUMENT_ERROR_CATEGORY];

/** Suggested decisions (SPEC.md 3.2), restated because engines may not import functions/core. */
export const DOCUMENT_DECISION = { Approved: 'Approved', InReview: 'InReview', Declined: 'Declined' } as const;
/** One of {@link DOCUMENT_DECISION}. */
export type DocumentDecision = (typeof DOCUMENT_DECISION)[keyof typeof DOCUMENT_DECISION];

/**
 * What became of the media: `read` when machine-readable data (an MRZ or an AAMVA barcode) was decoded, even if the
 * document is then refused (expired, wrong kind, failing check digits), and when a visa sent under a template that
 * takes none was told by its document code although its MRZ is too damaged to read; `unprocessable` when nothing could be read
 * at all (undecodable image, no MRZ or barcode found, required back side missing). The step is `Failed` for the
 * latter.
 */
export const READING_OUTCOME = { Read: 'read', Unprocessable: 'unprocessable' } as const;
/** One of {@link READING_OUTCOME}. */
export type ReadingOutcome = (typeof READING_OUTCOME)[keyof typeof READING_OUTCOME];

/**
 * MRZ formats of ICAO Doc 9303: TD1 (3 lines of 30, Part 5), TD2 (2 lines of 36, Part 6), TD3 (2 lines of 44,
 * Part 4). Machine-readable visas (Part 7) use the same line shapes: MRV-A like TD3, MRV-B like TD2.
 *
 * One national layout besides: `FRENCH_NATIONAL_ID`, the French national identity card of 1988-2021 (the "carte
 * nationale d'identité" of décret n° 87-178, still valid in circulation, up to 15 years from issue): 2 lines of 36 like
 * TD2, but not ICAO (surname alone on line 1, a 12-character card number, given names on line 2, no nationality and
 * no expiry date). Named as the `mrz` package (cheminfo/mrz) names it; told from a TD2 by line 1 opening `IDFRA`
 * (mrz/parseMrz.ts `formatOf`).
 */
export const MRZ_FORMAT = { TD1: 'TD1', TD2: 'TD2', TD3: 'TD3', FrenchNationalId: 'FRENCH_NATIONAL_ID' } as const;
/** One of {@link MRZ_FORMAT}. */
export type MrzFormat = (typeof MRZ_FORMAT)[keyof typeof MRZ_FORMAT];

/** Line count and line length of each MRZ format (ICAO Doc 9303 Part 4 §4.2, Part 5 §4.2, Part 6 §4.2). */
export const MRZ_SHAPE: Readonly<Record<MrzFormat, { readonly lines: number; readonly length: number }>> = {
  TD1: { lines: 3, length: 30 },
  TD2: { lines: 2, length: 36 },
  TD3: { lines: 2, length: 44 },
  FRENCH_NATIONAL_ID: { lines: 2, length: 36 },
};

/** Where a template's data come from. */
export const DATA_SOURCE = {
  /** The machine-readable zone (ICAO Doc 9303). */
  Mrz: 'mrz',
  /** The PDF417 barcode of a North American licence or ID card (AAMVA DL/ID Card Design Standard, Annex D). */
  Pdf417: 'pdf417',
} as const;
/** One of {@link DATA_SOURCE}. */
export type DataSource = (typeof DATA_SOURCE)[keyof typeof DATA_SOURCE];

/** Kinds of document a template describes. */
export const DOCUMENT_KIND = {
  Passport: 'passport',
  IdCard: 'id_card',
  ResidencePermit: 'residence_permit',
  DrivingLicence: 'driving_licence',
  TravelDocument: 'travel_document',
} as const;
/** One of {@link DOCUMENT_KIND}. */
export type DocumentKind = (typeof DOCUMENT_KIND)[keyof typeof DOCUMENT_KIND];

/** Sides of a document. */
export const DOCUMENT_SIDE = { Front: 'front', Back: 'back' } as const;
/** One of {@link DOCUMENT_SIDE}. */
export type DocumentSide = (typeof DOCUMENT_SIDE)[keyof typeof DOCUMENT_SIDE];

/**
 * Identifiers of the checks a reading reports, in the order they are evaluated. Each check is one small function
 * under `checks/`; docs/document-verification.md describes each with its errorCategory and decision.
 */
export const CHECK_ID = {
  /** Every side the template requires was sent (or the front already carries the machine-readable data). */
  SidesPresent: 'sides_present',
  /** Machine-readable data (an MRZ or an AAMVA barcode) was found. */
  DataFound: 'data_found',
  /** The document's format and document code are among those the template accepts. */
  DocumentType: 'document_type',
  /** The issuing state is the template's fixed country, when it has one. */
  IssuingCountry: 'issuing_country',
  /** Every MRZ check digit verifies (after check-digit-proven corrections). */
  CheckDigits: 'check_digits',
  /** The expiry date is on or after the verification date. */
  NotExpired: 'not_expired',
  /** Front and back carry the same document's data when both were read. */
  FrontBackConsistent: 'front_back_consistent',
  /** The data agree with the session's expected details. */
  ExpectedDetails: 'expected_details',
  /** The MRZ's characters stand far enough apart to be read with confidence (checks/checkMrzResolution.ts). */
  MrzResolution: 'mrz_resolution',
  /** The MRZ names lead every reading one character away clearly (checks/checkNamesConfident.ts). */
  NamesConfident: 'names_confident',
  /** The MRZ's issuing state and nationality codes are on ICAO 9303's list (checks/checkStateCodesListed.ts). */
  StateCodesListed: 'state_codes_listed',
  /** A portrait is present on the front (data page or card front). */
  PortraitPresent: 'portrait_present',
} as const;
/** One of {@link CHECK_ID}. */
export type CheckId = (typeof CHECK_ID)[keyof typeof CHECK_ID];
