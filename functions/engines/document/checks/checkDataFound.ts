import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY, type DataSource } from '../constants.ts';
import type { DocumentTemplate } from '../templates/templateSchema.ts';
import type { CheckOutcome } from './checkOutcome.ts';

/**
 * Machine-readable data were found in one of the template's sources. Failure: `barcode_not_found` when the
 * template reads only a PDF417 barcode, else `mrz_not_found`; Declined.
 *
 * @param template - the session's template
 * @param found - the source that was read, or null
 */
export function checkDataFound(template: DocumentTemplate, found: DataSource | null): CheckOutcome {
  const id = CHECK_ID.DataFound;
  if (found) return { id, passed: true, detail: found === 'mrz' ? 'an MRZ was read' : 'an AAMVA PDF417 barcode was decoded' };
  const barcodeOnly = template.dataSources.every((s) => s === 'pdf417');
  const looked = template.dataSources.map((s) => (s === 'mrz' ? 'an MRZ' : 'a decodable PDF417 barcode')).join(' or ');
  return {
    id,
    passed: false,
    detail: `no ${looked.replace(/^an? /, '')} was found on the images sent (looked for ${looked})`,
    failure: {
      errorCategory: barcodeOnly ? DOCUMENT_ERROR_CATEGORY.BarcodeNotFound : DOCUMENT_ERROR_CATEGORY.MrzNotFound,
      decision: DOCUMENT_DECISION.Declined,
    },
  };
}
