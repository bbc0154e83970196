import { runStep, type StepDefinition } from '../core/steps/runner.ts';
import { jsonRoute } from './http.ts';

/**
 * The Lambda handler of one step route (SPEC.md 4.1-4.5): body -> auth -> zod -> core -> envelope, answering
 * 200 with the envelope of SPEC.md 2.3, or problem details.
 */
export function stepRoute<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine>(
  def: StepDefinition<Req, Input, Engine>,
) {
  return jsonRoute(async ({ body, headers, service }) => ({
    status: 200,
    body: await runStep(def, { headers, body }, service),
  }));
}
