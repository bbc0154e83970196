import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { DocumentTemplate } from '../templates/templateSchema.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * The issuing state is the template's country, when the template has one (e.g. `doc_fra_id_card`). Failure:
 * `document_type_mismatch` (a document of another state is another kind of document for that template), Declined.
 *
 * @param template - the session's template
 * @param issuingCountry - ISO alpha-3 of the issuing state as read, or null
 * @param rawCode - the code as printed, for the message
 */
export function checkIssuingCountry(template: DocumentTemplate, issuingCountry: string | null, rawCode: string | null): CheckOutcome {
  const id = CHECK_ID.IssuingCountry;
  if (template.country === null) return { id, passed: true, detail: `${template.id} accepts any issuing state` };
  if (issuingCountry === template.country) return { id, passed: true, detail: `issued by ${issuingCountry}, as ${template.id} requires` };
  return {
    id,
    passed: false,
    detail: `issued by ${issuingCountry ?? rawCode ?? 'an unknown state'}; ${template.id} accepts documents of ${template.country} only`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DocumentTypeMismatch, decision: DOCUMENT_DECISION.Declined },
  };
}
