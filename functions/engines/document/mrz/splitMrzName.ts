/** Names of an MRZ name field. */
export interface MrzName {
  /** Primary identifier (surname), `<` turned into spaces; null when empty. */
  readonly lastName: string | null;
  /** Secondary identifier (given names), `<` turned into spaces; null when absent. */
  readonly firstName: string | null;
  /** `firstName lastName`, or the one that is present; null when both are absent. */
  readonly fullName: string | null;
}

/**
 * Splits an MRZ name field (ICAO Doc 9303 Part 3 §4.6): the primary identifier, `<<`, the secondary identifier,
 * components separated by single `<`, fillers to the end. A run of three or more `<` ends the name, and so does a
 * second `<<` after the one that ends the primary identifier: ICAO allows neither inside a name, so anything after
 * them is OCR noise in the fillers and is ignored (the Australian specimen of ../shared/data/documents under a light
 * spot, `eval:document --glare 0.6`, read `CITIZEN<<JANE<<AAAAAAA<<<<AAAAA…`, and JANE had been returned as
 * `JANE AAAAAAA`). One exception: when the first run of fillers after the primary identifier is exactly three long
 * and two letters follow it, it is taken for the separator with a filler too many, which the fixed-length decoding
 * inserts now and then (synthetic seed 99 `syn-0158`, a clean 918-pixel page: `OLIVEIRA<<NOAH<ZOE` read
 * `OLIVEIRA<<<NOAH<ZOE`, and the given names were dropped). A field without `<<` holds only a primary identifier; a
 * field that opens with exactly `<<` has an empty one (`lastName` null) and the given names after it, as Indian
 * passports print a holder without surname (`P<IND<<RAVI<KUMAR<<…`, in public MRZ parsers' tests). Truncated names stay
 * truncated (the MRZ does not say what was cut).
 *
 * @param field - the name characters of the MRZ (TD3/TD2 line 1 from position 6, TD1 line 3)
 * @example splitMrzName('ERIKSSON<<ANNA<MARIA<<<<<<<<<<') // { lastName: 'ERIKSSON', firstName: 'ANNA MARIA', fullName: 'ANNA MARIA ERIKSSON' }
 */
export function splitMrzName(field: string): MrzName {
  const { start, separator, end } = mrzNameExtent(field);
  const clean = (s: string) => s.replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null;
  const lastName = clean(field.slice(start, separator === -1 ? end : separator));
  const firstName = separator === -1 ? null : clean(field.slice(separator + 2, Math.max(end, separator + 2)));
  const fullName = [firstName, lastName].filter((x): x is string => x !== null).join(' ') || null;
  return { lastName, firstName, fullName };
}

/**
 * Where {@link splitMrzName} finds the name in an MRZ name field: it starts after any leading fillers (exactly two:
 * the separator of an empty primary identifier, `start` and `separator` 0); a run of three
 * or more `<` ends it (except a first run of exactly three followed by two letters: the separator, with the given names
 * after it), and so does a second `<<` after the separator `<<` that ends the primary identifier; trailing
 * fillers are not part of it. Also used where the engine counts the characters dropped in a name (reading/nameGaps.ts),
 * so that it counts where the parser ends the name.
 *
 * @param field - the name characters of the MRZ
 * @returns indices into `field`: `start` (first character of the name), `separator` (the `<<` after the primary
 *   identifier, -1 when the name has none) and `end` (exclusive, after its last character other than `<`)
 * @example mrzNameExtent('ERIKSSON<<ANNA<MARIA<<<<<<<<<<') // { start: 0, separator: 8, end: 20 }
 */
export function mrzNameExtent(field: string): { start: number; separator: number; end: number } {
  const leading = field.length - field.replace(/^<+/, '').length;
  if (leading === 2) {
    // An empty primary identifier: the field opens with the separator, the given names follow up to the next `<<`.
    const next = field.indexOf('<<', 2);
    let end = next === -1 ? field.length : next;
    while (end > 2 && field[end - 1] === '<') end--;
    return { start: 0, separator: 0, end };
  }
  // The first run of fillers after the primary identifier, when exactly three long and followed by a name, is the
  // separator with one filler too many.
  const first = field.indexOf('<<', leading);
  const widened = first !== -1 && /^<<<[A-Z]{2}/.test(field.slice(first)) ? first + 3 : 0;
  const run = field.indexOf('<<<', widened);
  const limit = run === -1 ? field.length : run;
  const start = Math.min(limit, leading);
  const inName = field.slice(0, limit);
  const separator = inName.indexOf('<<', start);
  const next = separator === -1 ? -1 : inName.indexOf('<<', separator + 2);
  let end = next === -1 ? limit : next;
  while (end > start && field[end - 1] === '<') end--;
  return { start, separator, end };
}
