import anyAscii from 'any-ascii';

/**
 * A name as the MRZ would print it: transliterated to Latin capitals (npm `any-ascii`, close to ICAO Doc 9303
 * Part 3 §6 transliteration), anything but letters turned into spaces, spaces collapsed.
 * @example mrzForm('Jörg-Müller') // "JORG MULLER"
 */
export function mrzForm(name: string): string {
  return anyAscii(name).toUpperCase().replace(/[^A-Z]+/g, ' ').trim();
}

/** ICAO allows Ä/Ö/Ü as AE/OE/UE or A/O/U (Part 3 §6, Table C): both spellings compare equal. */
function folded(name: string): string {
  return name.replace(/AE/g, 'A').replace(/OE/g, 'O').replace(/UE/g, 'U').replace(/ /g, '');
}

/**
 * Whether a name read from a document matches the expected one: equal in MRZ form, equal once the AE/OE/UE
 * transliteration variants are folded, or — because MRZ name fields are truncated when too long — the read name
 * is a prefix of at least 4 letters of the expected one.
 *
 * @param read - name from the document
 * @param expected - name the integrator expects
 */
export function matchName(read: string, expected: string): boolean {
  const a = mrzForm(read);
  const b = mrzForm(expected);
  if (a === b || folded(a) === folded(b)) return true;
  const fa = folded(a), fb = folded(b);
  return fa.length >= 4 && fb.startsWith(fa);
}
