import { normalizeIdentifier } from '../../text/normalizeIdentifier.ts';
import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/**
 * The screened document or personal number equals one of the entity's identifiers (passport, national ID, tax
 * or registration number), compared on letters and digits only and at least 5 characters long.
 */
export function identifierMatch(ctx: FeatureContext): FeatureResult {
  if (ctx.query.identifiers.length === 0) return { score: 0, detail: 'no document or personal number given' };
  for (const id of ctx.entity.identifiers) {
    const key = normalizeIdentifier(id.value);
    if (key !== null && ctx.query.identifiers.includes(key)) return { score: 1, detail: `${id.type} ${id.value} is listed for the entity` };
  }
  return { score: 0, detail: 'no listed identifier equals the given numbers' };
}
