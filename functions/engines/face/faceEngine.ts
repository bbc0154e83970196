import type ort from 'onnxruntime-node';
import { decodeImage, type DecodedImage } from '../image/decodeImage.ts';
import { ImageError } from '../image/errors.ts';
import type { Point } from '../image/similarityTransform.ts';
import { alignFace } from './align/alignFace.ts';
import { FACE_ERROR_CATEGORY, FACE_PICK_POLICY, type FaceErrorCategory, type FacePickPolicy } from './constants.ts';
import { detectFaceBoxes } from './detect/detectFaceBoxes.ts';
import { locateLandmarks } from './detect/locateLandmarks.ts';
import { embedAlignedFace } from './embed/embedAlignedFace.ts';
import { cosineSimilarity, similarityFromCosine } from './match/cosineSimilarity.ts';
import { countProminentFaces, pickFace } from './match/pickFace.ts';
import { FACE_MODELS } from './models.ts';
import { defaultModelsDir } from './onnx/defaultModelsDir.ts';
import { loadModelSession } from './onnx/loadModelSession.ts';
import { assessFaceQuality } from './quality/assessFaceQuality.ts';
import type { DetectedFace, FaceEngine, FaceEngineOptions, FaceImageFacts, FaceMatchMeasurement, ImageEmbedding } from './types.ts';

/**
 * Defaults of {@link FaceEngineOptions} (`modelsDir` defaults to the repository's `models/`, see `defaultModelsDir`).
 * `minFaceScore` 0.7 is the threshold of the Ultra-Light-Fast-Generic-Face-
 * Detector's demos (faceplugin uses 0.65); `maxFaces` bounds the landmark runs on a crowded photo.
 */
export const FACE_ENGINE_DEFAULTS = {
  threads: 2,
  minFaceScore: 0.7,
  flipAugment: false,
  referencePick: FACE_PICK_POLICY.Largest,
  maxFaces: 10,
} as const;

interface Sessions {
  readonly detector: ort.InferenceSession;
  readonly landmarks: ort.InferenceSession;
  readonly embedding: ort.InferenceSession;
}

/** Faces of one decoded image, in decoded-image coordinates. */
interface Analysis {
  readonly decoded: DecodedImage;
  readonly faces: DetectedFace[];
}

/**
 * Loads the detector, landmark and embedding models (once per process, checksums verified) and returns the engine.
 * See {@link FaceEngine} for the operations and docs/accuracy.md for the measured accuracy.
 *
 * @param opts - see {@link FaceEngineOptions}
 * @throws {FaceModelError} when a model file is missing, altered or not loadable
 */
export async function createFaceEngine(opts: FaceEngineOptions = {}): Promise<FaceEngine> {
  const o = { ...FACE_ENGINE_DEFAULTS, ...opts };
  const settings = { threads: o.threads };
  const modelsDir = o.modelsDir ?? defaultModelsDir();
  const [detector, landmarks, embedding] = await Promise.all([
    loadModelSession(modelsDir, FACE_MODELS.detector, settings),
    loadModelSession(modelsDir, FACE_MODELS.landmarks, settings),
    loadModelSession(modelsDir, FACE_MODELS.embedding, settings),
  ]);
  const sessions: Sessions = { detector, landmarks, embedding };

  const analyse = async (bytes: Buffer): Promise<Analysis> => {
    const decoded = await decodeImage(bytes);
    const boxes = (await detectFaceBoxes(sessions.detector, decoded, o.minFaceScore))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
      .slice(0, o.maxFaces);
    const faces: DetectedFace[] = [];
    for (const b of boxes) faces.push(await locateLandmarks(sessions.landmarks, decoded, b));
    return { decoded, faces };
  };

  const embedAnalysed = async ({ decoded, faces }: Analysis, pick: FacePickPolicy): Promise<ImageEmbedding> => {
    const faceCount = countProminentFaces(faces);
    const chosen = pickFace(faces, pick, decoded.width, decoded.height);
    if (!chosen) return { faceDetected: false, multipleFaces: false, faceCount: 0 };
    const aligned = alignFace(decoded, chosen);
    const quality = assessFaceQuality(aligned, chosen, decoded.scale);
    const vector = await embedAlignedFace(sessions.embedding, aligned, o.flipAugment);
    const face = toCallerCoordinates(chosen, decoded.scale);
    return { faceDetected: true, multipleFaces: faceCount > 1, faceCount, face, quality, embedding: { vector, face, quality } };
  };

  const embedOrError = async (bytes: Buffer, pick: FacePickPolicy): Promise<ImageEmbedding | ImageError> => {
    try {
      return await embedAnalysed(await analyse(bytes), pick);
    } catch (error) {
      if (error instanceof ImageError) return error;
      throw error;
    }
  };

  return {
    models: [FACE_MODELS.detector, FACE_MODELS.landmarks, FACE_MODELS.embedding].map(({ id, sha256, licence }) => ({ id, sha256, licence })),

    async detect(image) {
      const { decoded, faces } = await analyse(image);
      return faces.map((f) => toCallerCoordinates(f, decoded.scale));
    },

    async embed(image, pick = FACE_PICK_POLICY.Largest) {
      return embedAnalysed(await analyse(image), pick);
    },

    async match(selfie, reference) {
      const started = performance.now();
      const [s, r] = await Promise.all([embedOrError(selfie, FACE_PICK_POLICY.Largest), embedOrError(reference, o.referencePick)]);
      const facts = (e: ImageEmbedding | ImageError): FaceImageFacts =>
        e instanceof ImageError
          ? { faceDetected: false, multipleFaces: false, faceCount: 0 }
          : { faceDetected: e.faceDetected, multipleFaces: e.multipleFaces, faceCount: e.faceCount, ...(e.face ? { face: e.face } : {}), ...(e.quality ? { quality: e.quality } : {}) };
      const errorCategory = matchErrorCategory(s, r);
      const cosine = !(s instanceof ImageError) && !(r instanceof ImageError) && s.embedding && r.embedding ? cosineSimilarity(s.embedding.vector, r.embedding.vector) : null;
      return {
        similarity: cosine === null ? 0 : similarityFromCosine(cosine),
        cosine,
        selfie: facts(s),
        reference: facts(r),
        errorCategory,
        elapsedMs: performance.now() - started,
      } satisfies FaceMatchMeasurement;
    },
  };
}

/** The documented precedence of {@link FaceMatchMeasurement.errorCategory}. */
function matchErrorCategory(s: ImageEmbedding | ImageError, r: ImageEmbedding | ImageError): FaceErrorCategory | null {
  if (s instanceof ImageError) return s.errorCategory;
  if (r instanceof ImageError) return r.errorCategory;
  if (!s.faceDetected || !r.faceDetected) return FACE_ERROR_CATEGORY.NoFaceDetected;
  if (s.multipleFaces) return FACE_ERROR_CATEGORY.MultipleFaces;
  if ((s.quality?.lowQualityReasons.length ?? 0) > 0 || (r.quality?.lowQualityReasons.length ?? 0) > 0) return FACE_ERROR_CATEGORY.LowQuality;
  return null;
}

/** Maps a face from decoded-image pixels to the pixels of the upright image the caller sent. */
function toCallerCoordinates(face: DetectedFace, scale: number): DetectedFace {
  if (scale === 1) return face;
  const p = (q: Point): Point => [q[0] * scale, q[1] * scale];
  const [a, b, c, d, e] = face.landmarks;
  return {
    box: { x: face.box.x * scale, y: face.box.y * scale, width: face.box.width * scale, height: face.box.height * scale },
    score: face.score,
    landmarks: [p(a), p(b), p(c), p(d), p(e)],
  };
}
