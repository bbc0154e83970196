import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/** Contradicting evidence: the list gives a gender and it differs from the screened one. */
export function genderMismatch(ctx: FeatureContext): FeatureResult {
  const g = ctx.query.gender;
  const listed = ctx.entity.gender;
  if (g === null || listed === undefined) return { score: 0, detail: 'no gender to compare' };
  return g === listed ? { score: 0, detail: `gender ${g} agrees` } : { score: 1, detail: `gender ${g} differs from listed ${listed}` };
}
