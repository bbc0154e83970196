/**
 * The MRZ character set and the character classes a layout position may hold.
 *
 * ICAO Doc 9303 Part 3 §4.1 (8th ed., 2021): the machine-readable zone uses the OCR-B characters `0`-`9`, `A`-`Z`
 * and the filler `<`, nothing else.
 */

/** The 37 MRZ characters, in the order used by the OCR class index (digits, letters, filler). */
export const MRZ_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<' as const;

/** The filler `<` (ICAO Doc 9303 Part 3 §4.1): pads fields and separates name parts. */
export const MRZ_FILLER = '<' as const;

/** Index of each MRZ character in {@link MRZ_ALPHABET}. */
export const MRZ_INDEX: ReadonlyMap<string, number> = new Map([...MRZ_ALPHABET].map((c, i) => [c, i]));

/**
 * Character classes of MRZ positions (ICAO Doc 9303 Part 3 §4.1 and the field tables of Parts 4-6): what the
 * field's definition allows at that position. The reader decodes each position within its class, so that a date
 * position can never be read as `O` or a name position as `0`.
 */
export const CHAR_CLASS = {
  /** Digits only (dates, numeric check digits). */
  Digit: '0123456789',
  /** Digit or filler (check digits that may be `<`, birth dates with unknown parts). */
  DigitOrFiller: '0123456789<',
  /** Letters and filler (names, state codes, document codes). */
  Alpha: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ<',
  /** First character of a TD3 document code: `P` (passports, Part 4 §4.2.2) or `V` (MRV-A visas, Part 7). */
  DocumentCodeTd3: 'PV',
  /**
   * First character of a TD2 document code: `A`, `C`, `I` (Part 6 §4.2.2), `V` (MRV-B visas, Part 7), and `P`,
   * which no TD2 has but is kept so that a passport's lines read as a TD2 are recognised and refused (see
   * readMrzZone.ts `plausible`) rather than decoded into another code.
   */
  DocumentCodeTd2: 'ACIPV',
  /** First character of a TD1 document code: `A`, `C` or `I` (Part 5 §4.2.2). */
  DocumentCodeTd1: 'ACI',
  /** Any MRZ character (document numbers, optional data). */
  Any: MRZ_ALPHABET,
  /** Sex: `M`, `F`, `X` (unspecified, Part 4 §4.2.2) or `<`. */
  Sex: 'MFX<',
} as const;
/** One of {@link CHAR_CLASS}. */
export type CharClass = (typeof CHAR_CLASS)[keyof typeof CHAR_CLASS];
