import { amlScreeningStep } from '../core/steps/aml-screening.ts';
import { stepRoute } from './step-route.ts';

/** POST /api/v1/steps/aml-screening (SPEC.md 4.4). */
export const handler = stepRoute(amlScreeningStep);
