import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { getService, type Service } from '../core/service.ts';
import { ServiceError, UnsupportedMediaTypeError, ValidationError } from '../core/errors.ts';
import { PROBLEM_CONTENT_TYPE, problemDetails } from '../core/problem.ts';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { annotate, Dimension, metrics, MetricName, observability, traceAwsClients } from './observability.ts';

/**
 * The HTTP edge of every route: a middy handler that traces and measures the request (functions/api/
 * observability.ts), normalises headers, parses the JSON body, calls the route's core function and turns errors
 * into RFC 9457 problem details. Handlers stay thin (DESIGN.md): they name their core function and nothing else.
 */

/** Logger shared by the handlers. It never receives bodies, keys or image bytes. */
export const logger = new Logger({ serviceName: 'step-verification' });

/** What a route's core function returns: a JSON body and its status. */
export interface JsonReply {
  status: number;
  body: unknown;
}

/** What a route's core function receives. */
export interface HttpCall {
  /** Parsed JSON body (undefined for GET, or for an optional body that was not sent). */
  body: unknown;
  /** Path parameters (`{sessionId}` of the route's path). */
  pathParameters: Record<string, string | undefined>;
  /** Query string parameters (single values). */
  query: Record<string, string | undefined>;
  /** Lower-cased request headers (http-header-normalizer). */
  headers: Record<string, string | undefined>;
  path: string;
  /**
   * The address the request came from: API Gateway's `requestContext.identity.sourceIp` (the TCP peer API
   * Gateway saw; a client cannot set it). Undefined when the event has none.
   */
  sourceIp: string | undefined;
  service: Service;
}

/**
 * Parses the body of a JSON request.
 * @throws UnsupportedMediaTypeError (415) when a body is sent with another content type.
 * @throws ValidationError (400) when the body is absent, larger than `maxBytes`, or not valid JSON.
 */
export function parseJsonBody(event: APIGatewayProxyEvent, maxBytes: number): unknown {
  const contentType = event.headers['content-type'] ?? '';
  if (event.body === null || event.body === undefined || event.body === '') {
    throw new ValidationError('The request body is empty.', { body: ['a JSON object is required'] });
  }
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(`Content-Type must be application/json, not "${contentType.slice(0, 80)}".`);
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const size = Buffer.byteLength(text, 'utf8');
  if (size > maxBytes) {
    throw new ValidationError('The request body is too large.', {
      body: [`is ${size} bytes; the limit is ${maxBytes} bytes`],
    });
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ValidationError('The request body is not valid JSON.', {
      body: [`is not valid JSON: ${(err as Error).message.slice(0, 200)}`],
    });
  }
}

/** Turns any error into a problem-details response; unexposed errors become a bare 500 and go to the log. */
export function errorResponse(err: unknown, path: string): APIGatewayProxyResult {
  if (err instanceof ServiceError && err.expose) {
    return {
      statusCode: err.status,
      headers: { 'content-type': PROBLEM_CONTENT_TYPE },
      body: JSON.stringify(
        problemDetails({ status: err.status, title: err.title, detail: err.message, ...(err.errors ? { errors: err.errors } : {}), instance: path }),
      ),
    };
  }
  logger.error('unhandled error', { error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  return {
    statusCode: 500,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
    body: JSON.stringify(
      problemDetails({ status: 500, title: 'Internal Server Error', detail: 'An internal error occurred; nothing was recorded for this request.', instance: path }),
    ),
  };
}

/**
 * Builds the Lambda handler of one JSON route.
 * @param fn the route's core call.
 * @param opts.body `required`: a JSON body must be sent; `optional`: an empty body means no body; `none`: the
 *   body is not read (GET). @default "required"
 */
export function jsonRoute(fn: (call: HttpCall) => Promise<JsonReply>, opts: { body?: 'required' | 'optional' | 'none' } = {}) {
  const bodyMode = opts.body ?? 'required';
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(observability<APIGatewayProxyEvent, APIGatewayProxyResult>())
    .use(httpHeaderNormalizer())
    .handler(async (event) => {
      const started = performance.now();
      const path = event.path;
      // The resource template (`/api/v1/sessions/{sessionId}`), never the concrete path: a closed set, no ids.
      const route = event.resource || event.requestContext?.resourcePath || 'unknown';
      metrics.addDimension(Dimension.Route, route);
      annotate('route', route);
      let response: APIGatewayProxyResult;
      try {
        const service = getService();
        traceAwsClients(service);
        const empty = event.body === null || event.body === undefined || event.body === '';
        const body =
          bodyMode === 'none' || (bodyMode === 'optional' && empty) ? undefined : parseJsonBody(event, service.config.BODY_MAX_BYTES);
        const reply = await fn({
          body,
          headers: event.headers,
          pathParameters: event.pathParameters ?? {},
          query: event.queryStringParameters ?? {},
          path,
          sourceIp: event.requestContext?.identity?.sourceIp || undefined,
          service,
        });
        response = {
          statusCode: reply.status,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(reply.body),
        };
      } catch (err) {
        response = errorResponse(err, path);
      }
      const ms = performance.now() - started;
      logger.info('request', { path, status: response.statusCode, ms: Math.round(ms) });
      recordRequest(response.statusCode, ms);
      return response;
    });
}

/** Request metrics of one answered HTTP request (the `route` dimension is already set for the invocation). */
function recordRequest(status: number, ms: number): void {
  metrics.addMetric(MetricName.Requests, MetricUnit.Count, 1);
  metrics.addMetric(MetricName.Latency, MetricUnit.Milliseconds, ms);
  // Always emitted (0 or 1), so that the metric's Average is the error rate.
  metrics.addMetric(MetricName.ServerErrors, MetricUnit.Count, status >= 500 ? 1 : 0);
  metrics.addMetric(MetricName.ClientErrors, MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
  annotate('status', status);
}
