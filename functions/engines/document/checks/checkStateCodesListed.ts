import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import { isListedStateCode } from '../countries/resolveMrzCountry.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/** What the detail of a failed {@link checkStateCodesListed} says after the codes (the step's `statusReason`). */
export const STATE_CODE_UNLISTED = 'on no ICAO 9303 or ISO 3166-1 list';

/**
 * The MRZ's issuing state and nationality are codes ICAO Doc 9303 Part 3 §5 lists (ISO 3166-1 alpha-3, or ICAO's own
 * such as `D`, `UTO`, `XXA`: {@link isListedStateCode}). No check digit covers either code (Part 3 §4.9), so a
 * misread letter there is caught only by the list: a code still on no list after step 10 of `readMrzZone`
 * (reading/arbitrateStateCodes.ts) resolves to no country, and the field comes back null. That is a misread on a poor
 * image (blind photo seed 54 `0023` at 400 px: `BIH` read `BIN`; docs/document-verification-log.md "Unlisted state
 * codes") or a code no state prints (a specimen's test code such as `BDR`, the INTERPOL specimen's `INP`, a
 * pre-2013 Slovenian card's `SI<`). Either way a person should look before the page is taken: failure `low_quality`,
 * InReview, the fields returned as read (the code itself in `document.mrzIssuingState` / `document.mrzNationality`).
 * A code absent from the layout (null: the French card of 1988-2021 has no nationality field) is not checked.
 *
 * @param issuingState - the issuing state code as read, fillers included, or null
 * @param nationality - the nationality code as read, or null
 */
export function checkStateCodesListed(issuingState: string | null, nationality: string | null): CheckOutcome {
  const id = CHECK_ID.StateCodesListed;
  const unlisted = [
    ['issuing state', issuingState],
    ['nationality', nationality],
  ].filter((pair): pair is [string, string] => pair[1] !== null && !isListedStateCode(pair[1]));
  if (unlisted.length === 0) return { id, passed: true, detail: "the state codes are on ICAO 9303's list" };
  const what = unlisted.map(([field, code]) => `${field} ${code.replace(/</g, '') || code}`).join(', ');
  return {
    id,
    passed: false,
    detail: `${what}: ${STATE_CODE_UNLISTED} (a misread on a poor image, or a code no state prints); a person should look`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.LowQuality, decision: DOCUMENT_DECISION.InReview },
  };
}
