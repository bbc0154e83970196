import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lambdaContext, toProxyEvent } from '../../../local/gateway.ts';
import { routes } from '../../../functions/routes.ts';

function request(method: string, url: string, rawHeaders: string[]): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.httpVersion = '1.1';
  req.rawHeaders = rawHeaders;
  return req;
}

describe('toProxyEvent', () => {
  const route = routes.find((r) => r.stepCode === 'step_ip_analysis')!;

  it('builds the REST API proxy event that API Gateway sends to Lambda', () => {
    const req = request('POST', '/api/v1/steps/ip-analysis?x=1&x=2', ['Content-Type', 'application/json', 'X-API-KEY', 'k']);
    const event = toProxyEvent(req, Buffer.from('{"a":1}'), route, 'local');
    expect(event).toMatchObject({
      resource: '/api/v1/steps/ip-analysis',
      path: '/api/v1/steps/ip-analysis',
      httpMethod: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': 'k' },
      multiValueHeaders: { 'X-API-KEY': ['k'] },
      queryStringParameters: { x: '2' },
      multiValueQueryStringParameters: { x: ['1', '2'] },
      body: '{"a":1}',
      isBase64Encoded: false,
      requestContext: { stage: 'local', resourcePath: '/api/v1/steps/ip-analysis', httpMethod: 'POST' },
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives a null body and null query for an empty GET', () => {
    const event = toProxyEvent(request('GET', '/api/v1/openapi.json', []), Buffer.alloc(0), route, 'local');
    expect(event.body).toBeNull();
    expect(event.queryStringParameters).toBeNull();
  });
});

describe('lambdaContext', () => {
  it('counts the remaining time down from the timeout', () => {
    const ctx = lambdaContext(routes[0]!, 1000);
    expect(ctx.getRemainingTimeInMillis()).toBeLessThanOrEqual(1000);
    expect(ctx.functionName).toBe(routes[0]!.name);
  });
});
