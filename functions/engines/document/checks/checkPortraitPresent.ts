import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * A portrait is on the front (a passport data page or a card's front carries the holder's photo), counted by the
 * face detector the caller passes. Skipped (passed) without a detector. Failure: `no_face_detected`, InReview: a
 * missing portrait may be a back-only photo rather than fraud, so a person looks.
 *
 * @param faces - faces found on the front, or null when no detector was given
 */
export function checkPortraitPresent(faces: number | null): CheckOutcome {
  const id = CHECK_ID.PortraitPresent;
  if (faces === null) return { id, passed: true, detail: 'no face detector configured; not checked' };
  if (faces >= 1) return { id, passed: true, detail: `${faces} face${faces > 1 ? 's' : ''} found on the front` };
  return {
    id,
    passed: false,
    detail: 'no portrait found on the front',
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.NoFaceDetected, decision: DOCUMENT_DECISION.InReview },
  };
}
