import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { routes, type Route } from '../functions/routes.ts';
import { PROBLEM_CONTENT_TYPE, problemDetails } from '../functions/core/problem.ts';
import { clientAddress } from './client-address.ts';

/**
 * The local stand-in for API Gateway: turns a Node HTTP request into the REST API proxy event that API Gateway
 * sends to Lambda, calls the same handler module, and writes its result back.
 * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-lambda-proxy-integrations.html#api-gateway-simple-proxy-for-lambda-input-format
 */

/** A Lambda handler as the route modules export it. */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Loaded routes: each route with its handler. */
export interface LoadedRoute {
  route: Route;
  handler: ProxyHandler;
}

/** Imports every handler module of functions/routes.ts (relative to `repoRoot`). */
export async function loadRoutes(repoRoot: string): Promise<LoadedRoute[]> {
  return Promise.all(
    routes.map(async (route) => {
      const mod = (await import(pathToFileURL(path.join(repoRoot, route.handler)).href)) as { handler: ProxyHandler };
      return { route, handler: mod.handler };
    }),
  );
}

/**
 * Matches a request path against a route path with `{name}` parameters, as API Gateway does for one segment each.
 * @returns the path parameters, or null when the path does not match.
 */
export function matchPath(routePath: string, requestPath: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = routePath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const m = new RegExp(`^${pattern}$`).exec(requestPath);
  if (!m) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1]!);
    });
  } catch {
    return null; // malformed percent-encoding: no route matches
  }
  return params;
}

/**
 * Builds a REST API proxy event from a request whose body was read in full.
 * @param opts.trustProxyHops trusted reverse proxies in front of the local service (`TRUST_PROXY_HOPS`): with 0
 *   `requestContext.identity.sourceIp` is the socket's peer, as API Gateway's is the TCP peer it saw; otherwise
 *   it is read from X-Forwarded-For (local/client-address.ts). @default 0
 */
export function toProxyEvent(
  req: IncomingMessage,
  body: Buffer,
  route: Route,
  stage: string,
  opts: { trustProxyHops?: number } = {},
): APIGatewayProxyEvent {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // Null-prototype maps: header and query names come from the client (`constructor`, `__proto__`).
  const headers: Record<string, string> = Object.create(null);
  const multiValueHeaders: Record<string, string[]> = Object.create(null);
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = Object.create(null);
  const multiQuery: Record<string, string[]> = Object.create(null);
  for (const [k, v] of url.searchParams) {
    query[k] = v;
    (multiQuery[k] ??= []).push(v);
  }
  const requestId = randomUUID();
  const sourceIp = clientAddress(req, opts.trustProxyHops ?? 0);
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: url.searchParams.size > 0 ? query : null,
    multiValueQueryStringParameters: url.searchParams.size > 0 ? multiQuery : null,
    pathParameters: (() => {
      const params = matchPath(route.path, url.pathname);
      return params && Object.keys(params).length > 0 ? params : null;
    })(),
    stageVariables: null,
    body: body.length > 0 ? body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp,
        user: null,
        userAgent: req.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: `/${stage}${url.pathname}`,
      stage,
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: route.name,
      resourcePath: route.path,
    },
  };
}

/** A Lambda context for an in-process invocation. */
export function lambdaContext(route: Route, timeoutMs = 30_000): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: route.name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${route.name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a problem-details answer for requests that never reach a handler (unknown path, body too large). */
export function sendProblem(res: ServerResponse, status: number, title: string, detail: string, instance: string, errors?: Record<string, string[]>): void {
  const body = JSON.stringify(problemDetails({ status, title, detail, instance, ...(errors ? { errors } : {}) }));
  res.writeHead(status, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Writes a handler's result to the HTTP response. */
export function sendResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
  const headers: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  headers['content-length'] = body.length;
  res.writeHead(result.statusCode, headers);
  res.end(body);
}
