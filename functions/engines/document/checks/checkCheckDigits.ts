import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { CheckDigitResults } from '../mrz/verifyChecks.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * Every check digit of the MRZ verifies (ICAO Doc 9303 Part 3 §4.9), after check-digit-proven corrections. The
 * fields a failing digit protects are already null in the result. Failure: `mrz_checksum_failed`, Declined: the
 * data cannot be trusted (a misread or a forged MRZ); the integrator asks for a better photo.
 *
 * @param checks - outcome of each check digit
 * @param corrections - number of corrections applied
 */
export function checkCheckDigits(checks: CheckDigitResults, corrections: number): CheckOutcome {
  const id = CHECK_ID.CheckDigits;
  const failed = Object.entries(checks).filter(([, ok]) => ok === false).map(([k]) => k);
  const fixed = corrections > 0 ? ` (${corrections} OCR error${corrections > 1 ? 's' : ''} corrected where a check digit proved it)` : '';
  if (failed.length === 0) return { id, passed: true, detail: `all ${Object.keys(checks).length} check digits verify${fixed}` };
  return {
    id,
    passed: false,
    detail: `check digit${failed.length > 1 ? 's' : ''} of ${failed.join(', ')} fail${failed.length > 1 ? '' : 's'}; the fields they protect are not returned${fixed}`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.MrzChecksumFailed, decision: DOCUMENT_DECISION.Declined },
  };
}
