import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { DocumentTemplate } from '../templates/templateSchema.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * Every side the template requires was sent. A missing back is accepted when the front already carries the
 * machine-readable data (a TD2 card's data side, or one image holding both sides): the data are what the back is
 * required for. Failure: `back_side_required`, Declined.
 *
 * @param template - the session's template
 * @param backSent - a back image was sent
 * @param frontHasData - machine-readable data were read from the front
 */
export function checkSidesPresent(template: DocumentTemplate, backSent: boolean, frontHasData: boolean): CheckOutcome {
  const id = CHECK_ID.SidesPresent;
  if (!template.sides.includes('back')) return { id, passed: true, detail: `${template.id} requires the front only` };
  if (backSent) return { id, passed: true, detail: 'front and back were sent' };
  if (frontHasData) return { id, passed: true, detail: 'no back was sent, but the front carries the machine-readable data' };
  return {
    id,
    passed: false,
    detail: `${template.id} requires the back side (backImageBase64) and the front carries no machine-readable data`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.BackSideRequired, decision: DOCUMENT_DECISION.Declined },
  };
}
