import { z } from 'zod';
import {
  Base64MediaSchema,
  DocumentIdSchema,
  ErrorCategorySchema,
  SessionFields,
  envelopeSchema,
  requireWorkflowWithoutSession,
} from './common.ts';

/**
 * Request and result schemas of the five steps (SPEC.md 2.4-2.8 and 4.1-4.5). Unknown request fields are
 * rejected (strict objects), so a misspelt field is a 400 that names it rather than a silently ignored value.
 */

const alpha3 = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 3166-1 alpha-3 code, e.g. USA' })
  .meta({ example: 'USA' });
const isoDate = z.iso.date({ error: 'must be a date in the format yyyy-MM-dd' });
/** Photo extensions accepted by the image steps (SPEC.md 8). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Media extensions accepted by the liveness step (SPEC.md 4.3, 8). */
export const LIVENESS_EXTENSIONS = [...PHOTO_EXTENSIONS, 'mp4'] as const;
const photoExtension = z
  .string()
  .transform((s) => s.toLowerCase().replace(/^\./, ''))
  .pipe(z.enum(PHOTO_EXTENSIONS, { error: `must be one of ${PHOTO_EXTENSIONS.join(', ')}` }));
const livenessExtension = z
  .string()
  .transform((s) => s.toLowerCase().replace(/^\./, ''))
  .pipe(z.enum(LIVENESS_EXTENSIONS, { error: `must be one of ${LIVENESS_EXTENSIONS.join(', ')}` }));

/** POST /id-verification (SPEC.md 4.1). */
export const IdVerificationRequestSchema = z
  .strictObject({
    ...SessionFields,
    documentId: DocumentIdSchema.nullish(),
    frontImageBase64: Base64MediaSchema,
    backImageBase64: Base64MediaSchema.nullish(),
    fileExtension: photoExtension.optional().meta({ description: 'Extension of the front image; detected when absent.' }),
  })
  .superRefine(requireWorkflowWithoutSession)
  .meta({ id: 'IdVerificationRequest' });
export type IdVerificationRequest = z.infer<typeof IdVerificationRequestSchema>;

/** Result of ID verification (SPEC.md 2.4). */
export const IdVerificationResultSchema = z
  .object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    fullName: z.string().nullable(),
    dateOfBirth: z.string().nullable().meta({ description: 'yyyy-MM-dd' }),
    dateOfExpiry: z.string().nullable().meta({ description: 'yyyy-MM-dd' }),
    documentNumber: z.string().nullable(),
    personalNumber: z.string().nullable(),
    nationality: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-3' }),
    nationalityCountryId: z.string().nullable().meta({ description: 'ISO 3166-1 numeric, 3 digits' }),
    issuingCountry: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-3' }),
    issuingCountryId: z.string().nullable().meta({ description: 'ISO 3166-1 numeric, 3 digits' }),
    isMismatch: z.boolean(),
    errorCategory: ErrorCategorySchema.nullable(),
  })
  .meta({ id: 'IdVerificationResult' });
export type IdVerificationResult = z.infer<typeof IdVerificationResultSchema>;

/** POST /face-match (SPEC.md 4.2). */
export const FaceMatchRequestSchema = z
  .strictObject({
    ...SessionFields,
    selfieImageBase64: Base64MediaSchema,
    refImageBase64: Base64MediaSchema,
    fileExtension: photoExtension
      .optional()
      .meta({ description: 'Extension of the selfie; the reference may be any supported photo format.' }),
  })
  .superRefine(requireWorkflowWithoutSession)
  .meta({ id: 'FaceMatchRequest' });
export type FaceMatchRequest = z.infer<typeof FaceMatchRequestSchema>;

/** Result of face match (SPEC.md 2.5). */
export const FaceMatchResultSchema = z
  .object({
    verified: z.boolean(),
    similarity: z.number().min(0).max(1),
    faceDetected: z.boolean(),
    multipleFaces: z.boolean(),
    errorCategory: ErrorCategorySchema.nullable(),
  })
  .meta({ id: 'FaceMatchResult' });
export type FaceMatchResult = z.infer<typeof FaceMatchResultSchema>;

/** POST /liveness-check (SPEC.md 4.3). */
export const LivenessRequestSchema = z
  .strictObject({
    ...SessionFields,
    selfieImageBase64: Base64MediaSchema.meta({ description: 'A photo or a short mp4 video, base64.' }),
    fileExtension: livenessExtension.optional().meta({ description: 'Must match the media sent; detected when absent.' }),
  })
  .superRefine(requireWorkflowWithoutSession)
  .meta({ id: 'LivenessRequest' });
export type LivenessRequest = z.infer<typeof LivenessRequestSchema>;

/** Result of the liveness check (SPEC.md 2.6). */
export const LivenessResultSchema = z
  .object({
    livenessPassed: z.boolean(),
    livenessConfidence: z.number().min(0).max(100),
    livenessType: z.string(),
    faceDetected: z.boolean(),
    multipleFaces: z.boolean(),
    errorCategory: ErrorCategorySchema.nullable(),
  })
  .meta({ id: 'LivenessResult' });
export type LivenessResult = z.infer<typeof LivenessResultSchema>;

/** POST /aml-screening (SPEC.md 4.4). A name (fullName, or firstName/lastName) is required. */
export const AmlScreeningRequestSchema = z
  .strictObject({
    ...SessionFields,
    firstName: z.string().max(200).nullish(),
    lastName: z.string().max(200).nullish(),
    fullName: z.string().max(400).nullish(),
    dateOfBirth: isoDate.nullish(),
    nationality: alpha3.nullish(),
    nationalityCountryId: z.string().max(16).nullish(),
    issuingCountry: alpha3.nullish(),
    issuingCountryId: z.string().max(16).nullish(),
    documentNumber: z.string().max(64).nullish(),
    personalNumber: z.string().max(64).nullish(),
    gender: z.string().max(32).nullish(),
  })
  .superRefine(requireWorkflowWithoutSession)
  .superRefine((v, ctx) => {
    const has = (s: string | null | undefined) => typeof s === 'string' && s.trim().length > 0;
    if (!has(v.fullName) && !has(v.firstName) && !has(v.lastName)) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: 'fullName, or firstName and/or lastName, is required' });
    }
  })
  .meta({ id: 'AmlScreeningRequest' });
export type AmlScreeningRequest = z.infer<typeof AmlScreeningRequestSchema>;

/** One match of an AML screening (SPEC.md 2.7). */
export const AmlMatchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    entityType: z.enum(['person', 'company']),
    types: z.array(z.enum(['sanction', 'pep', 'warning'])),
    sources: z.array(z.string()),
    aka: z.array(z.string()),
    countries: z.array(z.string()).meta({ description: 'ISO 3166-1 alpha-2' }),
    countryIds: z.array(z.string()).meta({ description: 'ISO 3166-1 numeric, 3 digits' }),
    matchTypes: z.array(z.string()),
    score: z.number().min(0).max(1),
    isWhitelisted: z.boolean(),
  })
  .meta({ id: 'AmlMatch' });

/** Result of AML screening (SPEC.md 2.7). */
export const AmlScreeningResultSchema = z
  .object({
    matchStatus: z.enum(['clear', 'potential_match', 'true_match']),
    riskLevel: z.enum(['low', 'medium', 'high', 'unknown']),
    totalHits: z.int().min(0),
    matches: z.array(AmlMatchSchema),
  })
  .meta({ id: 'AmlScreeningResult' });
export type AmlScreeningResult = z.infer<typeof AmlScreeningResultSchema>;

/** POST /ip-analysis (SPEC.md 4.5). */
export const IpAnalysisRequestSchema = z
  .strictObject({
    ...SessionFields,
    ipAddress: z
      .string({ error: 'is required' })
      .min(2)
      .max(64)
      .meta({ description: 'IPv4 or IPv6 address in textual form.', example: '8.8.8.8' }),
  })
  .superRefine(requireWorkflowWithoutSession)
  .meta({ id: 'IpAnalysisRequest' });
export type IpAnalysisRequest = z.infer<typeof IpAnalysisRequestSchema>;

/** Result of IP analysis (SPEC.md 2.8). */
export const IpAnalysisResultSchema = z
  .object({
    ipAddress: z.string(),
    countryId: z.string().nullable().meta({ description: 'ISO 3166-1 numeric, 3 digits' }),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-3' }),
    region: z.string().nullable(),
    city: z.string().nullable(),
    isp: z.string().nullable(),
    organisation: z.string().nullable(),
    asn: z.string().nullable().meta({ example: 'AS15169' }),
    isVpn: z.boolean(),
    isProxy: z.boolean(),
    isTor: z.boolean(),
    isHosting: z.boolean(),
    connectionType: z.string().nullable(),
    riskScore: z.int().min(0).max(100),
  })
  .meta({ id: 'IpAnalysisResult' });
export type IpAnalysisResult = z.infer<typeof IpAnalysisResultSchema>;

export const IdVerificationEnvelopeSchema = envelopeSchema('IdVerificationResponse', IdVerificationResultSchema);
export const FaceMatchEnvelopeSchema = envelopeSchema('FaceMatchResponse', FaceMatchResultSchema);
export const LivenessEnvelopeSchema = envelopeSchema('LivenessResponse', LivenessResultSchema);
export const AmlScreeningEnvelopeSchema = envelopeSchema('AmlScreeningResponse', AmlScreeningResultSchema);
export const IpAnalysisEnvelopeSchema = envelopeSchema('IpAnalysisResponse', IpAnalysisResultSchema);
