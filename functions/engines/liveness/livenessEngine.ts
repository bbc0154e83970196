import { FACE_MODELS } from '../face/models.ts';
import { defaultModelsDir } from '../face/onnx/defaultModelsDir.ts';
import { loadModelSession } from '../face/onnx/loadModelSession.ts';
import { decodeImage } from '../image/decodeImage.ts';
import { ImageError } from '../image/errors.ts';
import type { RgbImage } from '../image/rgbImage.ts';
import { LIVENESS_ERROR_CATEGORY, LIVENESS_MEDIA_KIND, LIVENESS_QUALITY_LIMITS, LIVENESS_TYPE, type LivenessErrorCategory, type LivenessMediaKind } from './constants.ts';
import { fuseFrameScores } from './score/fuseFrameScores.ts';
import { scoreFrame, type FrameScore } from './score/scoreFrame.ts';
import type { LivenessEngine, LivenessEngineOptions, LivenessMeasurement } from './types.ts';
import { decodeVideoFrames } from './video/decodeVideoFrames.ts';
import { resolveFfmpeg } from './video/resolveFfmpeg.ts';

/**
 * Defaults of {@link LivenessEngineOptions} (`modelsDir` defaults to the repository's `models/`); `minFaceScore` is the face engine's detector threshold. 8 frames over at
 * most 10 s keep a 3-s phone clip well under the 1.5 s budget on 2 cores (docs/performance.md).
 */
export const LIVENESS_ENGINE_DEFAULTS = {
  threads: 2,
  maxFrames: 8,
  maxVideoSeconds: 10,
  videoMaxSide: 640,
  frameCorrelation: 0.5,
  minFaceScore: 0.7,
} as const;

/**
 * Loads the detector and the anti-spoofing model (once per process, checksums verified) and returns the engine.
 * @param opts - see {@link LivenessEngineOptions}
 * @throws {FaceModelError} when a model file is missing, altered or not loadable
 */
export async function createLivenessEngine(opts: LivenessEngineOptions = {}): Promise<LivenessEngine> {
  const o = { ...LIVENESS_ENGINE_DEFAULTS, ...opts };
  const settings = { threads: o.threads };
  const modelsDir = o.modelsDir ?? defaultModelsDir();
  const [detector, liveness] = await Promise.all([
    loadModelSession(modelsDir, FACE_MODELS.detector, settings),
    loadModelSession(modelsDir, FACE_MODELS.liveness, settings),
  ]);
  const sessions = { detector, liveness };
  const ffmpeg = resolveFfmpeg(o.ffmpegPath);

  const scoreFrames = async (frames: readonly RgbImage[]): Promise<FrameScore[]> => {
    const out: FrameScore[] = [];
    for (const f of frames) out.push(await scoreFrame(sessions, f, o.minFaceScore));
    return out;
  };

  return {
    models: [FACE_MODELS.detector, FACE_MODELS.liveness].map(({ id, sha256, licence }) => ({ id, sha256, licence })),

    async check(media: Buffer, kind: LivenessMediaKind): Promise<LivenessMeasurement> {
      const started = performance.now();
      const isVideo = kind === LIVENESS_MEDIA_KIND.Mp4;
      const livenessType = isVideo ? LIVENESS_TYPE.PassiveMultiFrameFusion : LIVENESS_TYPE.PassiveSingleFrame;
      const failed = (errorCategory: LivenessErrorCategory, framesSampled = 0): LivenessMeasurement => ({
        livenessConfidence: 0,
        livenessType,
        framesUsed: 0,
        framesSampled,
        faceDetected: false,
        multipleFaces: false,
        errorCategory,
        perFrame: [],
        elapsedMs: performance.now() - started,
      });
      if (!(Object.values(LIVENESS_MEDIA_KIND) as string[]).includes(kind)) return failed(LIVENESS_ERROR_CATEGORY.UnsupportedMedia);

      let frames: RgbImage[];
      try {
        if (isVideo) {
          if (!isIsoBmff(media)) return failed(LIVENESS_ERROR_CATEGORY.UnsupportedMedia);
          frames = (await decodeVideoFrames(media, { ffmpeg, frames: o.maxFrames, maxSeconds: o.maxVideoSeconds, maxSide: o.videoMaxSide, ...(o.tempDir ? { tempDir: o.tempDir } : {}) })).frames;
        } else {
          if (isIsoBmff(media)) return failed(LIVENESS_ERROR_CATEGORY.UnsupportedMedia);
          frames = [await decodeImage(media)];
        }
      } catch (error) {
        if (error instanceof ImageError) return failed(error.errorCategory);
        throw error;
      }

      const scores = await scoreFrames(frames);
      const used = scores.filter((s): s is FrameScore & { live: number } => s.live !== undefined);
      if (used.length === 0) return failed(LIVENESS_ERROR_CATEGORY.NoFaceDetected, frames.length);
      const perFrame = used.map((s) => s.live);
      const fused = isVideo ? fuseFrameScores(perFrame, o.frameCorrelation).live : perFrame[0]!;
      const multipleFaces = used.filter((s) => s.faceCount > 1).length * 2 > used.length;
      // Measured in the pixels the crop is cut from (the decoded photo, or the scaled video frame).
      const tooSmall = used.filter((s) => (s.face?.height ?? 0) < LIVENESS_QUALITY_LIMITS.minFaceHeightPx).length * 2 > used.length;
      const errorCategory = multipleFaces ? LIVENESS_ERROR_CATEGORY.MultipleFaces : tooSmall ? LIVENESS_ERROR_CATEGORY.LowQuality : null;
      return {
        livenessConfidence: 100 * fused,
        livenessType,
        framesUsed: used.length,
        framesSampled: frames.length,
        faceDetected: true,
        multipleFaces,
        errorCategory,
        perFrame,
        ...(used[0]!.face ? { face: used[0]!.face } : {}),
        elapsedMs: performance.now() - started,
      };
    },
  };
}

/** ISO base media file (mp4/mov): bytes 4-7 are `ftyp`. */
function isIsoBmff(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp';
}
