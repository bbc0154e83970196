import type { DocumentDecision, DocumentErrorCategory } from '../constants.ts';
import type { DocumentCheck } from '../types.ts';

/** A check's outcome and, when it fails, the errorCategory and decision its failure implies. */
export interface CheckOutcome extends DocumentCheck {
  readonly failure?: { readonly errorCategory: DocumentErrorCategory; readonly decision: DocumentDecision };
}
