import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/** The screened nationality is among the entity's nationalities, citizenships or linked countries. */
export function nationalityMatch(ctx: FeatureContext): FeatureResult {
  const nat = ctx.query.nationality;
  if (nat === null) return { score: 0, detail: 'no nationality given' };
  const hit = ctx.entity.nationalities.includes(nat) || ctx.entity.countries.includes(nat);
  return hit ? { score: 1, detail: `nationality ${nat} is linked to the entity` } : { score: 0, detail: `nationality ${nat} is not linked to the entity` };
}
