import { bestRelation, DOB_RELATION } from './dobCompare.ts';
import type { FeatureContext, FeatureResult } from './featureTypes.ts';

/**
 * The date of birth agrees with a listed one as far as both are known (same year, and same month when both
 * give one) without being an exact full-date match: "1962-05-01" against a listed "1962".
 */
export function dobYearMatch(ctx: FeatureContext): FeatureResult {
  const dob = ctx.query.birthDate;
  if (dob === null || ctx.entity.birthDates.length === 0) return { score: 0, detail: 'no date of birth to compare' };
  const r = bestRelation(dob, ctx.entity.birthDates);
  return r === DOB_RELATION.Compatible
    ? { score: 1, detail: `date of birth ${dob} agrees with listed ${ctx.entity.birthDates.join(', ')} as far as known` }
    : { score: 0, detail: `no partial agreement of ${dob} with listed ${ctx.entity.birthDates.join(', ')}` };
}
