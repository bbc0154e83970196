/**
 * Partial dates: lists publish dates of birth as full dates, year and month, a year, "circa" years or ranges.
 * The entity model keeps each as an ISO prefix: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as precise as published.
 */

/** English month names and abbreviations as OFAC writes them ("03 May 1938", "Sep 1970"). */
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11,
  november: 11, dec: 12, december: 12,
};

/** The widest year range kept from a "YYYY to YYYY" date; wider ranges are kept as their two end years. */
const MAX_RANGE_YEARS = 12;

/**
 * `YYYY`, `YYYY-MM` or `YYYY-MM-DD` from parts; unknown parts are 0, null or undefined (OFSI writes
 * `00/00/1994`). Null when the year is missing or implausible (before 1850 or after 2100).
 *
 * @example partialDate(1994, 0, 0) // '1994'
 */
export function partialDate(year: number | null | undefined, month?: number | null, day?: number | null): string | null {
  if (year === null || year === undefined || !Number.isInteger(year) || year < 1850 || year > 2100) return null;
  const y = String(year);
  if (month === null || month === undefined || !Number.isInteger(month) || month < 1 || month > 12) return y;
  const m = `${y}-${String(month).padStart(2, '0')}`;
  if (day === null || day === undefined || !Number.isInteger(day) || day < 1 || day > 31) return m;
  return `${m}-${String(day).padStart(2, '0')}`;
}

/**
 * Every partial date written in `text`: ISO dates and prefixes (`1962-05-01`, `1962-05`, `1962`),
 * `dd/mm/yyyy` (with `00` for unknown parts), `DD Mon YYYY`, `Mon YYYY`, `circa YYYY`, and ranges
 * `A to B` (every year of the range, up to 12 years). Unparseable text gives an empty list.
 *
 * @example parsePartialDates('DOB 01 Jan 1960 to 31 Dec 1962') // ['1960', '1961', '1962']
 * @example parsePartialDates('00/05/1970') // ['1970-05']
 */
export function parsePartialDates(text: string | null | undefined): string[] {
  if (text === null || text === undefined) return [];
  const cleaned = text.replace(/\b(?:DOB|circa|approximately|approx\.?|about|c\.)\s*/gi, ' ').trim();
  const range = cleaned.split(/\s+(?:to|-|–)\s+/i);
  if (range.length === 2) {
    const from = parseOne(range[0] as string);
    const to = parseOne(range[1] as string);
    if (from !== null && to !== null) {
      const fy = Number(from.slice(0, 4));
      const ty = Number(to.slice(0, 4));
      if (ty >= fy && ty - fy < MAX_RANGE_YEARS) {
        const years: string[] = [];
        for (let y = fy; y <= ty; y++) years.push(String(y));
        return years;
      }
      return [from, to];
    }
  }
  const one = parseOne(cleaned);
  return one === null ? [] : [one];
}

/** One date in any of the forms of {@link parsePartialDates}, or null. */
function parseOne(text: string): string | null {
  const t = text.trim().replace(/\.$/, '');
  let m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T.*)?$/.exec(t);
  if (m) return partialDate(Number(m[1]), m[2] ? Number(m[2]) : null, m[3] ? Number(m[3]) : null);
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(t);
  if (m) return partialDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS[(m[2] as string).toLowerCase()];
    return month === undefined ? null : partialDate(Number(m[3]), month, Number(m[1]));
  }
  m = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS[(m[1] as string).toLowerCase()];
    return month === undefined ? null : partialDate(Number(m[2]), month, null);
  }
  return null;
}
