import { App, RemovalPolicy } from 'aws-cdk-lib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStageSettings, removalPolicyFor } from '../../lib/stage.ts';
import { projectContext } from './helpers.ts';

// An App creates its output directory at once; keep them all in one place that the suite removes.
const outdirs = mkdtempSync(join(tmpdir(), 'stage-test-'));
const settingsOf = (context: Record<string, unknown>) =>
  readStageSettings(new App({ context, outdir: mkdtempSync(join(outdirs, 'cdk.out-')) }).node);

afterAll(() => rmSync(outdirs, { recursive: true, force: true }));

describe('readStageSettings', () => {
  it('reads the stage recorded in cdk.context.json, with the documented defaults', () => {
    expect(settingsOf(projectContext())).toEqual({
      stage: 'sandbox',
      retentionDays: 30,
      apiRateLimit: 100,
      apiBurstLimit: 200,
      logLevel: 'INFO',
      satKeyGeneration: 1,
    });
  });

  it('coerces the strings that `-c key=value` passes', () => {
    expect(settingsOf({ stage: 'live', retentionDays: '7', apiRateLimit: '25', apiBurstLimit: '50' })).toMatchObject({
      stage: 'live',
      retentionDays: 7,
      apiRateLimit: 25,
      apiBurstLimit: 50,
    });
  });

  it('throws naming the bad stage and the allowed ones', () => {
    expect(() => settingsOf({ stage: 'prod' })).toThrow(/stage="prod".*"sandbox".*"live"/s);
  });

  it('throws when no stage is given, since neither default would be safe', () => {
    expect(() => settingsOf({})).toThrow(/Invalid CDK context[\s\S]*stage=undefined/);
  });

  it('throws naming a retention that is not a whole number of days', () => {
    expect(() => settingsOf({ stage: 'sandbox', retentionDays: '0.5' })).toThrow(/retentionDays="0.5"/);
  });

  it('throws on a web ACL that is not an ARN', () => {
    expect(() => settingsOf({ stage: 'live', webAclArn: 'my-acl' })).toThrow(/webAclArn="my-acl"/);
  });

  it('coerces the AML index age limit and the sat key generation, and refuses a generation below 1', () => {
    expect(settingsOf({ stage: 'live', amlIndexMaxAgeDays: '3', satKeyGeneration: '2' })).toMatchObject({
      amlIndexMaxAgeDays: 3,
      satKeyGeneration: 2,
    });
    expect(() => settingsOf({ stage: 'live', satKeyGeneration: '0' })).toThrow(/satKeyGeneration="0"/);
  });

  it('throws on a log level that Powertools does not know', () => {
    expect(() => settingsOf({ stage: 'live', logLevel: 'VERBOSE' })).toThrow(/logLevel="VERBOSE"/);
  });
});

describe('removalPolicyFor', () => {
  it('retains data of the live stage and destroys that of the sandbox', () => {
    expect(removalPolicyFor('live')).toBe(RemovalPolicy.RETAIN);
    expect(removalPolicyFor('sandbox')).toBe(RemovalPolicy.DESTROY);
  });
});
