import type { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_ASSETS_ENTRY, HOSTED_PATHS } from '../../lib/constructs/hosted-flow.ts';
import { REPO_ROOT } from '../../lib/paths.ts';
import { allowedActions, EVENT_FUNCTIONS, logicalId, synthStack, writeStubHandlers } from './helpers.ts';

/** `/flow/` and `/sdk/` on the API's origin (issue 7), served by one small function. */
describe('HostedFlow (the Web SDK on AWS)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;
  let fnId: string;

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ template } = synthStack({ handlerRoot: stubs.handlerRoot }));
    fnId = logicalId(template, 'AWS::Lambda::Function', EVENT_FUNCTIONS.hosted.id);
  });
  afterAll(() => stubs.cleanup());

  it('points the function at the handler of the repository', () => {
    expect(existsSync(join(REPO_ROOT, HOSTED_ASSETS_ENTRY))).toBe(true);
    expect(readFileSync(join(REPO_ROOT, HOSTED_ASSETS_ENTRY), 'utf8')).toMatch(/export const handler\b/);
  });

  it('adds GET /flow, /flow/{proxy+} and /sdk/{proxy+} on the same REST API, without authorizer, to the function', () => {
    const resources = template.findResources('AWS::ApiGateway::Resource');
    const parts = Object.values(resources).map((r) => r.Properties.PathPart as string);
    expect(parts).toEqual(expect.arrayContaining(['flow', 'sdk', '{proxy+}']));
    const methods = Object.values(template.findResources('AWS::ApiGateway::Method')).filter((m) =>
      JSON.stringify(m.Properties.Integration?.Uri ?? '').includes(fnId),
    );
    expect(methods).toHaveLength(HOSTED_PATHS.length);
    for (const m of methods) {
      expect(m.Properties).toMatchObject({ HttpMethod: 'GET', AuthorizationType: 'NONE', Integration: { Type: 'AWS_PROXY' } });
    }
  });

  it('gives the function nothing but its logs and traces: no table, bucket, secret or bus', () => {
    const actions = allowedActions(template, EVENT_FUNCTIONS.hosted.role);
    expect([...new Set(actions)].sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    const fn = template.toJSON().Resources[fnId] as { Properties: Record<string, any> };
    expect(fn.Properties).toMatchObject({ MemorySize: 256, Timeout: 5, Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });
  });
});
