import { FACE_PICK_POLICY, type FacePickPolicy } from '../constants.ts';
import type { ScoredBox } from '../detect/nonMaxSuppression.ts';

/**
 * Chooses the face to compare among detections (see {@link FACE_PICK_POLICY}).
 * @param faces - detections, at least one
 * @param policy - `largest` (box area) or `central` (box centre nearest the image centre)
 * @param imageWidth - width of the image the boxes are in, pixels
 * @param imageHeight - height, pixels
 * @returns the chosen detection, or undefined when `faces` is empty
 */
export function pickFace<T extends ScoredBox>(faces: readonly T[], policy: FacePickPolicy, imageWidth: number, imageHeight: number): T | undefined {
  let best: T | undefined;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const f of faces) {
    const key =
      policy === FACE_PICK_POLICY.Largest
        ? -f.box.width * f.box.height
        : Math.hypot(f.box.x + f.box.width / 2 - imageWidth / 2, f.box.y + f.box.height / 2 - imageHeight / 2);
    if (key < bestKey) {
      bestKey = key;
      best = f;
    }
  }
  return best;
}

/**
 * Share of the main face's height another face must reach to count as a prominent face. A selfie with a second
 * face at least 40% as tall as the main one (a person beside or just behind the subject) is ambiguous; a small face
 * far in the background, or the small "ghost" portrait printed on an ID document, is not counted.
 */
export const PROMINENT_FACE_RATIO = 0.4;

/**
 * Counts the prominent faces: the largest face and every face at least {@link PROMINENT_FACE_RATIO} as tall.
 * @param faces - detections
 */
export function countProminentFaces(faces: readonly ScoredBox[]): number {
  if (faces.length === 0) return 0;
  const tallest = Math.max(...faces.map((f) => f.box.height));
  return faces.filter((f) => f.box.height >= PROMINENT_FACE_RATIO * tallest).length;
}
