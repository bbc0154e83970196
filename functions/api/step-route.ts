import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { ProviderError } from '../core/errors.ts';
import { runStep, type StepDefinition } from '../core/steps/runner.ts';
import { jsonRoute } from './http.ts';
import { annotate, countWith, Dimension, metrics, MetricName } from './observability.ts';

/**
 * The Lambda handler of one step route (SPEC.md 4.1-4.5): body -> auth -> zod -> core -> envelope, answering
 * 200 with the envelope of SPEC.md 2.3, or problem details.
 */
export function stepRoute<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine>(
  def: StepDefinition<Req, Input, Engine>,
) {
  const measured = measuredStep(def);
  return jsonRoute(async ({ body, headers, sourceIp, service }) => ({
    status: 200,
    body: await runStep(measured, { headers, body, sourceIp }, service),
  }));
}

/** The engine as {@link measuredStep} hands it to `run`: loaded, or the provider failure of its load. */
export type MeasuredEngine<Engine> = { readonly engine: Engine } | { readonly loadError: ProviderError };

/**
 * The step with its runs measured, without changing what the runner does: `run` is called only for a step that
 * really runs (never for a stored result returned by rule 1), so each run counts once. A provider failure at load
 * is handed to `run` instead of being thrown by `engine`, and rethrown there, so that it is counted where the
 * runner records it (SPEC.md 3.4 rules 4-5: the same `Failed` outcome as before).
 *
 * Emits, per run: `Decisions` (dimensions `step`, `decision`), `EngineLatency` (ms), and `ProviderFailures` when
 * the provider failed; annotates the trace with `stepCode` and `decision`.
 */
export function measuredStep<Req extends { sessionId?: string | null; workflowId?: string | null }, Input, Engine>(
  def: StepDefinition<Req, Input, Engine>,
): StepDefinition<Req, Input, MeasuredEngine<Engine>> {
  return {
    ...def,
    engine: async (service) => {
      try {
        return { engine: await def.engine(service) };
      } catch (err) {
        if (err instanceof ProviderError) return { loadError: err };
        throw err; // internal errors are the runner's as before
      }
    },
    run: async (loaded, input, ctx) => {
      const started = performance.now();
      annotate('stepCode', def.stepCode);
      try {
        if ('loadError' in loaded) throw loaded.loadError;
        const outcome = await def.run(loaded.engine, input, ctx);
        if (outcome.decision) recordDecision(def.stepCode, outcome.decision);
        return outcome;
      } catch (err) {
        if (err instanceof ProviderError) {
          metrics.addMetric(MetricName.ProviderFailures, MetricUnit.Count, 1);
          recordDecision(def.stepCode, def.providerFailure.decision);
        }
        throw err;
      } finally {
        metrics.addMetric(MetricName.EngineLatency, MetricUnit.Milliseconds, performance.now() - started);
      }
    },
  };
}

function recordDecision(stepCode: string, decision: string): void {
  countWith(MetricName.Decisions, { [Dimension.Step]: stepCode, [Dimension.Decision]: decision });
  annotate('decision', decision);
}
