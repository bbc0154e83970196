import { countryNumericId } from '../countries/resolveMrzCountry.ts';
import type { ReadingFields } from '../types.ts';
import type { AamvaData } from './parseAamva.ts';

/**
 * Result fields from an AAMVA payload (AAMVA DL/ID Card Design Standard 2020, Annex D, Table D.3):
 *
 * - `lastName` = DCS (family name; v1 DAA "LAST,FIRST,MIDDLE" as a fallback), `firstName` = DAC + DAD (first and
 *   middle names; v2/v3 DCT), `fullName` = `firstName lastName`;
 * - `documentNumber` = DAQ (customer ID number), `personalNumber` null;
 * - `dateOfBirth` = DBB, `dateOfExpiry` = DBA: MMDDCCYY for US issuers, CCYYMMDD for Canadian ones (DCG `CAN`);
 * - `issuingCountry` = DCG (USA or CAN; an IIN of 604xxx is Canadian when DCG is absent), `nationality` null (a
 *   licence does not state nationality).
 *
 * @param data - parsed payload
 */
export function mapAamvaResult(data: AamvaData): ReadingFields {
  const e = data.elements;
  const legacy = (e.DAA ?? '').split(/[,$]/).map((s) => s.trim());
  const lastName = clean(e.DCS ?? legacy[0]);
  const firstName = clean([e.DAC ?? e.DCT ?? legacy[1], e.DAD ?? legacy[2]].filter((s) => s && s !== 'NONE').join(' '));
  const country = e.DCG === 'CAN' || e.DCG === 'USA' ? e.DCG : data.iin.startsWith('604') ? 'CAN' : 'USA';
  const canadian = country === 'CAN';
  return {
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
    dateOfBirth: aamvaDate(e.DBB, canadian),
    dateOfExpiry: aamvaDate(e.DBA, canadian),
    documentNumber: clean(e.DAQ),
    personalNumber: null,
    nationality: null,
    nationalityCountryId: null,
    issuingCountry: country,
    issuingCountryId: countryNumericId(country),
  };
}

function clean(s: string | undefined): string | null {
  const v = (s ?? '').replace(/\s+/g, ' ').trim();
  return v.length > 0 ? v.toUpperCase() : null;
}

/**
 * An AAMVA date as `yyyy-MM-dd` (Annex D.12.4: MMDDCCYY in the USA, CCYYMMDD in Canada); null if not a real date.
 * @param value - 8 digits
 * @param canadian - the issuer is Canadian
 */
export function aamvaDate(value: string | undefined, canadian: boolean): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const [y, m, d] = canadian ? [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)] : [value.slice(4, 8), value.slice(0, 2), value.slice(2, 4)];
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${m}-${d}`) return null;
  return `${y}-${m}-${d}`;
}
