import type { TextKey } from './i18n.js';

/**
 * `errorCategory` (the service's closed set, functions/core/constants.ts `ErrorCategory`, README.md) mapped to a
 * plain instruction for the end user. `fixable` marks the categories a new photo can fix.
 */
export const CATEGORY_INSTRUCTIONS = {
  invalid_image: { text: 'cat_invalid_image', fixable: true },
  unsupported_media: { text: 'cat_unsupported_media', fixable: true },
  no_face_detected: { text: 'cat_no_face_detected', fixable: true },
  multiple_faces: { text: 'cat_multiple_faces', fixable: true },
  low_quality: { text: 'cat_low_quality', fixable: true },
  document_not_detected: { text: 'cat_document_not_detected', fixable: true },
  document_type_mismatch: { text: 'cat_document_type_mismatch', fixable: true },
  mrz_not_found: { text: 'cat_mrz_not_found', fixable: true },
  mrz_checksum_failed: { text: 'cat_mrz_checksum_failed', fixable: true },
  barcode_not_found: { text: 'cat_barcode_not_found', fixable: true },
  document_expired: { text: 'cat_document_expired', fixable: false },
  back_side_required: { text: 'cat_back_side_required', fixable: true },
  data_mismatch: { text: 'cat_data_mismatch', fixable: false },
  provider_error: { text: 'cat_provider_error', fixable: false },
} as const satisfies Record<string, { text: TextKey; fixable: boolean }>;

/** An errorCategory value the flow knows. */
export type KnownCategory = keyof typeof CATEGORY_INSTRUCTIONS;

/** True when `category` is known and a new capture can fix it. */
export function isFixableCategory(category: string): category is KnownCategory {
  return category in CATEGORY_INSTRUCTIONS && CATEGORY_INSTRUCTIONS[category as KnownCategory].fixable;
}

/** The instruction for a category; an unknown category gets the generic "could not be completed" text. */
export function instructionFor(category: string, t: (key: TextKey) => string): string {
  const entry = (CATEGORY_INSTRUCTIONS as Record<string, { text: TextKey }>)[category];
  return t(entry ? entry.text : 'cat_provider_error');
}
