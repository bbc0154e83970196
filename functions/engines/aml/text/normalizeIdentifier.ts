/**
 * Identifier numbers compare on their letters and digits only: "717 637 093", "717-637093" and "717637093"
 * are the same passport number.
 */

/** Shortest normalised identifier that counts as evidence; shorter numbers collide by chance. */
export const MIN_IDENTIFIER_LENGTH = 5;

/**
 * Upper-case letters and digits of `value`, or null when fewer than {@link MIN_IDENTIFIER_LENGTH} remain or
 * no digit is present.
 *
 * @example normalizeIdentifier('No. 71-76 37093') // 'NO717637093'
 */
export function normalizeIdentifier(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const key = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key.length >= MIN_IDENTIFIER_LENGTH && /\d/.test(key) ? key : null;
}
