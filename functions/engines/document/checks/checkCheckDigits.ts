import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { CheckDigitResults } from '../mrz/verifyChecks.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * Every check digit of the MRZ verifies (ICAO Doc 9303 Part 3 §4.9), after check-digit-proven corrections. The
 * fields a failing digit protects are already null in the result. Failure: `mrz_checksum_failed`, Declined: the
 * data cannot be trusted (a misread or a forged MRZ); the integrator asks for a better photo.
 *
 * A check digit also fails when it does not decide between the reading and another one the recognisers found about
 * as likely (reading/readMrzZone.ts step 9): the detail names those as undecided.
 *
 * @param checks - outcome of each check digit
 * @param corrections - number of corrections applied
 * @param undecided - check digits that verify both the reading and a competitor the recognisers did not tell apart
 */
export function checkCheckDigits(checks: CheckDigitResults, corrections: number, undecided: readonly string[] = []): CheckOutcome {
  const id = CHECK_ID.CheckDigits;
  const failed = Object.entries(checks).filter(([, ok]) => ok === false).map(([k]) => k);
  const fixed = corrections > 0 ? ` (${corrections} OCR error${corrections > 1 ? 's' : ''} corrected where a check digit proved it)` : '';
  if (failed.length === 0) return { id, passed: true, detail: `all ${Object.keys(checks).length} check digits verify${fixed}` };
  const open = failed.filter((k) => undecided.includes(k));
  const wrong = failed.filter((k) => !undecided.includes(k));
  const parts = [
    ...(wrong.length > 0 ? [`check digit${wrong.length > 1 ? 's' : ''} of ${wrong.join(', ')} fail${wrong.length > 1 ? '' : 's'}`] : []),
    ...(open.length > 0 ? [`check digit${open.length > 1 ? 's' : ''} of ${open.join(', ')} accept${open.length > 1 ? '' : 's'} two readings the recognisers could not tell apart`] : []),
  ];
  return {
    id,
    passed: false,
    detail: `${parts.join('; ')}; the fields they protect are not returned${fixed}`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.MrzChecksumFailed, decision: DOCUMENT_DECISION.Declined },
  };
}
