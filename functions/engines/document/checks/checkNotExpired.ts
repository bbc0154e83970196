import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * The document is valid on the verification date: `dateOfExpiry >= now` (a document is valid through its expiry
 * day). A document without a readable expiry passes this check (the check-digit check already refuses an
 * unreadable one), unless `latestValidity` says it cannot be valid any more: the French identity card of 1988-2021
 * prints no expiry in its MRZ, only its month of issue (mrz/frenchIdValidity.ts). Failure: `document_expired`,
 * Declined; the data are still returned.
 *
 * @param dateOfExpiry - `yyyy-MM-dd` or null
 * @param now - verification date
 * @param latestValidity - `yyyy-MM-dd`, the last day a document without a printed expiry can be valid, or null
 */
export function checkNotExpired(dateOfExpiry: string | null, now: Date, latestValidity: string | null = null): CheckOutcome {
  const id = CHECK_ID.NotExpired;
  const today = now.toISOString().slice(0, 10);
  const expired = (detail: string): CheckOutcome => ({
    id,
    passed: false,
    detail,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DocumentExpired, decision: DOCUMENT_DECISION.Declined },
  });
  if (dateOfExpiry === null && latestValidity !== null && latestValidity < today) {
    return expired(`no expiry date printed; valid at most until ${latestValidity} by its date of issue (verification date ${today})`);
  }
  if (dateOfExpiry === null) return { id, passed: true, detail: 'no verified expiry date to compare' };
  if (dateOfExpiry >= today) return { id, passed: true, detail: `valid until ${dateOfExpiry}` };
  return expired(`expired on ${dateOfExpiry} (verification date ${today})`);
}
