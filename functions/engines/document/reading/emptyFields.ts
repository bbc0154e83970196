import type { ReadingFields } from '../types.ts';

/** Every result field null: nothing read, or a reading refused as a whole (wrong kind of document). */
export const EMPTY_FIELDS: ReadingFields = Object.freeze({
  firstName: null,
  lastName: null,
  fullName: null,
  dateOfBirth: null,
  dateOfExpiry: null,
  documentNumber: null,
  personalNumber: null,
  nationality: null,
  nationalityCountryId: null,
  issuingCountry: null,
  issuingCountryId: null,
});
