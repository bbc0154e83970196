import countries from 'i18n-iso-countries/index.js';
import { CHECK_ID, DOCUMENT_DECISION, DOCUMENT_ERROR_CATEGORY } from '../constants.ts';
import type { ExpectedDetails, ReadingFields } from '../types.ts';
import type { CheckOutcome } from './checkOutcome.ts';
import { matchName } from './matchName.ts';

/** Fields whose mismatch declines (identifiers); a mismatch of names alone goes to review. */
const STRONG = ['dateOfBirth', 'documentNumber', 'personalNumber', 'nationality', 'issuingCountry'] as const;
const NAMES = ['firstName', 'lastName', 'fullName'] as const;

/**
 * The data read agree with the session's expected details. Only fields present on both sides are compared:
 * names with {@link matchName} (transliteration, MRZ truncation), dates exactly, document and personal numbers
 * without spaces, fillers and case, countries as ISO alpha-3 (alpha-2 accepted). Failure: `data_mismatch`
 * (`isMismatch`); Declined when an identifier differs (birth date, document or personal number, a country),
 * InReview when only names differ (spelling of names varies between systems, a person decides).
 *
 * @param read - the fields read
 * @param expected - the session's expected details, or null
 */
export function checkExpectedDetails(read: ReadingFields, expected: ExpectedDetails | null | undefined): CheckOutcome {
  const id = CHECK_ID.ExpectedDetails;
  if (!expected) return { id, passed: true, detail: 'no expected details on the session' };
  const compared: string[] = [];
  const differ: string[] = [];
  for (const k of [...NAMES, ...STRONG]) {
    const want = expected[k];
    const got = read[k];
    if (want === undefined || want === null || want === '' || got === null) continue;
    compared.push(k);
    if (!same(k, got, want)) differ.push(k);
  }
  if (compared.length === 0) return { id, passed: true, detail: 'no expected detail could be compared with the data read' };
  if (differ.length === 0) return { id, passed: true, detail: `${compared.join(', ')} match the expected details` };
  const strong = differ.some((k) => (STRONG as readonly string[]).includes(k));
  return {
    id,
    passed: false,
    detail: `${differ.join(', ')} differ${differ.length === 1 ? 's' : ''} from the expected details`,
    failure: { errorCategory: DOCUMENT_ERROR_CATEGORY.DataMismatch, decision: strong ? DOCUMENT_DECISION.Declined : DOCUMENT_DECISION.InReview },
  };
}

function same(field: string, got: string, want: string): boolean {
  if ((NAMES as readonly string[]).includes(field)) return matchName(got, want);
  if (field === 'nationality' || field === 'issuingCountry') return got === toAlpha3(want);
  if (field === 'documentNumber' || field === 'personalNumber') return squash(got) === squash(want);
  return got === want.trim();
}

function squash(s: string): string {
  return s.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function toAlpha3(code: string): string {
  const c = code.trim().toUpperCase();
  return c.length === 2 ? (countries.alpha2ToAlpha3(c) ?? c) : c;
}
