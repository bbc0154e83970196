import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_KEYS } from '../../functions/core/store/data-bucket.ts';
import { DATA_PREFIXES, DATA_REFRESH_ENTRY } from '../../lib/constructs/data-refresh.ts';
import { REPO_ROOT } from '../../lib/paths.ts';
import { allowedActions, EVENT_FUNCTIONS, logicalId, roleStatements, synthStack, writeStubHandlers } from './helpers.ts';

describe('DataRefresh (AML index and IP lists into the data bucket)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;
  let ids: { bucket: string; refresh: string; media: string; logs: string };

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ template } = synthStack({ handlerRoot: stubs.handlerRoot }));
    ids = {
      bucket: logicalId(template, 'AWS::S3::Bucket', 'StorageDataBucket'),
      refresh: logicalId(template, 'AWS::Lambda::Function', EVENT_FUNCTIONS.refresh.id),
      media: logicalId(template, 'AWS::S3::Bucket', 'StorageMediaBucket'),
      logs: logicalId(template, 'AWS::S3::Bucket', 'StorageAccessLogBucket'),
    };
  });
  afterAll(() => stubs.cleanup());

  it('points the refresh function at the handler of the repository', () => {
    const file = join(REPO_ROOT, DATA_REFRESH_ENTRY);

    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
  });

  it('uses the key prefixes that functions/core/data-refresh.ts writes', () => {
    expect(DATA_KEYS.amlIndex.startsWith(DATA_PREFIXES.aml)).toBe(true);
    expect(DATA_KEYS.amlSources.startsWith(DATA_PREFIXES.aml)).toBe(true);
    expect(DATA_KEYS.ipPrefix).toBe(DATA_PREFIXES.ip);
  });

  it('keeps the data in its own versioned bucket, with access logs and replaced snapshots kept a year', () => {
    expect(ids.bucket).not.toBe(ids.media);
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { DestinationBucketName: { Ref: ids.logs }, LogFilePrefix: 'data/' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 365 }, Status: 'Enabled' })]),
      },
    });
    // Encryption, blocked public access and TLS only: counted over the three buckets in stack.test.ts.
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: ids.bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('invokes the refresh function daily from a schedule rule', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(17 3 * * ? *)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ids.refresh, 'Arn'] }, RetryPolicy: Match.anyValue() })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [ids.refresh, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  it('lets the refresh function read aml/* and put aml/* and ip/* of the data bucket, and nothing else', () => {
    const statements = roleStatements(template, EVENT_FUNCTIONS.refresh.role);
    const objects = (prefix: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [ids.bucket, 'Arn'] }, `/${prefix}*`]] });

    const put = statements.find((s) => ([] as string[]).concat(s.Action).includes('s3:PutObject'));
    expect(put?.Resource).toEqual([objects('aml/'), objects('ip/')]);
    const read = statements.find((s) => ([] as string[]).concat(s.Action).includes('s3:GetObject*'));
    expect(read?.Resource).toEqual([{ 'Fn::GetAtt': [ids.bucket, 'Arn'] }, objects('aml/')]);
    const actions = allowedActions(template, EVENT_FUNCTIONS.refresh.role);
    expect(actions.filter((a) => /^(dynamodb|events|secretsmanager):/.test(a))).toEqual([]);
    expect(JSON.stringify(statements)).not.toContain(ids.media);
  });

  it('gives the refresh function DATA_BUCKET_NAME, both data layers, and time to download the lists', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Scheduled refresh'),
      Timeout: 600,
      MemorySize: 2048,
      Layers: Match.arrayWith([
        { Ref: Match.stringLikeRegexp('^ApiAmlIndexLayer') },
        { Ref: Match.stringLikeRegexp('^ApiIpDataLayer') },
      ]),
      Environment: {
        Variables: Match.objectLike({
          DATA_BUCKET_NAME: { Ref: ids.bucket },
          AML_INDEX_PATH: '/opt/aml/index.json.gz',
          IP_DATA_DIR: '/opt/ip-data/lists',
        }),
      },
    });
  });
});
