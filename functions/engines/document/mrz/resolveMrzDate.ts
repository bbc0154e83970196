/**
 * Two-digit MRZ years (ICAO Doc 9303 Part 3 §4.7: dates are YYMMDD) resolved to full dates.
 *
 * - Birth dates: the most recent century that does not put the birth after the verification date (`now`): 20YY if
 *   that date is on or before `now`, else 19YY. With `now` in 2026: `26`…`99` (after today) -> 19YY, `00`-`25`
 *   (and `26` up to today) -> 20YY. A person over 100 (born 1911 with `11` printed) is read as 2011: the MRZ alone
 *   cannot tell, which is why the result's checks flag no ambiguity and docs/document-verification.md says so.
 * - Expiry dates: a fixed pivot, `70`-`99` -> 19YY and `00`-`69` -> 20YY: documents are valid for at most about
 *   10-15 years, so a `69` expiry is 2069 and a `75` expiry an old document of 1975.
 */

/** Expiry years at or above this two-digit value are 19YY (see the module comment). */
export const EXPIRY_CENTURY_PIVOT = 70;

/**
 * Resolves an MRZ birth date (YYMMDD).
 * @param yymmdd - six characters; anything but six digits (fillers for an unknown day or month) gives null
 * @param now - the verification date
 * @returns `yyyy-MM-dd`, or null when the date is not a real calendar date
 * @example resolveBirthDate('740812', new Date('2026-11-21')) // "1974-08-12"
 */
export function resolveBirthDate(yymmdd: string, now: Date): string | null {
  const parts = split(yymmdd);
  if (!parts) return null;
  const recent = 2000 + parts.yy;
  const candidate = isoDate(recent, parts.mm, parts.dd);
  if (candidate === null) return isoDate(1900 + parts.yy, parts.mm, parts.dd);
  return candidate <= now.toISOString().slice(0, 10) ? candidate : isoDate(1900 + parts.yy, parts.mm, parts.dd);
}

/**
 * Resolves an MRZ expiry date (YYMMDD) with {@link EXPIRY_CENTURY_PIVOT}.
 * @param yymmdd - six digits
 * @returns `yyyy-MM-dd`, or null when the date is not a real calendar date
 * @example resolveExpiryDate('120415') // "2012-04-15"
 */
export function resolveExpiryDate(yymmdd: string): string | null {
  const parts = split(yymmdd);
  if (!parts) return null;
  return isoDate((parts.yy >= EXPIRY_CENTURY_PIVOT ? 1900 : 2000) + parts.yy, parts.mm, parts.dd);
}

/**
 * Whether a printed MRZ date (YYMMDD) can be a date: six digits naming a real month and day (29 February allowed,
 * the century being unknown), or with fillers where ICAO Doc 9303 Part 3 lets an unknown part be left out (a birth
 * date of unknown day or month, an ID card without expiry). A check digit that verifies over `451399` still does
 * not make it a date: such a field is a misreading whose check digit happens to verify (1 chance in 10).
 *
 * @param yymmdd - the six characters as printed
 */
export function isMrzDate(yymmdd: string): boolean {
  if (!/^[0-9<]{6}$/.test(yymmdd)) return false;
  const part = (i: number) => yymmdd.slice(i, i + 2);
  const known = (p: string) => /^[0-9]{2}$/.test(p);
  const mm = part(2), dd = part(4);
  if (known(mm) && (Number(mm) < 1 || Number(mm) > 12)) return false;
  if (!known(dd)) return true;
  // 2000 is a leap year: 29 February passes for any two-digit year.
  return Number(dd) >= 1 && Number(dd) <= (known(mm) ? new Date(Date.UTC(2000, Number(mm), 0)).getUTCDate() : 31);
}

function split(yymmdd: string): { yy: number; mm: number; dd: number } | null {
  if (!/^[0-9]{6}$/.test(yymmdd)) return null;
  return { yy: Number(yymmdd.slice(0, 2)), mm: Number(yymmdd.slice(2, 4)), dd: Number(yymmdd.slice(4, 6)) };
}

/** `yyyy-MM-dd` when year, month and day form a real date (29 February only in leap years), else null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
