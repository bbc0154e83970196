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
 * - `issuingCountry` = DCG (USA, CAN or MEX); when DCG is absent (version 1 and some later payloads), the country
 *   of the Issuer Identification Number ({@link issuerCountry}), `nationality` null (a licence does not state
 *   nationality);
 * - a value more than twice as long as Annex D allows for its element (DAQ 25 characters, names 40;
 *   {@link MAX_LENGTH}) is left out: a payload whose separators were lost runs every later element into one value
 *   (150-260 characters in the payloads of that kind seen), while issuers' test cards fill fields to a little beyond
 *   the maximum (California's: a DAQ of 27 characters).
 *
 * @param data - parsed payload
 */
export function mapAamvaResult(data: AamvaData): ReadingFields {
  const e: Record<string, string | undefined> = Object.fromEntries(Object.entries(data.elements).filter(([id, v]) => v.length <= 2 * (MAX_LENGTH[id] ?? Infinity)));
  // A version 1 name part beyond a name's length is the rest of a payload whose separators were lost.
  const legacy = legacyName(e.DAA ?? '').map((part) => (part && part.length <= 2 * NAME_MAX_LENGTH ? part : undefined));
  const lastName = clean(e.DCS ?? e.DAB ?? legacy[0]);
  const firstName = clean([e.DAC ?? e.DCT ?? legacy[1], e.DAD ?? legacy[2]].filter((s) => s && !NO_NAME.test(s)).join(' '));
  const country = e.DCG === 'CAN' || e.DCG === 'USA' || e.DCG === 'MEX' ? e.DCG : issuerCountry(data.iin, e.DAJ);
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

/**
 * Longest values Annex D (Table D.3) allows for the elements mapped: DAQ 25 characters, DCS/DAC/DAD 40, DCG 3, dates
 * 8 (10 here, for dates written with separators); DAB, DCT and DAA (versions 1-3) are given room for a whole name.
 * Values more than twice as long are left out (see {@link mapAamvaResult}).
 */
export const MAX_LENGTH: Readonly<Record<string, number>> = { DAQ: 25, DCS: 40, DAC: 40, DAD: 40, DAB: 40, DCT: 80, DAA: 125, DCG: 3, DBB: 10, DBA: 10 };

/** Longest name Annex D allows (DCS, DAC, DAD: 40 characters); a part of DAA more than twice as long is left out. */
const NAME_MAX_LENGTH = 40;

/**
 * The version 1 name element DAA as `[last, first, middle]`. Annex D of AAMVA DL/ID-2000 writes
 * `LAST,FIRST,MIDDLE` (commas, or `$`); Pennsylvania writes `FIRST MIDDLE LAST` with spaces and a suffix after the
 * surname (`JOHN P SMITH JR`): without a separator, the last word that is not a suffix is taken as the surname and
 * the words before it as the given names.
 */
function legacyName(daa: string): [string | undefined, string | undefined, string | undefined] {
  if (/[,$]/.test(daa)) {
    const [last, first, middle] = daa.split(/[,$]/).map((s) => s.trim());
    return [last, first, middle];
  }
  const words = daa.trim().split(/\s+/).filter(Boolean);
  if (words.length > 1 && NAME_SUFFIX.test(words[words.length - 1] as string)) words.pop();
  const last = words.pop();
  return [last, words.length > 0 ? words.join(' ') : undefined, undefined];
}

/** Generational suffixes written after a surname (as AAMVA's name suffix element DCU has them): JR, SR, 1ST-9TH, I-IX. */
const NAME_SUFFIX = /^(JR|SR|[1-9](ST|ND|RD|TH)|I{1,3}|IV|VI{0,3}|IX)\.?$/i;

/**
 * Issuer Identification Numbers of Canadian and Mexican issuers (AAMVA's IIN list, aamva.org "IIN and RID"): Canadian
 * provinces and territories hold numbers in both the 636 and the 604 ranges, and US territories also hold 604
 * numbers (American Samoa 604427, Northern Mariana Islands 604430, Puerto Rico 604431), so the range tells nothing.
 */
const ISSUER_COUNTRY: Readonly<Record<string, 'CAN' | 'MEX'>> = {
  '604426': 'CAN', // Prince Edward Island
  '604428': 'CAN', // Quebec
  '604429': 'CAN', // Yukon
  '604432': 'CAN', // Alberta
  '604433': 'CAN', // Nunavut
  '604434': 'CAN', // Northwest Territories
  '636012': 'CAN', // Ontario
  '636013': 'CAN', // Nova Scotia
  '636016': 'CAN', // Newfoundland and Labrador
  '636017': 'CAN', // New Brunswick
  '636028': 'CAN', // British Columbia
  '636044': 'CAN', // Saskatchewan
  '636048': 'CAN', // Manitoba
  '636056': 'MEX', // Coahuila
  '636057': 'MEX', // Hidalgo
};

/** Canadian province and territory codes as DAJ (jurisdiction code) gives them. */
const CANADIAN_JURISDICTIONS = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

/**
 * The issuing country when DCG is absent: from the IIN ({@link ISSUER_COUNTRY}), else Canada when DAJ names a
 * province or territory (an Alberta card carries the IIN 990876, in no list), else the USA.
 *
 * @param iin - the header's Issuer Identification Number
 * @param jurisdiction - DAJ, if present
 */
export function issuerCountry(iin: string, jurisdiction: string | undefined): 'USA' | 'CAN' | 'MEX' {
  return ISSUER_COUNTRY[iin] ?? (jurisdiction && CANADIAN_JURISDICTIONS.has(jurisdiction.trim().toUpperCase()) ? 'CAN' : 'USA');
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
 * @param raw - 8 digits (or MM-DD-CCYY / CCYY-MM-DD, separators `-` or `/`)
 * @param canadian - the issuer is Canadian
 */
export function aamvaDate(raw: string | undefined, canadian: boolean): string | null {
  // North Carolina version 1 payloads write MM-DD-CCYY: separators are dropped.
  const value = raw?.replace(/^(\d{2})[-/](\d{2})[-/](\d{4})$|^(\d{4})[-/](\d{2})[-/](\d{2})$/, '$1$2$3$4$5$6');
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
