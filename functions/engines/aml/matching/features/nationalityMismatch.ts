import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/**
 * Contradicting evidence: the entity lists nationalities or citizenships and the screened nationality is neither
 * one of them nor any other country linked to the entity (dual nationals and residents are not contradicted).
 */
export function nationalityMismatch(ctx: FeatureContext): FeatureResult {
  const nat = ctx.query.nationality;
  const listed = ctx.entity.nationalities;
  if (nat === null || listed.length === 0) return { score: 0, detail: 'no nationality to compare' };
  const linked = listed.includes(nat) || ctx.entity.countries.includes(nat);
  return linked ? { score: 0, detail: `nationality ${nat} is linked to the entity` } : { score: 1, detail: `nationality ${nat} is not among listed ${listed.join(', ')}` };
}
