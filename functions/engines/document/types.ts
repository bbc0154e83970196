import type { CheckId, DocumentDecision, DocumentErrorCategory, MrzFormat, ReadingOutcome } from './constants.ts';
import type { MrzCorrection } from './mrz/correctMrz.ts';
import type { CheckedGroupId } from './mrz/layouts.ts';
import type { NameChange } from './reading/arbitrateNames.ts';
import type { StateCodeChange } from './reading/arbitrateStateCodes.ts';
import type { DocumentCodeChange } from './reading/arbitrateDocumentCode.ts';
import type { LookAlikeRestoration } from './reading/restoreOwnLookAlikes.ts';
import type { WeighedCorrection } from './reading/confirmCorrections.ts';
import type { NameWitness } from './reading/witnessNames.ts';
import type { WeighedCompetitor } from './reading/readMrzZone.ts';
import type { DocumentTemplate } from './templates/templateSchema.ts';

/** The data fields of the SPEC.md 2.4 result (everything but `isMismatch` and `errorCategory`). */
export interface ReadingFields {
  /** Secondary identifier (given names), spaces between names; null when absent or refused. */
  readonly firstName: string | null;
  /** Primary identifier (surname). */
  readonly lastName: string | null;
  /** `firstName lastName`. */
  readonly fullName: string | null;
  /** `yyyy-MM-dd`; null when absent or its check digit fails. */
  readonly dateOfBirth: string | null;
  /** `yyyy-MM-dd`; null when absent or its check digit fails. */
  readonly dateOfExpiry: string | null;
  /** Document number without fillers; null when its check digit fails. */
  readonly documentNumber: string | null;
  /** TD3 personal number or TD1/TD2 optional data 1 (inner fillers as spaces); null when empty or unverified. */
  readonly personalNumber: string | null;
  /** ISO 3166-1 alpha-3, or null for codes that are not countries (XXA, UNO, UTO…). */
  readonly nationality: string | null;
  /** ISO 3166-1 numeric code of `nationality`, 3 digits (e.g. "276"). */
  readonly nationalityCountryId: string | null;
  /** ISO 3166-1 alpha-3 of the issuing state, or null. */
  readonly issuingCountry: string | null;
  /** ISO 3166-1 numeric code of `issuingCountry`, 3 digits. */
  readonly issuingCountryId: string | null;
}

/** The SPEC.md 2.4 result exactly (functions/core/contract/steps.ts `IdVerificationResultSchema`). */
export interface DocumentResult extends ReadingFields {
  /** True when the data differ from the session's expected details (or front and back disagree). */
  readonly isMismatch: boolean;
  readonly errorCategory: DocumentErrorCategory | null;
}

/** One check of a reading: its id, outcome and a sentence saying what was compared. */
export interface DocumentCheck {
  readonly id: CheckId;
  readonly passed: boolean;
  readonly detail: string;
}

/**
 * Details the integrator expects (the session's `expectedDetails`), compared with what was read. Every field is
 * optional; only the fields given are compared.
 */
export interface ExpectedDetails {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fullName?: string | null;
  /** `yyyy-MM-dd`. */
  readonly dateOfBirth?: string | null;
  readonly documentNumber?: string | null;
  readonly personalNumber?: string | null;
  /** ISO 3166-1 alpha-3 (alpha-2 accepted). */
  readonly nationality?: string | null;
  /** ISO 3166-1 alpha-3 (alpha-2 accepted). */
  readonly issuingCountry?: string | null;
}

/** Input of {@link DocumentEngine.verify}. */
export interface VerifyInput {
  /** Front image bytes (JPEG, PNG or WebP). For a passport, the data page. */
  readonly front: Buffer;
  /** Back image bytes, when sent. May be the same image as the front (one image holding both sides). */
  readonly back?: Buffer | null;
  /** The template the session selected. */
  readonly template: DocumentTemplate;
  /** The session's expected details, if any. */
  readonly expected?: ExpectedDetails | null;
  /**
   * The verification date (expiry, birth-year century).
   * @default new Date()
   */
  readonly now?: Date;
  /**
   * Optional face detector (the face engine's): number of faces on an image. When given, the front must show a
   * portrait (`portrait_present`); when absent, that check is skipped. `uprightTurns` is how the engine found the
   * page: the clockwise quarter turns (0-3) that bring it upright, taken from the direction of the MRZ lines when
   * the MRZ was read on this image (geometry/quad.ts `uprightQuarterTurns`); null when the data came from another
   * image or from a barcode, so that the page's orientation is unknown.
   */
  readonly detectFaces?: ((image: Buffer, uprightTurns: 0 | 1 | 2 | 3 | null) => Promise<number>) | null;
}

/** What the MRZ said and what was corrected. */
export interface MrzEvidence {
  readonly format: MrzFormat;
  /** The MRZ lines after check-digit-proven corrections and name arbitration. */
  readonly lines: readonly string[];
  /** Corrections of fields under a check digit, each proven by its check digit (mrz/correctMrz.ts). */
  readonly corrected: ReadonlyArray<MrzCorrection>;
  /**
   * Name characters the two recognisers together chose over the first reading (reading/arbitrateNames.ts): names
   * carry no check digit, so these changes rest on the recognisers' joint likelihood alone (`gain`, natural log).
   */
  readonly namesArbitrated: ReadonlyArray<NameChange>;
  /**
   * How far the names returned lead the closest text one name character away under the recognisers together
   * (reading/readMrzZone.ts `MrzZoneReading.namesMargin`, natural log, the lowest over the name lines); null when the
   * names were not weighed (a single recogniser, or no such text).
   */
  readonly namesMargin: number | null;
  /**
   * The names in doubt (`namesMargin` below checks/checkNamesConfident.ts `NAMES_MIN_MARGIN`) as the visual zone
   * settled them (reading/witnessNames.ts): `from` the recognisers' choice, `to` the text the visual zone prints (equal
   * when it confirmed them); null when the names were not in doubt or the visual zone settled nothing.
   */
  readonly namesWitnessed: NameWitness | null;
  /**
   * The MRZ's character pitch, pixels of the image read (checks/checkMrzResolution.ts `mrzCharacterPitch`; ICAO prints
   * 2.54 mm per character); null when its lines were not located.
   */
  readonly characterPitch: number | null;
  /**
   * State codes read as no listed code that the two recognisers together replaced by a listed one
   * (reading/arbitrateStateCodes.ts): no check digit covers them, so these rest on the joint likelihood alone.
   */
  readonly statesArbitrated: ReadonlyArray<StateCodeChange>;
  /**
   * A document code read as a visa's `V` that the two recognisers together replaced by another letter the format
   * allows (reading/arbitrateDocumentCode.ts), or null: no check digit covers it, so this rests on the joint
   * likelihood alone.
   */
  readonly documentCodeArbitrated: DocumentCodeChange | null;
  /**
   * The check-digit groups taken from one reading into another, the better one (the two recognisers' readings, or
   * one recogniser's rows read whole and in windows; each group verifying its own digit there, and the whole then
   * every digit, composite included; reading/spliceReadings.ts, readMrzZone.ts steps 4 and 7c), or null when the
   * reading is no splice.
   */
  readonly spliced: readonly CheckedGroupId[] | null;
  /**
   * The most probable other reading that every check digit accepts as well (mrz/competingReading.ts), or null, with
   * how the recognisers weighed it (reading/readMrzZone.ts step 9).
   */
  readonly competitor: WeighedCompetitor | null;
  /**
   * Characters of fields whose check digit verified, set back to the other of `0` and `O` that the own MRZ recogniser
   * read in the document number with confidence, or to another character the own and the third recogniser both read
   * there with confidence (`thirdP` then set; reading/restoreOwnLookAlikes.ts, readMrzZone.ts step 13): the check
   * digits then judge the fields as printed: one whose printed text fails is not returned, one whose printed text
   * verifies (a character weighing like the one read modulo 10) is returned as printed. Empty when none was.
   */
  readonly lookAlikesRestored: ReadonlyArray<LookAlikeRestoration>;
  /**
   * The corrections one check digit alone proves (document number, TD3 personal number, the composite's own
   * characters) that step 12 weighed, with the decoding's probabilities at the characters they changed and the part of
   * the step that undid each (reading/confirmCorrections.ts `WeighedCorrection`, readMrzZone.ts step 12): the evidence
   * behind `RIVAL_BOUNDS`. Empty when there were none.
   */
  readonly correctionsWeighed: ReadonlyArray<WeighedCorrection>;
}

/** Document facts that are not part of the SPEC.md result but explain it. */
export interface DocumentFacts {
  /** MRZ document code (`P`, `PA`, `ID`, `IR`, `V`…), or `AAMVA` for a licence barcode. */
  readonly documentCode: string;
  /** `M`, `F`, `X`, or null. */
  readonly sex: 'M' | 'F' | 'X' | null;
  /** The raw MRZ issuing state code (`D`, `UTO`, `GBR`), or the AAMVA jurisdiction (`VA`). */
  readonly mrzIssuingState: string | null;
  /** The raw MRZ nationality code. */
  readonly mrzNationality: string | null;
  /** Which image the data were read from (one image sent as both sides counts as the front). */
  readonly side: 'front' | 'back';
}

/** The reading of one document against a template. */
export interface DocumentReading {
  /** The SPEC.md 2.4 result. Fields the template or a failing check digit refuses are null. */
  readonly result: DocumentResult;
  /** `read` when machine-readable data were decoded (even if refused); `unprocessable` when nothing could be read. */
  readonly outcome: ReadingOutcome;
  /** Suggested decision from the checks. */
  readonly decision: DocumentDecision;
  /** Why the decision is not `Approved` (the failing check's detail), or null. */
  readonly reason: string | null;
  /** Every check evaluated, in order. */
  readonly checks: readonly DocumentCheck[];
  readonly mrz?: MrzEvidence;
  readonly barcode?: { readonly format: 'PDF417'; readonly aamvaVersion?: number; readonly iin?: string };
  readonly document?: DocumentFacts;
  /** Milliseconds spent, for the bench. */
  readonly timings: { readonly totalMs: number };
}

/** A loaded document engine. */
export interface DocumentEngine {
  /**
   * Reads one document against a template. Never throws for unreadable documents: they are reported in the
   * reading. Throws only for engine failures.
   * @throws {DocumentEngineError} when a model cannot run
   */
  verify(input: VerifyInput): Promise<DocumentReading>;
  /** Model and data files in use, with their checksums and licences (provenance). */
  readonly models: ReadonlyArray<{ readonly id: string; readonly sha256: string; readonly licence: string }>;
}
