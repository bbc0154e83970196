import { idVerificationStep } from '../core/steps/id-verification.ts';
import { stepRoute } from './step-route.ts';

/** POST /api/v1/steps/id-verification (SPEC.md 4.1). */
export const handler = stepRoute(idVerificationStep);
