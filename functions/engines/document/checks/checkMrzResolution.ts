import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY, MRZ_SHAPE, type MrzFormat } from '../constants.ts';
import { quadSize, type Quad } from '../geometry/quad.ts';
import { median } from '../image/glyphHeights.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * Least character pitch, in pixels of the image as read, at which {@link checkMrzResolution} passes: 5.5 px.
 *
 * ICAO Doc 9303 Part 3 §4.2 prints the MRZ at 2.54 mm per character, so 5.5 px is a scan of about 55 dpi: a TD3
 * page about 270 px wide, a TD1 card about 185 px. Chosen on developer data in the fifty-eighth session
 * (docs/document-verification-log.md "Fifty-eighth session"; `npm run eval:document -- --verbose` prints each reading's
 * pitch): of 599 readings of pages to read (blind photo seed 67 plain and as 331-px thumbnails, the shared real
 * specimens plain, as 250- and 331-px thumbnails and placed small, synthetic seed 6767), the 73 below 5.5 px returned
 * a wrong field 13 times (12 of the 45 below 5 px), the 526 at or above it never; every wrong field approved (3) lay
 * below it, the highest at 5.19 px. Checked once on sets generated afterwards (seed 68, 402 readings): 10 of the 70
 * below it returned a wrong value, none of the 332 at or above it.
 */
export const MRZ_MIN_PITCH_PX = 5.5;

/** How the detail of a failed {@link checkMrzResolution} begins (the step's `statusReason` when it decides). */
export const MRZ_TOO_SMALL = 'the MRZ is too small to read with confidence';

/**
 * The MRZ's character pitch: the median length of its lines' quads (text direction, mean of the top and bottom
 * edges) divided by the format's characters per line (ICAO Doc 9303: 30 for TD1, 36 for TD2 and the French card of
 * 1988-2021, 44 for TD3).
 *
 * @param format - the format read
 * @param quads - where the lines are, in pixels of the image read (reading/readMrzZone.ts `MrzZoneReading.quads`)
 * @returns pixels per character, > 0; null when there are no quads
 */
export function mrzCharacterPitch(format: MrzFormat, quads: readonly Quad[]): number | null {
  if (quads.length === 0) return null;
  return median(quads.map((q) => quadSize(q).width)) / MRZ_SHAPE[format].length;
}

/**
 * The MRZ was read at a resolution its reading can be trusted at: its characters stand at least
 * {@link MRZ_MIN_PITCH_PX} apart. Below that the recognisers return a wrong field about one reading in six on
 * developer data, and the check digits cannot catch all of them: names, nationality and issuing state carry none
 * (ICAO Doc 9303 Part 3 §4.9), and look-alike pairs such as `OO` read `00` at weights 7 and 3 verify as read (see
 * Known limitations in docs/document-verification.md). Failure: `low_quality`, InReview: the fields are returned (most
 * such readings are right) and a person looks, or the holder sends a closer photo. Passed when the pitch is unknown.
 *
 * @param pitch - pixels per character ({@link mrzCharacterPitch}), or null when unknown
 * @param minPitch - the least pitch accepted, pixels. @default {@link MRZ_MIN_PITCH_PX}
 */
export function checkMrzResolution(pitch: number | null, minPitch = MRZ_MIN_PITCH_PX): CheckOutcome {
  const id = CHECK_ID.MrzResolution;
  if (pitch === null) return { id, passed: true, detail: 'the MRZ lines were not located; not checked' };
  if (pitch >= minPitch) return { id, passed: true, detail: `the MRZ characters stand ${pitch.toFixed(1)} px apart (at least ${minPitch} needed)` };
  return {
    id,
    passed: false,
    detail: `${MRZ_TOO_SMALL}: its characters stand ${pitch.toFixed(1)} px apart (at least ${minPitch} needed); a person should look, or the holder sends a closer photo`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.LowQuality, decision: DOCUMENT_DECISION.InReview },
  };
}
