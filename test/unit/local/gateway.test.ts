import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lambdaContext, toProxyEvent } from '../../../local/gateway.ts';
import { clientAddress, trustProxyHopsFromEnv } from '../../../local/client-address.ts';
import { routes } from '../../../functions/routes.ts';

function request(method: string, url: string, rawHeaders: string[], peer?: string): IncomingMessage {
  const socket = new Socket();
  if (peer) Object.defineProperty(socket, 'remoteAddress', { value: peer });
  const req = new IncomingMessage(socket);
  req.method = method;
  req.url = url;
  req.httpVersion = '1.1';
  req.rawHeaders = rawHeaders;
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
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

describe('source address (requestContext.identity.sourceIp)', () => {
  const route = routes.find((r) => r.stepCode === 'step_ip_analysis')!;
  const forwarded = (peer: string) => request('POST', '/api/v1/steps/ip-analysis', ['X-Forwarded-For', '203.0.113.9, 198.51.100.7'], peer);

  it('is the socket peer, IPv4-mapped written as IPv4, and ignores X-Forwarded-For by default', () => {
    const event = toProxyEvent(forwarded('::ffff:10.0.0.5'), Buffer.alloc(0), route, 'local');
    expect(event.requestContext.identity.sourceIp).toBe('10.0.0.5');
  });

  it('is the address the trusted proxy saw with one trusted hop', () => {
    const event = toProxyEvent(forwarded('10.0.0.5'), Buffer.alloc(0), route, 'local', { trustProxyHops: 1 });
    expect(event.requestContext.identity.sourceIp).toBe('198.51.100.7');
  });

  it('walks further left with more hops, never beyond the header', () => {
    expect(clientAddress(forwarded('10.0.0.5'), 2)).toBe('203.0.113.9');
    expect(clientAddress(forwarded('10.0.0.5'), 5)).toBe('203.0.113.9');
  });

  it('stops at the last trusted address when an entry is malformed, and uses the peer without the header', () => {
    const bad = request('GET', '/', ['X-Forwarded-For', 'junk, 198.51.100.7'], '10.0.0.5');
    expect(clientAddress(bad, 2)).toBe('198.51.100.7');
    expect(clientAddress(request('GET', '/', [], '10.0.0.5'), 1)).toBe('10.0.0.5');
  });

  it('reads TRUST_PROXY_HOPS and throws on a bad value naming it', () => {
    expect(trustProxyHopsFromEnv({})).toBe(0);
    expect(trustProxyHopsFromEnv({ TRUST_PROXY_HOPS: '2' })).toBe(2);
    expect(() => trustProxyHopsFromEnv({ TRUST_PROXY_HOPS: 'yes' })).toThrow(/TRUST_PROXY_HOPS/);
  });
});

describe('lambdaContext', () => {
  it('counts the remaining time down from the timeout', () => {
    const ctx = lambdaContext(routes[0]!, 1000);
    expect(ctx.getRemainingTimeInMillis()).toBeLessThanOrEqual(1000);
    expect(ctx.functionName).toBe(routes[0]!.name);
  });
});
