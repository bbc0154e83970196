import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { ExpectedDetails, ReadingFields } from '../types.ts';
import type { CheckOutcome } from './checkOutcome.ts';
import { matchName } from './matchName.ts';

/**
 * Least lead, natural log, that the names returned must hold over the closest text one name character away
 * (reading/readMrzZone.ts `MrzZoneReading.namesMargin`) for {@link checkNamesConfident} to pass: ln 5, the names at
 * least five times as likely as any such text under the recognisers together. Chosen on developer data in the
 * forty-ninth session (docs/document-verification-log.md "Names the recognisers leave in doubt"; `npm run eval:document
 * -- --verbose` prints each reading's lead): of the 22 wrong names returned on the blind specimen sets of seeds 49 and
 * 50 blurred by 2.5 px, seed 50 blurred by 2 px and as 331-px thumbnails, and blind photo seed 47, 17 led by less
 * than ln 5 (-3.25 to 1.49), 5 by 1.74 to 3.40. 5 readings right in every field led by less: 1 of the 609 plain blind
 * documents (photo seeds 47-50, print and specimen seed 50; 0.20, photo seed 48 `0099`), 4 of the 448 blurred or thumbnail
 * specimen readings, none of the 552 readings of the docs/accuracy.md battery; on the battery the lowest lead
 * of a reading right in every field was 1.80 (ln 6 = 1.79 would come within 0.01 of it). Bounds of ln 3, ln 4 and
 * ln 5 flag the same 5 right readings and catch 12, 16 and 17 of the 22; not tuned further.
 */
export const NAMES_MIN_MARGIN = Math.log(5);

/** How the detail of a failed {@link checkNamesConfident} begins (the step's `statusReason` when it decides). */
export const NAMES_IN_DOUBT = 'the names are in doubt';

/** Options of {@link checkNamesConfident}. */
export interface NamesConfidentOptions {
  /**
   * The session's expected names agree with the names read ({@link expectedNamesAgree}): names in doubt that agree
   * with an independent source are taken as read. @default false
   */
  readonly confirmed?: boolean;
  /**
   * The visual zone settled the names in doubt (reading/witnessNames.ts): it prints the names returned and none of the
   * texts one name character away that the recognisers weighed. @default false
   */
  readonly witnessed?: boolean;
  /** The least lead accepted (natural log). @default {@link NAMES_MIN_MARGIN} */
  readonly minMargin?: number;
}

/**
 * The MRZ names were read with confidence: the recognisers together (the name prior added) find the names returned
 * clearly likelier than any text one name character away (reading/arbitrateNames.ts `margins`, the lowest over the
 * name lines). Names carry no check digit (ICAO Doc 9303 Part 3 §4.9), so nothing else on the page stands behind
 * them; a page too blurred or too small for the recognisers to tell `MUELLER` from `MUILLER` still reads every
 * number right, and without this check it would be approved with a wrong name. Names in doubt that the visual zone
 * settles (`witnessed`: the page prints them, and not their rivals, in its own typeface) pass. Failure: `low_quality`, InReview: the
 * names are returned (they are the recognisers' best reading, and most often right), and a person looks or the
 * holder sends a sharper photo. Passed when the names were not weighed (a single recogniser, or no rival text), and
 * when names in doubt agree with the session's expected names (`confirmed`): a misread that happens to spell the
 * name the integrator expects is not a risk the review would catch.
 *
 * @param margin - the names' lead (natural log; negative where a rival scores higher but step 8's bounds kept it
 *   out), or null when not weighed
 * @param opts - see {@link NamesConfidentOptions}
 */
export function checkNamesConfident(margin: number | null, opts: NamesConfidentOptions = {}): CheckOutcome {
  const id = CHECK_ID.NamesConfident;
  const minMargin = opts.minMargin ?? NAMES_MIN_MARGIN;
  if (margin === null) return { id, passed: true, detail: 'the names were not weighed by two recognisers; not checked' };
  const odds = (m: number) => (Math.exp(m) >= 100 ? '100 or more' : Math.exp(m).toPrecision(2));
  const than = 'as likely as the closest reading one name character away';
  if (margin >= minMargin) return { id, passed: true, detail: `the recognisers find the names ${odds(margin)} times ${than}` };
  if (opts.witnessed) return { id, passed: true, detail: `the recognisers find the names only ${odds(margin)} times ${than}, but the visual zone prints them and not that reading` };
  if (opts.confirmed) return { id, passed: true, detail: `the recognisers find the names only ${odds(margin)} times ${than}, but they agree with the expected names` };
  return {
    id,
    passed: false,
    detail: `${NAMES_IN_DOUBT}: the recognisers find them only ${odds(margin)} times ${than} (at least ${odds(minMargin)} needed); the image may be too blurred or too small`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.LowQuality, decision: DOCUMENT_DECISION.InReview },
  };
}

/**
 * Whether the session's expected names confirm the names read: the expected `fullName` matches the full name read,
 * or else the expected `firstName` and `lastName` both match theirs ({@link matchName}, as `expected_details`
 * compares them). False when the session expects no such names, or a name compared was not read.
 *
 * @param read - the fields read
 * @param expected - the session's expected details, or null
 */
export function expectedNamesAgree(read: ReadingFields, expected: ExpectedDetails | null | undefined): boolean {
  const given = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';
  if (!expected) return false;
  if (given(expected.fullName)) return read.fullName !== null && matchName(read.fullName, expected.fullName);
  if (!given(expected.firstName) || !given(expected.lastName) || read.firstName === null || read.lastName === null) return false;
  return matchName(read.firstName, expected.firstName) && matchName(read.lastName, expected.lastName);
}
