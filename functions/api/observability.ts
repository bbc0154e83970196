import type { MiddlewareObj } from '@middy/core';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';
import type { Service } from '../core/service.ts';
import { getClients } from '../core/store/clients.ts';
import { EventBridgePublisher } from '../core/events.ts';

/**
 * Metrics (CloudWatch embedded metric format) and traces (X-Ray) of every handler, as middy middlewares of the
 * shared wrappers (functions/api/http.ts, functions/events/*). What goes out is closed by construction: metric
 * names and dimension names are the constants below, and dimension values and trace annotations come only from
 * closed sets (the route's resource template such as `/api/v1/sessions/{sessionId}`, step codes, decisions, HTTP
 * status codes, delivery outcomes). Request bodies, keys, names, addresses, session ids and image bytes never do.
 *
 * Locally (`npm start`, tests) both stay silent: the local server sets `POWERTOOLS_METRICS_DISABLED=true`, and
 * the tracer is off outside Lambda (no `AWS_EXECUTION_ENV`) or with `POWERTOOLS_TRACE_ENABLED=false`.
 *
 * @see https://docs.powertools.aws.dev/lambda/typescript/latest/core/metrics/
 * @see https://docs.powertools.aws.dev/lambda/typescript/latest/core/tracer/
 */

/** Defaults; the stack sets `POWERTOOLS_METRICS_NAMESPACE` and `POWERTOOLS_SERVICE_NAME` to the same values. */
export const OBSERVABILITY_DEFAULTS = {
  /** CloudWatch namespace of the custom metrics. */
  namespace: 'StepVerification',
  /** `service` dimension of every metric and the traces' service name. */
  serviceName: 'step-verification',
} as const;

/** Names of the custom metrics (namespace {@link OBSERVABILITY_DEFAULTS.namespace}); one place for the dashboard and alarms. */
export const MetricName = {
  /** Count, dimension `route`: every HTTP request a handler answered. */
  Requests: 'Requests',
  /** Milliseconds, dimension `route`: handler time of one HTTP request (without API Gateway's own). */
  Latency: 'Latency',
  /** Count, dimension `route`: 4xx answers. */
  ClientErrors: 'ClientErrors',
  /** Count, dimension `route`: 5xx answers (internal errors). */
  ServerErrors: 'ServerErrors',
  /** Count, dimensions `step` and `decision`: steps that ran and recorded a decision (stored replays not counted). */
  Decisions: 'Decisions',
  /** Count, dimension `route`: steps whose provider failed (SPEC.md 3.4 rules 4-5). */
  ProviderFailures: 'ProviderFailures',
  /** Milliseconds, dimension `route`: time of the engine run within a step. */
  EngineLatency: 'EngineLatency',
  /** Count: invocations of the webhook delivery function (EventBridge events and retry-queue batches). */
  WebhookInvocations: 'WebhookInvocations',
  /** Count, dimension `outcome`: webhook delivery attempts by outcome (`WebhookOutcome` of functions/events/webhook-delivery.ts). */
  WebhookDeliveries: 'WebhookDeliveries',
  /** Count: webhook attempts that failed in a retryable way (5xx, 408, 429, timeout, network). */
  WebhookFailures: 'WebhookFailures',
  /** Count, dimension `source`: data refreshes that failed (`aml`, `ip`); emitted 0 or 1 per run. */
  DataRefreshFailures: 'DataRefreshFailures',
} as const;
export type MetricName = (typeof MetricName)[keyof typeof MetricName];

/** Dimension names. */
export const Dimension = { Route: 'route', Step: 'step', Decision: 'decision', Outcome: 'outcome', Source: 'source', Stage: 'stage' } as const;

/**
 * The process-wide metrics. `POWERTOOLS_METRICS_NAMESPACE` overrides the namespace; `STAGE` (set by the stack)
 * becomes a default dimension so that sandbox and live do not mix in one account.
 */
export const metrics = new Metrics({
  namespace: process.env['POWERTOOLS_METRICS_NAMESPACE'] || OBSERVABILITY_DEFAULTS.namespace,
  serviceName: process.env['POWERTOOLS_SERVICE_NAME'] || OBSERVABILITY_DEFAULTS.serviceName,
  ...(process.env['STAGE'] ? { defaultDimensions: { [Dimension.Stage]: process.env['STAGE'] } } : {}),
});

/**
 * The process-wide tracer. It captures outgoing HTTPS calls (the AWS SDK's included) and, through
 * {@link traceAwsClients}, the SDK clients themselves (service, operation, table or bucket, retries).
 */
export const tracer = new Tracer({ serviceName: process.env['POWERTOOLS_SERVICE_NAME'] || OBSERVABILITY_DEFAULTS.serviceName });

let clientsTraced = false;

/**
 * Instruments the service's AWS SDK clients once per process: the DynamoDB document client (it shares its
 * middleware stack with the base client), the S3 client and the EventBridge client. The Secrets Manager read (once
 * per cold start) and the inference Lambda's Invoke appear as HTTPS subsegments. A no-op when tracing is off.
 */
export function traceAwsClients(service: Service): void {
  if (clientsTraced || !tracer.isTracingEnabled()) return;
  clientsTraced = true;
  const { ddb, s3 } = getClients(service.config);
  tracer.captureAWSv3Client(ddb);
  tracer.captureAWSv3Client(s3);
  const publisher = service.events();
  if (publisher instanceof EventBridgePublisher) tracer.captureAWSv3Client(publisher.client);
}

/**
 * Adds a trace annotation (indexed, searchable in X-Ray). Only for closed-set values: the key names what it is.
 * A no-op when tracing is off.
 */
export function annotate(key: 'route' | 'stepCode' | 'decision' | 'status' | 'outcome', value: string | number): void {
  if (tracer.isTracingEnabled()) tracer.putAnnotation(key, value);
}

/**
 * Emits one count with its own extra dimensions (one EMF document), for values that split a metric
 * (`decision`, `outcome`) without touching the invocation's dimension set.
 * @param extra closed-set dimension values only.
 */
export function countWith(name: MetricName, extra: Partial<Record<(typeof Dimension)[keyof typeof Dimension], string>>): void {
  const single = metrics.singleMetric();
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) single.addDimension(k, v);
  single.addMetric(name, MetricUnit.Count, 1);
}

/**
 * The observability middlewares of one handler, in order: the tracer (handler subsegment, errors recorded,
 * responses never captured: they hold personal data), then the metrics (flushed after each invocation, with a
 * `ColdStart` metric on the first).
 * @example middy().use(observability()).use(…).handler(…)
 */
export function observability<E, R>(): Array<MiddlewareObj<E, R, Error, Context>> {
  return [
    captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R, Error, Context>,
    logMetrics(metrics, { captureColdStartMetric: true }) as MiddlewareObj<E, R, Error, Context>,
  ];
}
