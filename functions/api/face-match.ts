import { faceMatchStep } from '../core/steps/face-match.ts';
import { stepRoute } from './step-route.ts';

/** POST /api/v1/steps/face-match (SPEC.md 4.2). */
export const handler = stepRoute(faceMatchStep);
