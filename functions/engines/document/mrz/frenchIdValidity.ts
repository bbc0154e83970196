/**
 * The last day a French national identity card of 1988-2021 (mrz/layouts.ts `FRENCH_NATIONAL_ID`) can be valid,
 * from the year and month of issue its card number opens with (`YYMM`; the card prints no expiry date in its MRZ).
 * Cards issued from 2004 may be valid 15 years (décret n° 2013-1188 of 18 December 2013: 15 years for cards issued
 * to adults from 2 January 2004 on; 10 years for minors), cards issued before 2004 10 years (the validity the
 * décret n° 55-1397 set for the card, as amended). The holder's age at issue is not in the MRZ, so this is the latest
 * possible day: a card past it is expired whoever holds it, one before it may still be (a minor's card after
 * 10 years). Years `88`-`99` are 1988-1999 (the card was first issued in 1988), others 20YY.
 *
 * @param documentNumber - the 12-character card number (its check digit verified by the caller)
 * @returns `yyyy-MM-dd`, or null when the number does not open with a year and month
 * @example frenchIdLatestValidity('880692310285') // "1998-06-30"
 * @example frenchIdLatestValidity('070278308762') // "2022-02-28"
 */
export function frenchIdLatestValidity(documentNumber: string): string | null {
  const m = /^(\d{2})(\d{2})/.exec(documentNumber);
  if (!m) return null;
  const yy = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  const year = yy >= FIRST_ISSUE_YY ? 1900 + yy : 2000 + yy;
  const years = year >= 2004 ? 15 : 10;
  // Day 0 of the next month is the month's last day.
  return new Date(Date.UTC(year + years, month, 0)).toISOString().slice(0, 10);
}

/** Two-digit year of the first French identity cards of this layout (1988, Hauts-de-Seine; décret n° 87-178). */
const FIRST_ISSUE_YY = 88;
