/**
 * Face match engine (SPEC.md 4.2, result 2.5): face detection with 5 landmarks, alignment to the ArcFace 112x112
 * template, a 512-d embedding, and cosine similarity, all on ONNX Runtime (onnxruntime-node, CPU) with the models
 * of models/MODELS.md. Pure of HTTP and AWS: model files come in through {@link FaceEngineOptions.modelsDir}.
 *
 * Accuracy, the data it was measured on and the derivation of {@link FACE_THRESHOLDS} are in docs/accuracy.md
 * ("Face match"), produced by `npm run eval:face`.
 *
 * @example
 * const engine = await loadFaceEngine({ modelsDir: path.join(repoRoot, 'models') });
 * const m = await engine.match(selfieBytes, idPhotoBytes);
 * const verified = m.errorCategory === null && m.similarity >= FACE_THRESHOLDS.verifyAtOrAbove;
 */
import { createFaceEngine } from './faceEngine.ts';
import type { FaceEngine, FaceEngineOptions } from './types.ts';

export { ALIGNED_FACE_SIZE, ARCFACE_TEMPLATE_112, FACE_ERROR_CATEGORY, FACE_PICK_POLICY } from './constants.ts';
export type { FaceErrorCategory, FacePickPolicy } from './constants.ts';
export { FaceEngineError, FaceModelError, VideoDecoderError } from './errors.ts';
export { FACE_ENGINE_DEFAULTS } from './faceEngine.ts';
export { FACE_MODELS } from './models.ts';
export type { FaceModelRole, ModelFile } from './models.ts';
export { FACE_QUALITY_LIMITS } from './quality/assessFaceQuality.ts';
export { PROMINENT_FACE_RATIO } from './match/pickFace.ts';
export { similarityFromCosine } from './match/cosineSimilarity.ts';
export { FACE_THRESHOLDS, decideFaceMatch, FACE_DECISION } from './thresholds.ts';
export type { FaceDecision, FaceThresholds } from './thresholds.ts';
export type {
  DetectedFace,
  FaceBox,
  FaceEmbedding,
  FaceEngine,
  FaceEngineOptions,
  FaceImageFacts,
  FaceMatchMeasurement,
  FaceQuality,
  ImageEmbedding,
} from './types.ts';

/**
 * Loads the face engine: the detector, landmark and embedding ONNX models (each once per process, sha256
 * verified). Call once per process (Lambda container) and share the engine; it is safe for concurrent use.
 *
 * @param opts - model directory and tuning, see {@link FaceEngineOptions}
 * @throws {FaceModelError} when a model file is missing, altered, or not loadable
 */
export async function loadFaceEngine(opts: FaceEngineOptions = {}): Promise<FaceEngine> {
  return createFaceEngine(opts);
}
