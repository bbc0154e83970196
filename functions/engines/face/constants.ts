/**
 * Closed sets and fixed geometry of the face engine (STYLE.md 4).
 */
import type { Point } from '../image/similarityTransform.ts';

/**
 * `errorCategory` values a face match reports. The strings are those of `ErrorCategory` in
 * functions/core/constants.ts (which engines may not import, DESIGN.md).
 */
export const FACE_ERROR_CATEGORY = {
  /** No face was found in the selfie or in the reference. */
  NoFaceDetected: 'no_face_detected',
  /** The selfie shows more than one prominent face, so it is not clear whose face is being verified. */
  MultipleFaces: 'multiple_faces',
  /** A face was found but is too small, too blurred or too badly exposed for a reliable comparison. */
  LowQuality: 'low_quality',
  /** The bytes could not be decoded (corrupt, truncated, over-large). */
  InvalidImage: 'invalid_image',
  /** The bytes are not JPEG, PNG or WebP. */
  UnsupportedMedia: 'unsupported_media',
} as const;
/** One of {@link FACE_ERROR_CATEGORY}. */
export type FaceErrorCategory = (typeof FACE_ERROR_CATEGORY)[keyof typeof FACE_ERROR_CATEGORY];

/**
 * Which face of an image is "the" face when there are several.
 * - `largest`: the largest box (a selfie's subject; an ID document's portrait, which is larger than its ghost
 *   image and than faces in the background).
 * - `central`: the box whose centre is nearest the image centre (the LFW convention: the labelled person is centred
 *   by construction, while the largest face is sometimes a bystander).
 */
export const FACE_PICK_POLICY = {
  Largest: 'largest',
  Central: 'central',
} as const;
/** One of {@link FACE_PICK_POLICY}. */
export type FacePickPolicy = (typeof FACE_PICK_POLICY)[keyof typeof FACE_PICK_POLICY];

/**
 * The five-point face template of the 112x112 aligned crop that ArcFace-family recognition networks are trained on
 * (left eye, right eye, nose tip, left and right mouth corners, as seen in the image), from insightface
 * `python-package/insightface/utils/face_align.py` (`arcface_dst`), itself from the SphereFace/CosFace alignment
 * (Liu et al. CVPR 2017; Wang et al. CVPR 2018). The embedding model here uses the same template (faceplugin's
 * `REFERENCE_FACIAL_POINTS`).
 */
export const ARCFACE_TEMPLATE_112: readonly Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
] as const;

/** Side of the aligned crop the embedding network takes, pixels. */
export const ALIGNED_FACE_SIZE = 112;
