import { ipAnalysisStep } from '../core/steps/ip-analysis.ts';
import { stepRoute } from './step-route.ts';

/** POST /api/v1/steps/ip-analysis (SPEC.md 4.5). */
export const handler = stepRoute(ipAnalysisStep);
