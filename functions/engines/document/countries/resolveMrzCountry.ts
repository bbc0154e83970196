import countries from 'i18n-iso-countries/index.js';
import { ICAO_NON_ISO_CODES } from './icaoCodes.ts';

/** A country as the result reports it (SPEC.md 2.4). */
export interface ResolvedCountry {
  /** ISO 3166-1 alpha-3 code, or `null` when the code designates no country. */
  readonly alpha3: string | null;
  /**
   * ISO 3166-1 numeric code as a 3-digit string (`"276"` for DEU), or `null` with `alpha3`. This is the documented
   * meaning of SPEC.md's `nationalityCountryId` and `issuingCountryId`.
   */
  readonly numeric: string | null;
}

const NONE: ResolvedCountry = { alpha3: null, numeric: null };

/**
 * Every state code an MRZ may carry, as printed in a 3-character field (`D<<`, `UTO`, `DEU`): the ISO 3166-1
 * alpha-3 codes (i18n-iso-countries) and the ICAO Doc 9303 Part 3 §5 codes that are not ISO codes
 * ({@link ICAO_NON_ISO_CODES}).
 */
export const MRZ_STATE_CODES: ReadonlySet<string> = new Set(
  [...Object.keys(countries.getAlpha3Codes()), ...Object.keys(ICAO_NON_ISO_CODES)].map((c) => c.padEnd(3, '<')),
);

/**
 * Turns an MRZ state code (issuing state or nationality) into an ISO 3166-1 country.
 *
 * 1. Fillers are dropped (`D<<` -> `D`).
 * 2. The ICAO codes that are not ISO codes are mapped by {@link ICAO_NON_ISO_CODES} (ICAO Doc 9303 Part 3 §5):
 *    `D` -> DEU, GBD/GBN/GBO/GBP/GBS -> GBR; organisations, stateless, refugee and unspecified codes -> null.
 * 3. A current ISO 3166-1 alpha-3 code maps to itself.
 * 4. Anything else -> null: withdrawn codes, test codes such as BDR, misprints, and two-letter codes (a few
 *    pre-2013 issuers printed ISO alpha-2, e.g. Slovenia's `SI<`, but a three-letter code whose middle letter the
 *    OCR dropped looks the same — `COU` read as `CU<` would become Cuba — so two letters are not trusted).
 *
 * @param code - the raw MRZ code, 1-3 characters with optional `<` fillers
 * @example resolveMrzCountry('D<<') // { alpha3: 'DEU', numeric: '276' }
 * @example resolveMrzCountry('XXA') // { alpha3: null, numeric: null }
 */
export function resolveMrzCountry(code: string | null | undefined): ResolvedCountry {
  const trimmed = (code ?? '').replace(/</g, '').trim().toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(trimmed)) return NONE;
  const icao = ICAO_NON_ISO_CODES[trimmed];
  if (icao) return icao.iso === null ? NONE : withNumeric(icao.iso);
  if (trimmed.length === 3 && countries.isValid(trimmed)) return withNumeric(trimmed);
  return NONE;
}

/**
 * Whether an MRZ state code is on ICAO Doc 9303 Part 3 §5's list ({@link MRZ_STATE_CODES}: ISO 3166-1 alpha-3 and
 * ICAO's own codes, `D`, `UTO`, `XXA`…), fillers dropped. False for anything else: test codes
 * such as `BDR`, codes printed by no state's documents (`INP`), two-letter ISO codes (`SI<`), and misreads (`BIH`
 * read `BIN`). A listed code may still resolve to no country (`UTO`, `XXA`: {@link resolveMrzCountry}).
 *
 * @param code - the raw MRZ code, 1-3 characters with optional `<` fillers
 * @example isListedStateCode('D<<') // true
 * @example isListedStateCode('BIN') // false
 */
export function isListedStateCode(code: string | null | undefined): boolean {
  const trimmed = (code ?? '').replace(/</g, '').trim().toUpperCase();
  return /^[A-Z]{1,3}$/.test(trimmed) && MRZ_STATE_CODES.has(trimmed.padEnd(3, '<'));
}

/**
 * The ISO 3166-1 numeric code of an alpha-3 code, as a 3-digit string.
 * @param alpha3 - ISO 3166-1 alpha-3 code
 * @example countryNumericId('USA') // "840"
 */
export function countryNumericId(alpha3: string): string | null {
  const numeric = countries.alpha3ToNumeric(alpha3);
  return numeric ? String(numeric).padStart(3, '0') : null;
}

function withNumeric(alpha3: string): ResolvedCountry {
  return { alpha3, numeric: countryNumericId(alpha3) };
}
