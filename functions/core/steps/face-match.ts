import { Decision, ErrorCategory, StepCode, StepStatus } from '../constants.ts';
import { FaceMatchRequestSchema, type FaceMatchRequest, type FaceMatchResult } from '../contract/steps.ts';
import { decodeMediaFields, type Media } from '../media.ts';
import { requestInference } from '../inference.ts';
import { RekognitionClient } from '@aws-sdk/client-rekognition';
import { REKOGNITION_FACE_THRESHOLDS, rekognitionFaceMatch } from '../providers/rekognition-face.ts';
import type { Service } from '../service.ts';
import type { StepDefinition } from './runner.ts';
// The thresholds module only: the engine's index would load onnxruntime-node and sharp, which live in the inference
// container, not in this step's bundle.
import { FACE_DECISION, FACE_THRESHOLDS, decideFaceMatch, type FaceThresholds } from '../../engines/face/thresholds.ts';

/**
 * The face match step (SPEC.md 4.2, result 2.5). The media are stored in S3, the step is marked `SentToInference`,
 * and the inference (container Lambda on AWS, in-process locally) measures the similarity. The workflow's
 * thresholds (default {@link FACE_THRESHOLDS}: verified at the FAR 1e-3 operating point measured on LFW, an
 * InReview band below it; docs/accuracy.md "Face match") make the decision:
 * - similarity >= verifyAtOrAbove, no errorCategory -> `Approved`, verified true;
 * - in the review band, or multiple faces / low quality with a score in or above it -> `InReview`;
 * - below, or no face in either image -> `Declined`;
 * - an image that cannot be decoded -> `Failed`, `Declined`, no result, the category in `statusReason`.
 */

const PHOTO = ['jpg', 'png', 'webp'] as const;
const DECISIONS = { [FACE_DECISION.Verified]: Decision.Approved, [FACE_DECISION.Review]: Decision.InReview, [FACE_DECISION.Rejected]: Decision.Declined } as const;

let rekognitionClient: RekognitionClient | undefined;

/** POST /face-match (provider: `FACE_PROVIDER`, the ONNX engine by default, or Amazon Rekognition). */
export const faceMatchStep: StepDefinition<FaceMatchRequest, Record<string, Media>, true> = {
  stepCode: StepCode.FaceMatch,
  schema: FaceMatchRequestSchema,
  prepare: async (req: FaceMatchRequest, service: Service) => {
    const out = await decodeMediaFields(
      [
        { field: 'selfieImageBase64', text: req.selfieImageBase64, allowed: PHOTO, declared: req.fileExtension },
        { field: 'refImageBase64', text: req.refImageBase64, allowed: PHOTO },
      ],
      service.config.MEDIA_MAX_BYTES,
    );
    return 'errors' in out ? out : { input: out.media };
  },
  engine: async () => true,
  run: async (_ready, media, ctx) => {
    const { service, session } = ctx;
    const selfie = media['selfieImageBase64']!;
    const reference = media['refImageBase64']!;
    const [selfieKey, referenceKey] = await Promise.all([
      service.media.put(session.sessionId, StepCode.FaceMatch, selfie.kind, selfie.bytes, selfie.mime),
      service.media.put(session.sessionId, StepCode.FaceMatch, reference.kind, reference.bytes, reference.mime),
    ]);
    await ctx.sentToInference();
    const rekognition = service.config.FACE_PROVIDER === 'rekognition';
    const answer = rekognition
      ? {
          task: 'face-match' as const,
          measurement: await rekognitionFaceMatch((rekognitionClient ??= new RekognitionClient({ region: service.config.AWS_REGION })), selfie.bytes, reference.bytes),
          models: [{ id: 'amazon-rekognition-compare-faces', sha256: '' }],
        }
      : await requestInference(
          { task: 'face-match', bucket: service.config.BUCKET_NAME, keys: { selfie: selfieKey, reference: referenceKey } },
          service.config,
        );
    if (answer.task !== 'face-match') throw new Error('inference answered another task');
    const m = answer.measurement;
    const defaults: FaceThresholds = rekognition ? REKOGNITION_FACE_THRESHOLDS : FACE_THRESHOLDS;
    const thresholds: FaceThresholds = { ...defaults, ...(ctx.workflow.thresholds?.[StepCode.FaceMatch] ?? {}) };
    const provenance = { engine: 'face', models: answer.models, thresholds, cosine: m.cosine, selfie: m.selfie, reference: m.reference, media: [selfieKey, referenceKey] };
    if (m.errorCategory === ErrorCategory.InvalidImage || m.errorCategory === ErrorCategory.UnsupportedMedia) {
      return { status: StepStatus.Failed, decision: Decision.Declined, statusReason: `${m.errorCategory}: an image could not be decoded.`, result: null, provenance };
    }
    const verdict = decideFaceMatch(m, thresholds);
    const result: FaceMatchResult = {
      verified: verdict === FACE_DECISION.Verified,
      similarity: Math.round(m.similarity * 10_000) / 10_000,
      faceDetected: m.selfie.faceDetected && m.reference.faceDetected,
      multipleFaces: m.selfie.multipleFaces,
      errorCategory: m.errorCategory,
    };
    const reason =
      m.errorCategory === ErrorCategory.NoFaceDetected
        ? `No face was found in the ${m.selfie.faceDetected ? 'reference' : 'selfie'} image.`
        : m.errorCategory === ErrorCategory.MultipleFaces
          ? `The selfie shows ${m.selfie.faceCount} faces.`
          : m.errorCategory === ErrorCategory.LowQuality
            ? 'A face is too small, blurred or poorly lit for a reliable comparison.'
            : verdict === FACE_DECISION.Verified
              ? null
              : `similarity ${result.similarity} is below ${verdict === FACE_DECISION.Review ? thresholds.verifyAtOrAbove : thresholds.reviewAtOrAbove}.`;
    return { status: StepStatus.Completed, decision: DECISIONS[verdict], statusReason: reason, result, provenance };
  },
  providerFailure: { decision: Decision.InReview, statusReason: 'The face engine failed; the step needs a manual review.' },
};
