import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { resetConfig } from '../../../functions/core/config.ts';
import { resetService } from '../../../functions/core/service.ts';
import { ProviderError, ValidationError } from '../../../functions/core/errors.ts';
import type { StepDefinition, StepContext } from '../../../functions/core/steps/runner.ts';
import { captureStdout, metricValue } from './emf.ts';

/**
 * Metrics (EMF on stdout) and trace annotations of the HTTP wrapper and the step routes (issue A): they are
 * emitted, and nothing personal goes out with them.
 */

const PII = {
  firstName: 'Zawahiri-Unit-Name',
  ipAddress: '81.2.69.142',
  image: Buffer.from('\xff\xd8\xff\xe0 a selfie of a person').toString('base64'),
  sessionId: '3f1c2a4e-7b1d-4c36-9a55-0c8f4d1e2b3a',
  apiKey: 'sk_sandbox_0123456789abcdefghijklmnopqrstuv',
};

function apiEvent(body: unknown): APIGatewayProxyEvent {
  return {
    resource: '/api/v1/sessions/{sessionId}',
    path: `/api/v1/sessions/${PII.sessionId}`,
    httpMethod: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': PII.apiKey },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { sessionId: PII.sessionId },
    stageVariables: null,
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: PII.ipAddress }, resourcePath: '/api/v1/sessions/{sessionId}' } as APIGatewayProxyEvent['requestContext'],
  };
}

const context = { functionName: 'unit-fn', awsRequestId: 'r-1' } as Context;

beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'unit-table');
  vi.stubEnv('BUCKET_NAME', 'unit-bucket');
  vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'INFO');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  resetConfig();
  resetService();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetConfig();
  resetService();
});

describe('jsonRoute metrics', () => {
  it('emits Requests, Latency and error counts with the route template as the only request dimension', async () => {
    // Prepare
    const { jsonRoute } = await import('../../../functions/api/http.ts');
    const handler = jsonRoute(async ({ sourceIp }) => ({ status: 200, body: { sourceIp: sourceIp === PII.ipAddress } }));
    // Act
    const { emf } = await captureStdout(() => handler(apiEvent({ firstName: PII.firstName, selfieImageBase64: PII.image }), context));
    // Assess
    const request = emf.find((d) => 'Requests' in d)!;
    expect(request).toMatchObject({ Requests: 1, ServerErrors: 0, ClientErrors: 0, route: '/api/v1/sessions/{sessionId}', service: 'step-verification' });
    expect(request._aws.CloudWatchMetrics[0]!.Namespace).toBe('StepVerification');
    expect(request._aws.CloudWatchMetrics[0]!.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'route']));
    expect(typeof request['Latency']).toBe('number');
  });

  it('counts a 4xx and a 5xx answer', async () => {
    const { jsonRoute } = await import('../../../functions/api/http.ts');
    const bad = jsonRoute(async () => {
      throw new ValidationError('The request body is invalid.', { firstName: ['is wrong'] });
    });
    const broken = jsonRoute(async () => {
      throw new Error("the table said no");
    });
    const { emf: e400 } = await captureStdout(() => bad(apiEvent({}), context));
    const { emf: e500 } = await captureStdout(() => broken(apiEvent({}), context));
    expect(metricValue(e400, 'ClientErrors')).toBe(1);
    expect(metricValue(e500, 'ServerErrors')).toBe(1);
  });

  it('never writes the body, key, address, session id or image bytes into a metric document', async () => {
    const { jsonRoute } = await import('../../../functions/api/http.ts');
    const handler = jsonRoute(async () => ({ status: 200, body: { firstName: PII.firstName, ipAddress: PII.ipAddress } }));
    const { text, emf } = await captureStdout(() =>
      handler(apiEvent({ firstName: PII.firstName, ipAddress: PII.ipAddress, selfieImageBase64: PII.image }), context),
    );
    expect(emf.length).toBeGreaterThan(0);
    const metricsText = JSON.stringify(emf);
    for (const value of Object.values(PII)) expect(metricsText).not.toContain(value);
    // The log lines of the same request carry no body, key, address or image either.
    for (const value of [PII.firstName, PII.ipAddress, PII.image, PII.apiKey]) expect(text).not.toContain(value);
  });
});

describe('measuredStep', () => {
  const service = {} as never;
  const ctx = {} as StepContext;
  const def = (run: StepDefinition<{ sessionId?: string | null }, string, string>['run'], engine = async () => 'engine') =>
    ({
      stepCode: 'step_ip_analysis',
      schema: {} as never,
      prepare: async () => ({ input: PII.ipAddress }),
      engine,
      run,
      providerFailure: { decision: 'InReview', statusReason: 'provider failed' },
    }) as StepDefinition<{ sessionId?: string | null }, string, string>;

  it('counts the decision of a run by step and decision, with the engine latency, and annotates the trace', async () => {
    // Prepare
    const { measuredStep } = await import('../../../functions/api/step-route.ts');
    const { tracer, metrics } = await import('../../../functions/api/observability.ts');
    vi.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    const annotations = vi.spyOn(tracer, 'putAnnotation').mockImplementation(() => undefined);
    const measured = measuredStep(def(async () => ({ status: 'Completed', decision: 'Declined', statusReason: null, result: { ipAddress: PII.ipAddress } })));
    // Act
    const { emf } = await captureStdout(async () => {
      const loaded = await measured.engine(service);
      await measured.run(loaded, PII.ipAddress, ctx);
      metrics.publishStoredMetrics();
    });
    vi.restoreAllMocks();
    // Assess
    expect(metricValue(emf, 'Decisions')).toBe(1);
    expect(emf.find((d) => 'Decisions' in d)).toMatchObject({ step: 'step_ip_analysis', decision: 'Declined' });
    expect(typeof metricValue(emf, 'EngineLatency')).toBe('number');
    expect(annotations.mock.calls).toEqual([
      ['stepCode', 'step_ip_analysis'],
      ['decision', 'Declined'],
    ]);
    expect(JSON.stringify([emf, annotations.mock.calls])).not.toContain(PII.ipAddress);
  });

  it('counts a provider failure at load where the runner records it, with the documented decision', async () => {
    const { measuredStep } = await import('../../../functions/api/step-route.ts');
    const { metrics } = await import('../../../functions/api/observability.ts');
    const run = vi.fn();
    const measured = measuredStep(
      def(run, async () => {
        throw new ProviderError('IP data could not be loaded');
      }),
    );
    let thrown: unknown;
    const { emf } = await captureStdout(async () => {
      const loaded = await measured.engine(service); // does not throw: the failure is handed to run
      thrown = await measured.run(loaded, PII.ipAddress, ctx).catch((err: unknown) => err);
      metrics.publishStoredMetrics();
    });
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(run).not.toHaveBeenCalled();
    expect(metricValue(emf, 'ProviderFailures')).toBe(1);
    expect(emf.find((d) => 'Decisions' in d)).toMatchObject({ decision: 'InReview' });
  });

  it('lets errors other than provider failures through untouched (501, internal)', async () => {
    const { measuredStep } = await import('../../../functions/api/step-route.ts');
    const boom = new Error('not built');
    const measured = measuredStep(
      def(vi.fn(), async () => {
        throw boom;
      }),
    );
    await expect(measured.engine(service)).rejects.toBe(boom);
  });
});
