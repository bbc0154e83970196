import { bestRelation, DOB_RELATION } from './dobCompare.ts';
import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/** Score of a near miss (same year but other day or month, or one year apart): half a contradiction. */
export const DOB_NEAR_SCORE = 0.5;

/**
 * Contradicting evidence: the entity lists dates of birth and none agrees with the screened one. Scores 1
 * when every listed year is two or more years away, {@link DOB_NEAR_SCORE} for a near miss.
 */
export function dobMismatch(ctx: FeatureContext): FeatureResult {
  const dob = ctx.query.birthDate;
  if (dob === null || ctx.entity.birthDates.length === 0) return { score: 0, detail: 'no date of birth to compare' };
  const r = bestRelation(dob, ctx.entity.birthDates);
  if (r === DOB_RELATION.Disjoint) return { score: 1, detail: `date of birth ${dob} contradicts every listed one (${ctx.entity.birthDates.join(', ')})` };
  if (r === DOB_RELATION.Near) return { score: DOB_NEAR_SCORE, detail: `date of birth ${dob} is close to but differs from listed ${ctx.entity.birthDates.join(', ')}` };
  return { score: 0, detail: `date of birth ${dob} does not contradict the listed ones` };
}
