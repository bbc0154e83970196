import { Decision, StepCode } from '../constants.ts';
import {
  IdVerificationRequestSchema,
  type IdVerificationRequest,
} from '../contract/steps.ts';
import { EngineNotAvailableError } from '../errors.ts';
import { decodeMediaFields, type Media, type MediaKind } from '../media.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';

/**
 * The step whose engine is built in a later issue (ID document verification). Their requests are fully
 * validated (fields, base64, size, magic bytes) and then answered with 501 problem details before anything is
 * written: an honest "not available", never a fake result.
 */

const PHOTO: readonly MediaKind[] = ['jpg', 'png', 'webp'];

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
    const out = await decodeMediaFields(
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
