import { Decision, StepCode } from '../constants.ts';
import {
  FaceMatchRequestSchema,
  IdVerificationRequestSchema,
  LivenessRequestSchema,
  type FaceMatchRequest,
  type IdVerificationRequest,
  type LivenessRequest,
} from '../contract/steps.ts';
import { EngineNotAvailableError, addFieldErrors, type FieldErrors } from '../errors.ts';
import { decodeMedia, type Media, type MediaKind } from '../media.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';

/**
 * The steps whose engines are built in later issues (document, face, liveness). Their requests are fully
 * validated (fields, base64, size, magic bytes) and then answered with 501 problem details before anything is
 * written: an honest "not available", never a fake result.
 */

const PHOTO: readonly MediaKind[] = ['jpg', 'png', 'webp'];
const VIDEO_OR_PHOTO: readonly MediaKind[] = [...PHOTO, 'mp4'];

/** Decodes several media fields at once, collecting every field's errors. */
export async function decodeAll(
  fields: Array<{ field: string; text: string | null | undefined; allowed: readonly MediaKind[]; declared?: string | undefined }>,
  maxBytes: number,
): Promise<{ media: Record<string, Media> } | { errors: FieldErrors }> {
  const media: Record<string, Media> = {};
  const errors: FieldErrors = {};
  for (const f of fields) {
    if (f.text === null || f.text === undefined) continue;
    const out = await decodeMedia(f.field, f.text, { allowed: f.allowed, declared: f.declared, maxBytes });
    if ('errors' in out) for (const [k, v] of Object.entries(out.errors)) addFieldErrors(errors, k, ...v);
    else media[f.field] = out.media;
  }
  return Object.keys(errors).length > 0 ? { errors } : { media };
}

function notBuilt(stepCode: StepCode) {
  return async (): Promise<never> => {
    throw new EngineNotAvailableError(stepCode);
  };
}

const neverRuns = async (): Promise<never> => {
  throw new Error('unreachable: the engine of this step is not available');
};

/** POST /id-verification: validated, then 501 until the document engine is built. */
export const idVerificationStep: StepDefinition<IdVerificationRequest, Record<string, Media>, never> = {
  stepCode: StepCode.IdVerification,
  schema: IdVerificationRequestSchema,
  prepare: async (req: IdVerificationRequest, service: Service) => {
    const out = await decodeAll(
      [
        { field: 'frontImageBase64', text: req.frontImageBase64, allowed: PHOTO, declared: req.fileExtension },
        { field: 'backImageBase64', text: req.backImageBase64, allowed: PHOTO },
      ],
      service.config.MEDIA_MAX_BYTES,
    );
    return 'errors' in out ? out : { input: out.media };
  },
  engine: notBuilt(StepCode.IdVerification),
  run: neverRuns,
  providerFailure: { decision: Decision.InReview, statusReason: 'The document engine failed; the step needs a manual review.' },
};

/** POST /face-match: validated, then 501 until the face engine is built. */
export const faceMatchStep: StepDefinition<FaceMatchRequest, Record<string, Media>, never> = {
  stepCode: StepCode.FaceMatch,
  schema: FaceMatchRequestSchema,
  prepare: async (req: FaceMatchRequest, service: Service) => {
    const out = await decodeAll(
      [
        { field: 'selfieImageBase64', text: req.selfieImageBase64, allowed: PHOTO, declared: req.fileExtension },
        { field: 'refImageBase64', text: req.refImageBase64, allowed: PHOTO },
      ],
      service.config.MEDIA_MAX_BYTES,
    );
    return 'errors' in out ? out : { input: out.media };
  },
  engine: notBuilt(StepCode.FaceMatch),
  run: neverRuns,
  providerFailure: { decision: Decision.InReview, statusReason: 'The face engine failed; the step needs a manual review.' },
};

/** POST /liveness-check: validated, then 501 until the liveness engine is built. */
export const livenessStep: StepDefinition<LivenessRequest, Record<string, Media>, never> = {
  stepCode: StepCode.LivenessCheck,
  schema: LivenessRequestSchema,
  prepare: async (req: LivenessRequest, service: Service) => {
    const out = await decodeAll(
      [{ field: 'selfieImageBase64', text: req.selfieImageBase64, allowed: VIDEO_OR_PHOTO, declared: req.fileExtension }],
      service.config.MEDIA_MAX_BYTES,
    );
    return 'errors' in out ? out : { input: out.media };
  },
  engine: notBuilt(StepCode.LivenessCheck),
  run: neverRuns,
  providerFailure: { decision: Decision.InReview, statusReason: 'The liveness engine failed; the step needs a manual review.' },
};
