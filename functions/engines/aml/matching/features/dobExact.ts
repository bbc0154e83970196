import { bestRelation, DOB_RELATION } from './dobCompare.ts';
import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/** The screened full date of birth equals a listed full date of birth. */
export function dobExact(ctx: FeatureContext): FeatureResult {
  const dob = ctx.query.birthDate;
  if (dob === null || ctx.entity.birthDates.length === 0) return { score: 0, detail: 'no date of birth to compare' };
  const r = bestRelation(dob, ctx.entity.birthDates);
  return r === DOB_RELATION.Exact
    ? { score: 1, detail: `date of birth ${dob} is listed` }
    : { score: 0, detail: `date of birth ${dob} is not listed exactly (listed: ${ctx.entity.birthDates.join(', ')})` };
}
