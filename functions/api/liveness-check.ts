import { livenessStep } from '../core/steps/liveness-check.ts';
import { stepRoute } from './step-route.ts';

/** POST /api/v1/steps/liveness-check (SPEC.md 4.3). */
export const handler = stepRoute(livenessStep);
