import { countryNumericId } from '../countries/resolveMrzCountry.ts';
import type { DocumentReading, ReadingFields } from '../types.ts';
import type { LabelledDocument } from './labelSet.ts';

/** Result fields scored by the evaluation (SPEC.md 2.4). */
export const SCORED_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'dateOfBirth',
  'dateOfExpiry',
  'documentNumber',
  'personalNumber',
  'nationality',
  'nationalityCountryId',
  'issuingCountry',
  'issuingCountryId',
] as const;
/** One of {@link SCORED_FIELDS}. */
export type ScoredField = (typeof SCORED_FIELDS)[number];

/** The score of one reading against its labels. */
export interface CaseScore {
  /** Per field: right, wrong, or not scored (ambiguous fields, non-`read` documents). */
  readonly fields: Partial<Record<ScoredField, boolean>>;
  /** Every scored field right (a `read` document), or the expected refusal happened (other outcomes). */
  readonly pass: boolean;
  /** A field was returned although a check digit protecting it fails as printed (`checks_fail` documents). */
  readonly acceptedFailingField: boolean;
  readonly notes: readonly string[];
}

/**
 * Which label check-digit entries protect a result field: its own, and for the personal number the composite too
 * (TD1/TD2 optional data have no digit of their own; ICAO Doc 9303 Part 3 §4.9 computes the composite over it).
 */
const PROTECTED_BY: Partial<Record<ScoredField, readonly string[]>> = {
  documentNumber: ['documentNumber'],
  dateOfBirth: ['dateOfBirth'],
  dateOfExpiry: ['dateOfExpiry'],
  personalNumber: ['personalNumber', 'composite'],
};

/**
 * Scores a reading against a labelled document (README.md of ../shared/data/documents):
 *
 * - `read`: each scored field equals the expected value (`*CountryId` derived from the expected alpha-3);
 *   `ambiguousFields` are not scored; `lenientFields` compare ignoring spaces and accept null; the document passes
 *   when every scored field is right;
 * - `checks_fail`: passes when the decision is not Approved and no field protected by a check digit that fails as
 *   printed is returned, whatever its value (a field its digits do not prove is not to be accepted, even where it
 *   happens to be right);
 * - `unsupported_document`: passes when refused as `document_type_mismatch` with no field returned;
 * - `no_mrz`, `unreadable`: pass when no field is returned.
 *
 * @param doc - the labelled document
 * @param reading - the engine's reading
 */
export function scoreReading(doc: LabelledDocument, reading: DocumentReading): CaseScore {
  const r = reading.result;
  const notes: string[] = [];
  const anyField = SCORED_FIELDS.some((f) => r[f] !== null);
  switch (doc.expectedOutcome) {
    case 'read': {
      const e = doc.expected ?? {};
      const ambiguous = new Set(doc.ambiguousFields ?? []);
      const lenient = new Set(doc.lenientFields ?? []);
      const want: Record<ScoredField, string | null> = {
        firstName: e.firstName ?? null,
        lastName: e.lastName ?? null,
        fullName: e.fullName ?? null,
        dateOfBirth: e.dateOfBirth ?? null,
        dateOfExpiry: e.dateOfExpiry ?? null,
        documentNumber: e.documentNumber ?? null,
        personalNumber: e.personalNumber ?? null,
        nationality: e.nationality ?? null,
        nationalityCountryId: e.nationality ? countryNumericId(e.nationality) : null,
        issuingCountry: e.issuingCountry ?? null,
        issuingCountryId: e.issuingCountry ? countryNumericId(e.issuingCountry) : null,
      };
      const fields: Partial<Record<ScoredField, boolean>> = {};
      for (const f of SCORED_FIELDS) {
        const base = f.replace(/CountryId$/, '') as ScoredField;
        const key = f === 'nationalityCountryId' ? 'nationality' : f === 'issuingCountryId' ? 'issuingCountry' : base;
        if (ambiguous.has(key)) continue;
        const got = r[f as keyof ReadingFields];
        const ok = lenient.has(key) ? got === null || squash(got) === squash(want[f]) : got === want[f];
        fields[f] = ok;
        if (!ok) notes.push(`${f}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want[f])}`);
      }
      return { fields, pass: Object.values(fields).every(Boolean), acceptedFailingField: false, notes };
    }
    case 'checks_fail': {
      const failing = new Set(Object.entries(doc.mrz?.checkDigitsValid ?? {}).filter(([, ok]) => !ok).map(([k]) => k));
      let accepted = false;
      for (const [field, groups] of Object.entries(PROTECTED_BY) as Array<[ScoredField, readonly string[]]>) {
        if (r[field] !== null && groups.some((g) => failing.has(g))) {
          accepted = true;
          notes.push(`${field} returned (${JSON.stringify(r[field])}) although the ${groups.filter((g) => failing.has(g)).join('/')} check digit fails`);
        }
      }
      if (reading.decision === 'Approved') notes.push('approved');
      return { fields: {}, pass: !accepted && reading.decision !== 'Approved', acceptedFailingField: accepted, notes };
    }
    case 'unsupported_document': {
      const ok = r.errorCategory === 'document_type_mismatch' && !anyField;
      if (!ok) notes.push(`errorCategory ${r.errorCategory}, fields ${anyField ? 'returned' : 'empty'}`);
      return { fields: {}, pass: ok, acceptedFailingField: false, notes };
    }
    default: {
      if (anyField) notes.push('fields returned for a document without readable data');
      return { fields: {}, pass: !anyField && reading.decision !== 'Approved', acceptedFailingField: false, notes };
    }
  }
}

function squash(s: string | null): string {
  return (s ?? '').replace(/[\s<]/g, '');
}
