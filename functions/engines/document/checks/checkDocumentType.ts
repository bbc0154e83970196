import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY, type MrzFormat } from '../constants.ts';
import type { DocumentTemplate } from '../templates/templateSchema.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/** What kind of machine-readable data was read. */
export type TypeEvidence =
  | { readonly source: 'mrz'; readonly format: MrzFormat; readonly documentCode: string }
  | { readonly source: 'pdf417' };

/**
 * The document is of the kind the template describes: its data source is one of the template's, its MRZ format is
 * one of `mrzFormats`, and the first letter of its document code is one of `documentCodes` (ICAO Doc 9303: `P`
 * passports, `A`/`C`/`I` cards, `V` visas). A visa sent as a passport, or an ID card sent as a passport, fails.
 * Failure: `document_type_mismatch`, Declined, and no field is returned.
 *
 * @param template - the session's template
 * @param evidence - what was read
 */
export function checkDocumentType(template: DocumentTemplate, evidence: TypeEvidence): CheckOutcome {
  const id = CHECK_ID.DocumentType;
  const fail = (detail: string): CheckOutcome => ({
    id,
    passed: false,
    detail,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DocumentTypeMismatch, decision: DOCUMENT_DECISION.Declined },
  });
  if (evidence.source === 'pdf417') {
    return template.dataSources.includes('pdf417')
      ? { id, passed: true, detail: 'AAMVA DL/ID barcode, accepted by the template' }
      : fail(`an AAMVA licence barcode was read, but ${template.id} reads ${template.mrzFormats.join('/')} MRZs only`);
  }
  const letter = evidence.documentCode[0] ?? '';
  const kind = letter === 'V' ? 'a visa' : letter === 'P' ? 'a passport' : `a ${evidence.format} document`;
  if (!template.dataSources.includes('mrz') || !template.mrzFormats.includes(evidence.format)) {
    return fail(`${kind} (${evidence.format} MRZ, code ${evidence.documentCode}) was read; ${template.id} accepts ${template.mrzFormats.join(', ') || 'no'} MRZ formats`);
  }
  if (!template.documentCodes.includes(letter)) {
    return fail(`${kind} (document code ${evidence.documentCode}) was read; ${template.id} accepts codes starting with ${template.documentCodes.join(', ')}`);
  }
  return { id, passed: true, detail: `${evidence.format} MRZ with document code ${evidence.documentCode}, accepted by ${template.id}` };
}
