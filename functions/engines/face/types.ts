import type { Point } from '../image/similarityTransform.ts';
import type { FaceErrorCategory, FacePickPolicy } from './constants.ts';

/** An axis-aligned box in the decoded image's pixel coordinates (upright, after EXIF orientation). */
export interface FaceBox {
  /** Left edge, pixels. */
  readonly x: number;
  /** Top edge, pixels. */
  readonly y: number;
  /** Width, pixels. */
  readonly width: number;
  /** Height, pixels. */
  readonly height: number;
}

/** One detected face. */
export interface DetectedFace {
  /** Detector box, in pixels of the upright image as the caller sent it (decode shrinking undone). */
  readonly box: FaceBox;
  /** Detector confidence, 0-1 (softmax probability of the face class). */
  readonly score: number;
  /**
   * Five landmarks in the same coordinates: left eye centre, right eye centre, nose tip, left mouth corner, right
   * mouth corner (left/right as seen in the image). Derived from the 68-point model (eye centres = mean of the 4
   * eyelid points; mouth corners = mean of outer and inner lip corner), the conversion faceplugin's
   * `convert68pts5pts` uses.
   */
  readonly landmarks: readonly [Point, Point, Point, Point, Point];
}

/**
 * Measured quality of the face used for matching. `lowQualityReasons` is empty when the face is usable; see
 * {@link FACE_QUALITY_LIMITS} for the limits and their source.
 */
export interface FaceQuality {
  /** Distance between the eye centres in the original image, pixels. */
  readonly interocularPx: number;
  /** Variance of the Laplacian of the aligned 112x112 grey crop (a focus measure; higher is sharper). */
  readonly sharpness: number;
  /** Mean grey level of the aligned crop's central face region, 0-255. */
  readonly brightness: number;
  /** Why the face is considered low quality (`too_small`, `blurred`, `too_dark`, `too_bright`); empty if usable. */
  readonly lowQualityReasons: readonly string[];
}

/** What a face match found in one of its two images. */
export interface FaceImageFacts {
  /** At least one face was detected. */
  readonly faceDetected: boolean;
  /** More than one prominent face was detected (see `countProminentFaces`). */
  readonly multipleFaces: boolean;
  /** Number of prominent faces detected. */
  readonly faceCount: number;
  /** The face that was compared, if any. */
  readonly face?: DetectedFace;
  /** Quality of the compared face, if any. */
  readonly quality?: FaceQuality;
}

/**
 * The measurements of one face match (SPEC.md 2.5 without the decision: the step handler turns `similarity` into
 * `verified` with the workflow's thresholds, by default {@link FACE_THRESHOLDS}).
 */
export interface FaceMatchMeasurement {
  /**
   * Similarity in [0, 1]: `(cosine + 1) / 2`, the cosine similarity of the two L2-normalised embeddings mapped
   * linearly from [-1, 1]. 0 when no comparison could be made (`cosine` null).
   */
  readonly similarity: number;
  /** Cosine similarity of the two embeddings in [-1, 1], or null when either image has no usable face. */
  readonly cosine: number | null;
  /** Facts of the selfie (the live or candidate image). */
  readonly selfie: FaceImageFacts;
  /** Facts of the reference (a portrait, or a whole ID document photo). */
  readonly reference: FaceImageFacts;
  /**
   * Why the match is not trustworthy, or null. Precedence: `invalid_image`/`unsupported_media` (either image),
   * `no_face_detected` (either image), `multiple_faces` (selfie only: an ID document may legitimately show the
   * portrait twice), `low_quality` (selfie or reference).
   */
  readonly errorCategory: FaceErrorCategory | null;
  /** Wall-clock time of the match, milliseconds. */
  readonly elapsedMs: number;
}

/** Options of {@link loadFaceEngine}. */
export interface FaceEngineOptions {
  /**
   * Directory holding the model files of {@link FACE_MODELS} (the repository's `models/`).
   * @default `<repo>/models`, resolved from this module's location
   */
  readonly modelsDir?: string;
  /**
   * ONNX Runtime intra-op threads per session.
   * @default 2
   */
  readonly threads?: number;
  /**
   * Smallest detector score counted as a face, 0-1.
   * @default 0.7 (the Ultra-Light-Fast-Generic-Face-Detector demo threshold)
   */
  readonly minFaceScore?: number;
  /**
   * Also embed the horizontally mirrored face and add the two embeddings (test-time augmentation as in insightface's
   * LFW evaluation). Doubles embedding time; docs/accuracy.md shows the measured gain.
   * @default false
   */
  readonly flipAugment?: boolean;
  /**
   * Which face of the reference image is compared.
   * @default 'largest'
   */
  readonly referencePick?: FacePickPolicy;
}

/** A face embedding with the face it came from. */
export interface FaceEmbedding {
  /** L2-normalised embedding (512 values). */
  readonly vector: Float32Array;
  /** The face. */
  readonly face: DetectedFace;
  /** Its quality. */
  readonly quality: FaceQuality;
}

/** Result of {@link FaceEngine.embed}: the facts of the image and the embedding of its chosen face. */
export interface ImageEmbedding extends FaceImageFacts {
  /** Embedding of the chosen face, when a face was found. */
  readonly embedding?: FaceEmbedding;
}

/** A loaded face engine. Safe to share between concurrent requests. */
export interface FaceEngine {
  /**
   * Detects faces in an image.
   * @param image - JPEG, PNG or WebP bytes
   * @returns faces with score >= `minFaceScore`, largest first
   * @throws {ImageError} when the bytes are not a decodable JPEG/PNG/WebP (its `errorCategory` says which)
   */
  detect(image: Buffer): Promise<DetectedFace[]>;
  /**
   * Detects faces, picks one by `pick` and embeds it.
   * @param image - JPEG, PNG or WebP bytes
   * @param pick - which face to embed when there are several
   * @throws {ImageError} as {@link FaceEngine.detect}
   */
  embed(image: Buffer, pick?: FacePickPolicy): Promise<ImageEmbedding>;
  /**
   * Compares the selfie's face with the reference's face (the largest face of the reference by default, so a whole
   * ID document photo can be the reference). Never throws for bad media: undecodable images are reported in
   * `errorCategory`.
   * @param selfie - JPEG, PNG or WebP bytes
   * @param reference - JPEG, PNG or WebP bytes
   */
  match(selfie: Buffer, reference: Buffer): Promise<FaceMatchMeasurement>;
  /** The models this engine runs, for a step's provenance. */
  readonly models: ReadonlyArray<{ id: string; sha256: string; licence: string }>;
}
