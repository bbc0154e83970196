import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { hostedFileHeaders, hostedFileName, HostedPrefix } from '../core/hosted/hosted-assets.ts';
import { PROBLEM_CONTENT_TYPE, problemDetails } from '../core/problem.ts';
import { annotate, Dimension, metrics, MetricName, observability } from './observability.ts';
import { MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * `GET /flow/…` and `GET /sdk/…` on AWS (lib/constructs/hosted-flow.ts): the hosted capture flow and the Web SDK
 * bundle from the API's own origin, with the headers of functions/core/hosted/hosted-assets.ts. The files are built
 * at synth (scripts/build-hosted-assets.ts) into `hosted/` beside this bundle; `GET /flow/client-ip` answers the
 * request's source address as API Gateway saw it.
 */

/** Where the built files are: `HOSTED_ASSETS_DIR`, else `hosted/` beside the bundle. */
const ASSETS_DIR = process.env['HOSTED_ASSETS_DIR'] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'hosted');

/** Files read once per execution environment (a few tens of kB in all). */
const cache = new Map<string, Promise<Buffer>>();

function notFound(pathname: string): APIGatewayProxyResult {
  return {
    statusCode: 404,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-content-type-options': 'nosniff' },
    body: JSON.stringify(problemDetails({ status: 404, title: 'Not Found', detail: `No file ${pathname}.`, instance: pathname })),
  };
}

/**
 * Answers one request (see the file comment).
 * @param event an API Gateway REST proxy event of `/flow`, `/flow/{proxy+}` or `/sdk/{proxy+}`.
 * @param assetsDir the built files (`flow/…`, `sdk/…`). @default {@link ASSETS_DIR}
 */
export async function serveHosted(event: APIGatewayProxyEvent, assetsDir = ASSETS_DIR): Promise<APIGatewayProxyResult> {
  // API Gateway hands `/flow/` and `/flow` alike to the `/flow` resource; `proxy` is the rest of the path.
  const prefix = event.resource.startsWith('/sdk') ? HostedPrefix.Sdk : HostedPrefix.Flow;
  const name = event.pathParameters?.['proxy'] ?? '';
  if (prefix === HostedPrefix.Flow && name === 'client-ip') {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
      body: JSON.stringify({ ipAddress: event.requestContext?.identity?.sourceIp ?? null }),
    };
  }
  const file = hostedFileName(prefix, name);
  if (file === null) return notFound(event.path);
  const key = `${prefix}/${file}`;
  let body = cache.get(key);
  if (!body) {
    body = readFile(path.join(assetsDir, prefix, file));
    cache.set(key, body);
    body.catch(() => cache.delete(key));
  }
  let bytes: Buffer;
  try {
    bytes = await body;
  } catch {
    return notFound(event.path); // not built into this bundle
  }
  return {
    statusCode: 200,
    headers: hostedFileHeaders(prefix, file),
    body: event.httpMethod === 'HEAD' ? '' : bytes.toString('base64'),
    isBase64Encoded: true,
  };
}

/** The Lambda handler: {@link serveHosted} with traces and metrics. */
export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
  .use(observability<APIGatewayProxyEvent, APIGatewayProxyResult>())
  .handler(async (event) => {
    const route = event.resource || 'unknown';
    metrics.addDimension(Dimension.Route, route);
    annotate('route', route);
    const response = await serveHosted(event);
    metrics.addMetric(MetricName.Requests, MetricUnit.Count, 1);
    metrics.addMetric(MetricName.ClientErrors, MetricUnit.Count, response.statusCode >= 400 ? 1 : 0);
    return response;
  });
