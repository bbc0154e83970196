import { countryNumericId } from '../countries/resolveMrzCountry.ts';
import type { ReadingFields } from '../types.ts';
import type { AamvaData } from './parseAamva.ts';

/**
 * Result fields from an AAMVA payload (AAMVA DL/ID Card Design Standard 2020, Annex D, Table D.3):
 *
 * - `lastName` = DCS (family name; v1 DAB, then v1 DAA "LAST,FIRST,MIDDLE", as fallbacks), `firstName` = DAC + DAD
 *   (first and middle names; v2/v3 DCT given names), commas between names turned into spaces and the values `NONE`
 *   and `unavl` (D.12.5: no such name, name not available) left out, `fullName` = `firstName lastName`;
 * - `documentNumber` = DAQ (customer ID number), `personalNumber` null;
 * - `dateOfBirth` = DBB, `dateOfExpiry` = DBA: MMDDCCYY for US issuers, CCYYMMDD for Canadian ones (DCG `CAN`), the
 *   other order where the issuer's is no real date (see {@link aamvaDate});
 * - `issuingCountry` = DCG (USA or CAN; an IIN of 604xxx is Canadian when DCG is absent), `nationality` null (a
 *   licence does not state nationality).
 *
 * @param data - parsed payload
 */
export function mapAamvaResult(data: AamvaData): ReadingFields {
  const e = data.elements;
  const legacy = (e.DAA ?? '').split(/[,$]/).map((s) => s.trim());
  const lastName = clean(e.DCS ?? e.DAB ?? legacy[0]);
  const firstName = clean([e.DAC ?? e.DCT ?? legacy[1], e.DAD ?? legacy[2]].filter((s) => s && !NO_NAME.test(s)).join(' '));
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

/** Name values that stand for no name (AAMVA 2020 D.12.5): `NONE`, and `unavl` (not available). */
const NO_NAME = /^(NONE|UNAVL)$/i;

function clean(s: string | undefined): string | null {
  const v = (s ?? '').replace(/[\s,]+/g, ' ').trim();
  return v.length > 0 ? v.toUpperCase() : null;
}

/**
 * An AAMVA date as `yyyy-MM-dd` (Annex D.12.4: MMDDCCYY in the USA, CCYYMMDD in Canada); null if not a real date.
 * Where the issuer's order gives no real date of the years 1900-2199, the other order is tried: version 1 payloads
 * (AAMVA DL/ID-2000) of US issuers wrote CCYYMMDD. The two never both fit: CCYYMMDD read as MMDDCCYY has a month
 * of 19 to 21, and MMDDCCYY read as CCYYMMDD a year below 1300.
 *
 * @param value - 8 digits
 * @param canadian - the issuer is Canadian
 */
export function aamvaDate(value: string | undefined, canadian: boolean): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const ymd = realDate(value.slice(0, 4), value.slice(4, 6), value.slice(6, 8));
  const mdy = realDate(value.slice(4, 8), value.slice(0, 2), value.slice(2, 4));
  return canadian ? (ymd ?? mdy) : (mdy ?? ymd);
}

/** `yyyy-MM-dd` if it names a real day of the years 1900-2199, else null. */
function realDate(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m}-${d}`;
  const year = Number(y);
  if (year < 1900 || year > 2199) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
