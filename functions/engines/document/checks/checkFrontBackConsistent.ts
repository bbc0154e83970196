import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { ReadingFields } from '../types.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/** Fields compared between the two sides. */
const COMPARED = ['documentNumber', 'dateOfBirth', 'dateOfExpiry', 'lastName'] as const;

/**
 * When machine-readable data were read from both sides (two different images), they belong to the same document:
 * document number, birth date, expiry and surname agree wherever both sides have them. Failure: `data_mismatch`
 * (`isMismatch`), Declined.
 *
 * @param front - fields read from the front, or null when the front had none (the usual TD1 card front)
 * @param back - fields read from the back, or null
 */
export function checkFrontBackConsistent(front: ReadingFields | null, back: ReadingFields | null): CheckOutcome {
  const id = CHECK_ID.FrontBackConsistent;
  if (!front || !back) return { id, passed: true, detail: 'machine-readable data on one side only; nothing to compare' };
  const differ = COMPARED.filter((k) => front[k] !== null && back[k] !== null && front[k] !== back[k]);
  if (differ.length === 0) return { id, passed: true, detail: 'front and back carry the same data' };
  return {
    id,
    passed: false,
    detail: `front and back disagree on ${differ.join(', ')}: they are not the same document`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DataMismatch, decision: DOCUMENT_DECISION.Declined },
  };
}
