import type { FaceBox } from '../face/types.ts';
import type { LivenessErrorCategory, LivenessMediaKind, LivenessType } from './constants.ts';

/** The measurements of one liveness check (SPEC.md 2.6 without the decision). */
export interface LivenessMeasurement {
  /**
   * Confidence that the media shows a live person, 0-100: `100 · sigmoid(fused log-odds)`. For a photo this is
   * 100 x the network's live probability; for a video, the fused per-frame evidence (`fuseFrameScores`). 0 when no
   * face could be scored.
   */
  readonly livenessConfidence: number;
  /** Single photo or multi-frame fusion. */
  readonly livenessType: LivenessType;
  /** Frames that had a usable face and were scored (1 for a photo with a face). */
  readonly framesUsed: number;
  /** Frames decoded and examined (1 for a photo). */
  readonly framesSampled: number;
  /** A face was found (in the photo, or in at least one frame). */
  readonly faceDetected: boolean;
  /** More than one prominent face (in the photo, or in most scored frames). */
  readonly multipleFaces: boolean;
  /** Why the check could not be trusted, or null. */
  readonly errorCategory: LivenessErrorCategory | null;
  /** Live probability of each scored frame, 0-1, in time order. */
  readonly perFrame: number[];
  /** Face box of the first scored frame, in that frame's pixels. */
  readonly face?: FaceBox;
  /** Wall-clock time of the check, milliseconds. */
  readonly elapsedMs: number;
}

/** Options of `loadLivenessEngine`. */
export interface LivenessEngineOptions {
  /**
   * Directory of the model files (the repository's `models/`).
   * @default `<repo>/models`, resolved from this module's location
   */
  readonly modelsDir?: string;
  /**
   * ONNX Runtime intra-op threads per session.
   * @default 2
   */
  readonly threads?: number;
  /**
   * Path of the ffmpeg executable. When absent: the binary of the `@ffmpeg-installer/ffmpeg` npm package, else
   * `ffmpeg` on the PATH (Debian's `ffmpeg` package).
   */
  readonly ffmpegPath?: string;
  /**
   * Frames sampled evenly over a video.
   * @default 8
   */
  readonly maxFrames?: number;
  /**
   * Only the first this many seconds of a video are decoded (bounds the work for long uploads).
   * @default 10
   */
  readonly maxVideoSeconds?: number;
  /**
   * Video frames are scaled so that their longer side is at most this many pixels before scoring.
   * @default 640
   */
  readonly videoMaxSide?: number;
  /**
   * Directory for the temporary copy of a video (ffmpeg needs a seekable file for mp4s whose index is at the end).
   * @default the OS temporary directory
   */
  readonly tempDir?: string;
  /**
   * Assumed correlation of the evidence of two frames of the same video, 0-1 (see `fuseFrameScores`).
   * @default 0.5
   */
  readonly frameCorrelation?: number;
}

/** A loaded liveness engine. Safe to share between concurrent requests. */
export interface LivenessEngine {
  /**
   * Scores a photo or a short video for presentation attacks (printed photo, screen replay).
   * Never throws for bad media: it is reported in `errorCategory`.
   * @param media - the bytes
   * @param kind - declared kind: `jpg`, `jpeg`, `png`, `webp` or `mp4`
   * @throws {VideoDecoderError} only when no ffmpeg can be run at all (an installation problem, not bad media)
   */
  check(media: Buffer, kind: LivenessMediaKind): Promise<LivenessMeasurement>;
  /** The models this engine runs, for a step's provenance. */
  readonly models: ReadonlyArray<{ id: string; sha256: string; licence: string }>;
}
