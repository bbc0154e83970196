/**
 * Closed sets of the liveness engine (STYLE.md 4).
 */

/** `livenessType` values (SPEC.md 2.6: "a multi-frame fusion form appears for video"). */
export const LIVENESS_TYPE = {
  /** One photo, one score. */
  PassiveSingleFrame: 'passive_single_frame',
  /** Several frames sampled from a video, their scores fused (see `fuseFrameScores`). */
  PassiveMultiFrameFusion: 'passive_multi_frame_fusion',
} as const;
/** One of {@link LIVENESS_TYPE}. */
export type LivenessType = (typeof LIVENESS_TYPE)[keyof typeof LIVENESS_TYPE];

/**
 * `errorCategory` values a liveness check reports; the strings are those of `ErrorCategory` in
 * functions/core/constants.ts.
 */
export const LIVENESS_ERROR_CATEGORY = {
  /** No face in the photo, or in none of the sampled video frames. */
  NoFaceDetected: 'no_face_detected',
  /** More than one prominent face (in the photo, or in most sampled frames). */
  MultipleFaces: 'multiple_faces',
  /** The face is too small for the anti-spoofing crop (see `LIVENESS_QUALITY_LIMITS`). */
  LowQuality: 'low_quality',
  /** Corrupt, truncated or over-large photo or video. */
  InvalidImage: 'invalid_image',
  /** A format other than jpg/jpeg/png/webp/mp4, or bytes that do not match the declared kind. */
  UnsupportedMedia: 'unsupported_media',
} as const;
/** One of {@link LIVENESS_ERROR_CATEGORY}. */
export type LivenessErrorCategory = (typeof LIVENESS_ERROR_CATEGORY)[keyof typeof LIVENESS_ERROR_CATEGORY];

/** Media kinds accepted by `check` (SPEC.md 4.3 and 8). `jpeg` is the same as `jpg`. */
export const LIVENESS_MEDIA_KIND = {
  Jpg: 'jpg',
  Jpeg: 'jpeg',
  Png: 'png',
  Webp: 'webp',
  Mp4: 'mp4',
} as const;
/** One of {@link LIVENESS_MEDIA_KIND}. */
export type LivenessMediaKind = (typeof LIVENESS_MEDIA_KIND)[keyof typeof LIVENESS_MEDIA_KIND];

/**
 * Limits on the face used for anti-spoofing. `minFaceHeightPx` 48: the crop is 2.7 face heights, so a 48 px face
 * gives a 130 px crop, just above the network's 128 px input; smaller faces would be upsampled and lose the texture
 * (print dots, screen moiré) the network relies on.
 */
export const LIVENESS_QUALITY_LIMITS = {
  minFaceHeightPx: 48,
} as const;
