import { Decision, ErrorCategory, StepCode, StepStatus } from '../constants.ts';
import { LivenessRequestSchema, type LivenessRequest, type LivenessResult } from '../contract/steps.ts';
import { decodeMediaFields, type Media } from '../media.ts';
import { requestInference } from '../inference.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';
// The thresholds module only (see face-match.ts): the engine itself runs in the inference container.
import { LIVENESS_DECISION, LIVENESS_THRESHOLDS, decideLiveness, type LivenessThresholds } from '../../engines/liveness/thresholds.ts';

/**
 * The passive liveness step (SPEC.md 4.3, result 2.6): one photo, or a short mp4 whose sampled frames are fused
 * (`livenessType` says which). The workflow's thresholds (default {@link LIVENESS_THRESHOLDS}, from
 * `npm run eval:liveness`: docs/accuracy.md "Liveness") make the decision: pass -> `Approved`, review band or
 * several faces / low quality -> `InReview`, below or no face -> `Declined`; undecodable media -> `Failed`,
 * `Declined`, no result.
 */

const MEDIA = ['jpg', 'png', 'webp', 'mp4'] as const;
const DECISIONS = { [LIVENESS_DECISION.Passed]: Decision.Approved, [LIVENESS_DECISION.Review]: Decision.InReview, [LIVENESS_DECISION.Failed]: Decision.Declined } as const;

/** POST /liveness-check. */
export const livenessStep: StepDefinition<LivenessRequest, Media, true> = {
  stepCode: StepCode.LivenessCheck,
  schema: LivenessRequestSchema,
  prepare: async (req: LivenessRequest, service: Service) => {
    const out = await decodeMediaFields(
      [{ field: 'selfieImageBase64', text: req.selfieImageBase64, allowed: MEDIA, declared: req.fileExtension }],
      service.config.MEDIA_MAX_BYTES,
    );
    return 'errors' in out ? out : { input: out.media['selfieImageBase64']! };
  },
  engine: async () => true,
  run: async (_ready, media, ctx) => {
    const { service, session } = ctx;
    const key = await service.media.put(session.sessionId, StepCode.LivenessCheck, media.kind, media.bytes, media.mime);
    await ctx.sentToInference();
    const answer = await requestInference({ task: 'liveness', bucket: service.config.BUCKET_NAME, keys: { media: key }, kind: media.kind }, service.config);
    if (answer.task !== 'liveness') throw new Error('inference answered another task');
    const m = answer.measurement;
    const thresholds: LivenessThresholds = { ...LIVENESS_THRESHOLDS, ...(ctx.workflow.thresholds?.[StepCode.LivenessCheck] ?? {}) };
    const provenance = { engine: 'liveness', models: answer.models, thresholds, perFrame: m.perFrame, framesUsed: m.framesUsed, framesSampled: m.framesSampled, media: [key] };
    if (m.errorCategory === ErrorCategory.InvalidImage || m.errorCategory === ErrorCategory.UnsupportedMedia) {
      return { status: StepStatus.Failed, decision: Decision.Declined, statusReason: `${m.errorCategory}: the media could not be decoded.`, result: null, provenance };
    }
    const verdict = decideLiveness(m, thresholds);
    const result: LivenessResult = {
      livenessPassed: verdict === LIVENESS_DECISION.Passed,
      livenessConfidence: Math.round(m.livenessConfidence * 100) / 100,
      livenessType: m.livenessType,
      faceDetected: m.faceDetected,
      multipleFaces: m.multipleFaces,
      errorCategory: m.errorCategory,
    };
    const reason =
      m.errorCategory !== null
        ? `${m.errorCategory}: ${m.errorCategory === ErrorCategory.NoFaceDetected ? 'no face was found' : m.errorCategory === ErrorCategory.MultipleFaces ? 'several faces were found' : 'the face is too small, blurred or poorly lit'}.`
        : verdict === LIVENESS_DECISION.Passed
          ? null
          : `livenessConfidence ${result.livenessConfidence} is below ${verdict === LIVENESS_DECISION.Review ? thresholds.passAtOrAbove : thresholds.reviewAtOrAbove}.`;
    return { status: StepStatus.Completed, decision: DECISIONS[verdict], statusReason: reason, result, provenance };
  },
  providerFailure: { decision: Decision.InReview, statusReason: 'The liveness engine failed; the step needs a manual review.' },
};
