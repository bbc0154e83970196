/**
 * Closed sets of the contract, defined once (STYLE.md 4: `as const` objects, no TS enum).
 * @see ../../../shared/SPEC.md parts 3 and 4.6
 */

/** Step codes per endpoint (SPEC.md 4.6). */
export const StepCode = {
  IdVerification: 'step_id_verification',
  FaceMatch: 'step_face_match',
  LivenessCheck: 'step_liveness_check',
  AmlScreening: 'step_aml_screening',
  IpAnalysis: 'step_ip_analysis',
} as const;
export type StepCode = (typeof StepCode)[keyof typeof StepCode];
/** All step codes, in endpoint order of SPEC.md 4.1-4.5. */
export const ALL_STEP_CODES: readonly StepCode[] = Object.values(StepCode);

/** Step status values (SPEC.md 3.1). */
export const StepStatus = {
  Pending: 'Pending',
  SentToInference: 'SentToInference',
  Completed: 'Completed',
  Failed: 'Failed',
} as const;
export type StepStatus = (typeof StepStatus)[keyof typeof StepStatus];

/** Decision values (SPEC.md 3.2); `null` means no decision yet. */
export const Decision = {
  Approved: 'Approved',
  Declined: 'Declined',
  InReview: 'InReview',
} as const;
export type Decision = (typeof Decision)[keyof typeof Decision];

/** Session states (SPEC.md 3.3), in the order a session moves through them. */
export const SessionState = {
  Created: 'Created',
  InProgress: 'InProgress',
  Processing: 'Processing',
} as const;
export type SessionState = (typeof SessionState)[keyof typeof SessionState];

/**
 * `errorCategory` values: one closed, documented enum shared by every step result (DESIGN.md "Decisions").
 * README.md ("errorCategory") explains when each is set.
 */
export const ErrorCategory = {
  InvalidImage: 'invalid_image',
  UnsupportedMedia: 'unsupported_media',
  NoFaceDetected: 'no_face_detected',
  MultipleFaces: 'multiple_faces',
  LowQuality: 'low_quality',
  DocumentNotDetected: 'document_not_detected',
  DocumentTypeMismatch: 'document_type_mismatch',
  MrzNotFound: 'mrz_not_found',
  MrzChecksumFailed: 'mrz_checksum_failed',
  BarcodeNotFound: 'barcode_not_found',
  DocumentExpired: 'document_expired',
  BackSideRequired: 'back_side_required',
  DataMismatch: 'data_mismatch',
  ProviderError: 'provider_error',
} as const;
export type ErrorCategory = (typeof ErrorCategory)[keyof typeof ErrorCategory];

/** Organisation status. `suspended` answers 403 to every key of the organisation (SPEC.md 5 rule 4). */
export const OrgStatus = { Active: 'active', Suspended: 'suspended' } as const;
export type OrgStatus = (typeof OrgStatus)[keyof typeof OrgStatus];

/** Subscription status. `none` answers 402 (SPEC.md 5 rule 5). */
export const SubscriptionStatus = { Active: 'active', None: 'none' } as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

/** API key kinds (DESIGN.md "Identifiers and keys"). */
export const KeyKind = { Secret: 'secret', Public: 'public' } as const;
export type KeyKind = (typeof KeyKind)[keyof typeof KeyKind];

/** Key environments: `sandbox` keys carry `_sandbox_`, `live` keys `_live_`. */
export const KeyEnvironment = { Sandbox: 'sandbox', Live: 'live' } as const;
export type KeyEnvironment = (typeof KeyEnvironment)[keyof typeof KeyEnvironment];
