/**
 * ISO 3166-1 alpha-2 → alpha-3 and numeric, from `i18n-iso-countries` (MIT, its `codes.json` table).
 *
 * The package's main entry registers ~80 locale name files at import; the code tables need none, so this imports
 * `index.js` directly.
 */
import countries from 'i18n-iso-countries/index.js';

/** Country codes of one country. */
export interface CountryCodes {
  /** ISO 3166-1 alpha-3, e.g. "USA". */
  readonly alpha3: string;
  /** ISO 3166-1 numeric as a 3-digit string, e.g. "840". */
  readonly numeric: string;
}

/**
 * Converts an alpha-2 code.
 *
 * Kosovo (`XK`, used by DB-IP) is not in ISO 3166-1; the table maps it to the user-assigned codes `XKK` / `983`, which
 * we pass through rather than drop the country (documented in docs/ip-analysis.md).
 *
 * @param alpha2 - two letters, any case
 * @returns both codes, or null for codes the table does not know (e.g. `ZZ`, `EU`, `AP`)
 */
export function countryCodesOf(alpha2: string): CountryCodes | null {
  const upper = alpha2.toUpperCase();
  const known = memo.get(upper);
  if (known !== undefined) return known;
  const codes = lookUp(upper);
  memo.set(upper, codes);
  return codes;
}

/** Results by upper-case alpha-2 (the package searches its table linearly; ~250 possible keys). */
const memo = new Map<string, CountryCodes | null>();

function lookUp(upper: string): CountryCodes | null {
  const alpha3 = countries.alpha2ToAlpha3(upper);
  const numeric = countries.alpha2ToNumeric(upper);
  if (alpha3 === undefined || numeric === undefined) return null;
  return { alpha3, numeric: numeric.padStart(3, '0') };
}
