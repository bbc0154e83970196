/**
 * Passive liveness engine (SPEC.md 4.3, result 2.6): one photo, or several frames sampled from a short mp4 and fused,
 * scored by a MiniFASNet-style anti-spoofing network on ONNX Runtime, with the face engine's detector choosing the
 * face. Video frames are decoded by ffmpeg (npm `@ffmpeg-installer/ffmpeg`, or the system's). Pure of HTTP and AWS.
 *
 * Accuracy (APCER/BPCER/ACER per ISO/IEC 30107-3), the data and the derivation of {@link LIVENESS_THRESHOLDS} are
 * in docs/accuracy.md ("Liveness"), produced by `npm run eval:liveness`.
 *
 * @example
 * const engine = await loadLivenessEngine({ modelsDir: path.join(repoRoot, 'models') });
 * const m = await engine.check(videoBytes, 'mp4');
 * const passed = m.errorCategory === null && m.livenessConfidence >= LIVENESS_THRESHOLDS.passAtOrAbove;
 */
import { createLivenessEngine } from './livenessEngine.ts';
import type { LivenessEngine, LivenessEngineOptions } from './types.ts';

export { LIVENESS_ERROR_CATEGORY, LIVENESS_MEDIA_KIND, LIVENESS_QUALITY_LIMITS, LIVENESS_TYPE } from './constants.ts';
export type { LivenessErrorCategory, LivenessMediaKind, LivenessType } from './constants.ts';
export { LIVENESS_ENGINE_DEFAULTS } from './livenessEngine.ts';
export { fuseFrameScores, logit, sigmoid } from './score/fuseFrameScores.ts';
export type { FusedScore } from './score/fuseFrameScores.ts';
export { LIVENESS_CROP } from './score/livenessCrop.ts';
export { LIVENESS_DECISION, LIVENESS_THRESHOLDS, decideLiveness } from './thresholds.ts';
export type { LivenessDecision, LivenessThresholds } from './thresholds.ts';
export type { LivenessEngine, LivenessEngineOptions, LivenessMeasurement } from './types.ts';

/**
 * Loads the liveness engine: the face detector and the anti-spoofing ONNX models (once per process, sha256
 * verified), and locates ffmpeg. Call once per process and share the engine.
 *
 * @param opts - see {@link LivenessEngineOptions}
 * @throws {FaceModelError} when a model file is missing, altered or not loadable
 */
export async function loadLivenessEngine(opts: LivenessEngineOptions = {}): Promise<LivenessEngine> {
  return createLivenessEngine(opts);
}
