import type { FaceMatchMeasurement } from './types.ts';

/** Decision thresholds on `similarity` (in [0, 1], `(cosine + 1) / 2`). */
export interface FaceThresholds {
  /** `similarity >= verifyAtOrAbove` (and no `errorCategory`) verifies the match. */
  readonly verifyAtOrAbove: number;
  /** `reviewAtOrAbove <= similarity < verifyAtOrAbove` sends the match to manual review; below it, declined. */
  readonly reviewAtOrAbove: number;
}

/**
 * Default face-match thresholds, derived by `npm run eval:face` (docs/accuracy.md, "Face match"):
 *
 * - `verifyAtOrAbove` 0.667 (cosine 0.334): the operating point with FAR <= 1e-3 on all impostor comparisons among
 *   the LFW development images of folds 1-4 (tuning part: 3,074 images of 1,664 identities, 4,719,512 impostor and
 *   3,689 genuine comparisons; measured cosine 0.3339), rounded up. On the held-out folds 5-7 (2,293 images of
 *   1,284 other identities) it gave FAR 0.095% (2,498 of 2,625,494 impostor comparisons) and TAR 98.47%
 *   (2,249 of 2,284 genuine comparisons).
 * - `reviewAtOrAbove` 0.622 (cosine 0.244): the FAR 1e-2 operating point on the same tuning part (cosine 0.2429),
 *   rounded up; held-out FAR 0.96%, TAR 99.17%. Matches between the two thresholds are plausible but not certain
 *   enough to approve automatically.
 *
 * LFW news photographs are not selfies against ID documents: re-derive them on the deployment's own labelled data
 * (`npm run eval:face -- --folder <root>`) before relying on these numbers, and set them per workflow.
 */
export const FACE_THRESHOLDS: FaceThresholds = {
  verifyAtOrAbove: 0.667,
  reviewAtOrAbove: 0.622,
} as const;

/** Outcome of {@link decideFaceMatch}. */
export const FACE_DECISION = {
  Verified: 'verified',
  Review: 'review',
  Rejected: 'rejected',
} as const;
/** One of {@link FACE_DECISION}. */
export type FaceDecision = (typeof FACE_DECISION)[keyof typeof FACE_DECISION];

/**
 * Applies thresholds to a measurement: `verified` only without `errorCategory` and at or above `verifyAtOrAbove`;
 * `review` in the band below it or when the only problem is `multiple_faces` or `low_quality` with a similarity that
 * would otherwise verify (a person should look); `rejected` otherwise (including no face and undecodable images).
 *
 * @param m - the measurement
 * @param t - thresholds, default {@link FACE_THRESHOLDS}
 */
export function decideFaceMatch(m: Pick<FaceMatchMeasurement, 'similarity' | 'errorCategory'>, t: FaceThresholds = FACE_THRESHOLDS): FaceDecision {
  if (m.errorCategory === 'multiple_faces' || m.errorCategory === 'low_quality') {
    return m.similarity >= t.reviewAtOrAbove ? FACE_DECISION.Review : FACE_DECISION.Rejected;
  }
  if (m.errorCategory !== null) return FACE_DECISION.Rejected;
  if (m.similarity >= t.verifyAtOrAbove) return FACE_DECISION.Verified;
  if (m.similarity >= t.reviewAtOrAbove) return FACE_DECISION.Review;
  return FACE_DECISION.Rejected;
}
