import type { TextKey } from './i18n.js';

/** One template of `GET /api/v1/document-templates` (README.md "Document templates"). */
export interface DocumentTemplateView {
  documentId: string;
  name: string;
  kind: 'passport' | 'id_card' | 'residence_permit' | 'driving_licence' | 'travel_document';
  sides: Array<'front' | 'back'>;
  country: string | null;
}

/** A document type to capture: a template of the service, with its label, sides and card shape. */
export interface DocumentType {
  readonly documentId: string;
  readonly label: TextKey;
  /** The template's name, shown for templates of one issuing state. */
  readonly name: string;
  readonly country: string | null;
  readonly sides: 1 | 2;
  /** Width / height of the framing guide (ICAO Doc 9303: TD3 125 x 88 mm, TD1 85.6 x 53.98 mm). */
  readonly aspect: number;
}

/** Width / height of a TD3 passport data page (ICAO Doc 9303 Part 4: 125 x 88 mm). */
export const PAGE_ASPECT = 125 / 88;
/** Width / height of a TD1 card (ICAO Doc 9303 Part 5, ISO/IEC 7810 ID-1: 85.6 x 53.98 mm). */
export const CARD_ASPECT = 85.6 / 53.98;
const KIND_LABEL: Record<DocumentTemplateView['kind'], TextKey> = {
  passport: 'docPassport',
  travel_document: 'docTravelDocument',
  id_card: 'docIdCard',
  residence_permit: 'docResidencePermit',
  driving_licence: 'docDrivingLicence',
};

/** A template of `GET /api/v1/document-templates` as the flow captures it. */
export function documentType(t: DocumentTemplateView): DocumentType {
  const page = t.kind === 'passport' || t.kind === 'travel_document';
  return { documentId: t.documentId, label: KIND_LABEL[t.kind] ?? 'docIdCard', name: t.name, country: t.country, sides: t.sides.includes('back') ? 2 : 1, aspect: page ? PAGE_ASPECT : CARD_ASPECT };
}
