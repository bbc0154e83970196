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
 * `JANE AAAAAAA`). A field without `<<` holds only a primary identifier. Truncated names stay truncated (the MRZ
 * does not say what was cut).
 *
 * @param field - the name characters of the MRZ (TD3/TD2 line 1 from position 6, TD1 line 3)
 * @example splitMrzName('ERIKSSON<<ANNA<MARIA<<<<<<<<<<') // { lastName: 'ERIKSSON', firstName: 'ANNA MARIA', fullName: 'ANNA MARIA ERIKSSON' }
 */
export function splitMrzName(field: string): MrzName {
  const end = field.indexOf('<<<');
  const name = (end === -1 ? field : field.slice(0, end)).replace(/^<+/, '');
  const separator = name.indexOf('<<');
  const clean = (s: string) => s.replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null;
  const lastName = clean(separator === -1 ? name : name.slice(0, separator));
  const secondary = separator === -1 ? '' : name.slice(separator + 2);
  const secondaryEnd = secondary.indexOf('<<');
  const firstName = separator === -1 ? null : clean(secondaryEnd === -1 ? secondary : secondary.slice(0, secondaryEnd));
  const fullName = [firstName, lastName].filter((x): x is string => x !== null).join(' ') || null;
  return { lastName, firstName, fullName };
}
