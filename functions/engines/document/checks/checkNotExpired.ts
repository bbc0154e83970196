import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * The document is valid on the verification date: `dateOfExpiry >= now` (a document is valid through its expiry
 * day). A document without a readable expiry passes this check (the check-digit check already refuses an
 * unreadable one). Failure: `document_expired`, Declined; the data are still returned.
 *
 * @param dateOfExpiry - `yyyy-MM-dd` or null
 * @param now - verification date
 */
export function checkNotExpired(dateOfExpiry: string | null, now: Date): CheckOutcome {
  const id = CHECK_ID.NotExpired;
  const today = now.toISOString().slice(0, 10);
  if (dateOfExpiry === null) return { id, passed: true, detail: 'no verified expiry date to compare' };
  if (dateOfExpiry >= today) return { id, passed: true, detail: `valid until ${dateOfExpiry}` };
  return {
    id,
    passed: false,
    detail: `expired on ${dateOfExpiry} (verification date ${today})`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DocumentExpired, decision: DOCUMENT_DECISION.Declined },
  };
}
