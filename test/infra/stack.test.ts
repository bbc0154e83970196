import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { storesMedia } from '../../lib/constructs/step-api.ts';
import type { VerificationStack } from '../../lib/verification-stack.ts';
import { synthStack, writeStubHandlers } from './helpers.ts';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;

/** `METHOD /full/path` → logical id of the function its integration invokes, rebuilt from the template. */
function methodTargets(template: Template): Map<string, string> {
  const resources = template.toJSON().Resources as Resources;
  const pathOf = (id: string): string => {
    const props = resources[id]?.Properties as { ParentId: { Ref?: string }; PathPart: string };
    const parent = props.ParentId.Ref;
    return `${parent ? pathOf(parent) : ''}/${props.PathPart}`;
  };
  const targets = new Map<string, string>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::ApiGateway::Method') continue;
    const props = resource.Properties as { HttpMethod: string; ResourceId: { Ref: string }; Integration: unknown };
    const fn = /"Fn::GetAtt":\["([A-Za-z0-9]+)","Arn"\]/.exec(JSON.stringify(props.Integration))?.[1] ?? '';
    targets.set(`${props.HttpMethod} ${pathOf(props.ResourceId.Ref)}`, fn);
  }
  return targets;
}

/** Logical id of the function of a route (functions are named after `route.name` under the `Api` construct). */
function functionId(template: Template, routeName: string): string {
  const ids = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) =>
    new RegExp(`^Api${routeName}[0-9A-F]{8}$`).test(id),
  );
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

/** All actions the function's role policies allow. */
function allowedActions(template: Template, routeName: string): string[] {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: [{ Ref: Match.stringLikeRegexp(`^Api${routeName}Role`) }] },
  });
  return Object.values(policies).flatMap((policy) =>
    (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => s.Action),
  );
}

const stepRoutes = routes.filter((route) => route.stepCode !== undefined);

describe('VerificationStack (sandbox, defaults)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let stack: VerificationStack;
  let template: Template;

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ stack, template } = synthStack({ handlerRoot: stubs.handlerRoot }));
  });
  afterAll(() => stubs.cleanup());

  it('exposes the five step routes, the session routes and the OpenAPI document, each on its own function', () => {
    const targets = methodTargets(template);

    expect([...targets.keys()].sort()).toEqual(
      [
        'POST /api/v1/steps/id-verification',
        'POST /api/v1/steps/face-match',
        'POST /api/v1/steps/liveness-check',
        'POST /api/v1/steps/aml-screening',
        'POST /api/v1/steps/ip-analysis',
        'POST /api/v1/sessions',
        'POST /api/v1/sessions/token',
        'GET /api/v1/sessions/{sessionId}',
        'GET /api/v1/openapi.json',
      ].sort(),
    );
    for (const route of routes) {
      expect(targets.get(`${route.method} ${route.path}`)).toBe(functionId(template, route.name));
    }
  });

  it('integrates every method as a Lambda proxy without an API Gateway authorizer', () => {
    template.resourcePropertiesCountIs(
      'AWS::ApiGateway::Method',
      { AuthorizationType: 'NONE', Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' } },
      routes.length,
    );
  });

  it('creates one nodejs22.x arm64 function per route, and no other function', () => {
    template.resourceCountIs('AWS::Lambda::Function', routes.length);
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' },
      routes.length,
    );
  });

  it('passes table, bucket, stage, retention and source maps to every function', () => {
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      {
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: { Ref: Match.stringLikeRegexp('^StorageTable') },
            BUCKET_NAME: { Ref: Match.stringLikeRegexp('^StorageMediaBucket') },
            STAGE: 'sandbox',
            RETENTION_DAYS: '30',
            NODE_OPTIONS: '--enable-source-maps',
          }),
        },
      },
      routes.length,
    );
  });

  it('gives each function its own log group with a retention', () => {
    for (const route of routes) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `${route.method} ${route.path}`,
        LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp(`^Api${route.name}Logs`) } },
      });
    }
    template.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 30 }, routes.length + 1);
  });

  it('attaches the IP data layer and its directories only to the functions that need ip-data', () => {
    const layered = template.findResources('AWS::Lambda::Function', { Properties: { Layers: Match.anyValue() } });

    expect(Object.keys(layered).sort()).toEqual([functionId(template, 'AmlScreening'), functionId(template, 'IpAnalysis')].sort());
    template.hasResourceProperties('AWS::Lambda::Function', {
      Layers: [{ Ref: Match.stringLikeRegexp('^ApiIpDataLayer') }],
      Environment: {
        Variables: Match.objectLike({
          IP_DATA_DIR: '/opt/ip-data/lists',
          IP_CITY_DB_DIR: '/opt/ip-data/dbip-city-mmdb',
          IP_ASN_DIR: '/opt/ip-data/asn',
        }),
      },
    });
    template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleRuntimes: ['nodejs22.x'],
      CompatibleArchitectures: Match.arrayWith(['arm64']),
    });
  });

  it('attaches the AML index layer and AML_INDEX_PATH only to the function that needs aml-index', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'POST /api/v1/steps/aml-screening',
      Layers: [{ Ref: Match.stringLikeRegexp('^ApiAmlIndexLayer') }],
      Environment: { Variables: Match.objectLike({ AML_INDEX_PATH: '/opt/aml/index.json.gz' }) },
    });
    const withIndex = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { AML_INDEX_PATH: Match.anyValue() } } },
    });
    expect(Object.keys(withIndex)).toEqual([functionId(template, 'AmlScreening')]);
  });

  it('warns at synth about each need of a route that the stack does not provide yet', () => {
    const warnings = Annotations.fromStack(stack)
      .findWarning('*', Match.stringLikeRegexp('does not deploy yet'))
      .map((w) => `${w.id} ${String(w.entry.data)}`);

    const expected = routes.flatMap((route) =>
      (route.needs ?? []).filter((need) => need !== 'ip-data' && need !== 'aml-index').map((need) => [route.name, need] as const),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(warnings).toHaveLength(expected.length);
    for (const [name, need] of expected) {
      expect(warnings).toContainEqual(expect.stringMatching(new RegExp(`^/TestStack/Api/${name} ${name} needs '${need}'`)));
    }
  });

  it('creates one table with string PK/SK, on-demand billing, PITR, TTL on expiresAt and KMS encryption', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      // SSEEnabled without a key id is KMS with the AWS-managed key aws/dynamodb.
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
    });
  });

  it('encrypts both buckets and blocks all public access to them', () => {
    template.resourcePropertiesCountIs(
      'AWS::S3::Bucket',
      {
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      },
      2,
    );
  });

  it('denies every request without TLS on both buckets', () => {
    template.resourcePropertiesCountIs(
      'AWS::S3::BucketPolicy',
      {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      },
      2,
    );
  });

  it('expires session media after 30 days and logs media bucket access to the access-log bucket', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'sessions/', ExpirationInDays: 30, Status: 'Enabled' }),
        ]),
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: Match.stringLikeRegexp('^StorageAccessLogBucket') } },
    });
  });

  it('grants table read/write to the five step functions and not to the OpenAPI function', () => {
    for (const route of stepRoutes) {
      expect(allowedActions(template, route.name)).toEqual(
        expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']),
      );
    }
    expect(allowedActions(template, 'OpenApi').filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
  });

  it('grants put and get on sessions/* to the three media steps only', () => {
    const mediaNames = routes.filter(storesMedia).map((route) => route.name);

    expect(mediaNames.sort()).toEqual(['FaceMatch', 'IdVerification', 'LivenessCheck']);
    for (const route of routes) {
      const s3Actions = allowedActions(template, route.name).filter((a) => a.startsWith('s3:'));
      if (mediaNames.includes(route.name)) {
        expect(s3Actions).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject*']));
        template.hasResourceProperties('AWS::IAM::Policy', {
          Roles: [{ Ref: Match.stringLikeRegexp(`^Api${route.name}Role`) }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({
                Action: Match.arrayWith(['s3:PutObject']),
                Resource: {
                  'Fn::Join': [
                    '',
                    [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^StorageMediaBucket'), 'Arn'] }, '/sessions/*'],
                  ],
                },
              }),
            ]),
          },
        });
      } else {
        expect(s3Actions).toEqual([]);
      }
    }
  });

  it('lets each function write only to its own log group', () => {
    for (const route of routes) {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp(`^Api${route.name}Role`) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            {
              Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              Effect: 'Allow',
              Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^Api${route.name}Logs`), 'Arn'] },
            },
          ]),
        },
      });
    }
    // No function role carries an AWS-managed policy (such as AWSLambdaBasicExecutionRole).
    template.resourcePropertiesCountIs(
      'AWS::IAM::Role',
      {
        AssumeRolePolicyDocument: Match.objectLike({
          Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })],
        }),
        ManagedPolicyArns: Match.absent(),
      },
      routes.length,
    );
  });

  it('throttles the stage at 100 requests/s with bursts of 200 by default', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'sandbox',
      MethodSettings: [
        Match.objectLike({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }),
      ],
    });
  });

  it('writes JSON access logs and error-level execution logs without request bodies', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      AccessLogSetting: {
        DestinationArn: Match.anyValue(),
        Format: Match.serializedJson(Match.objectLike({ requestId: '$context.requestId', status: '$context.status' })),
      },
      MethodSettings: [Match.objectLike({ LoggingLevel: 'ERROR', DataTraceEnabled: false })],
    });
  });

  it('destroys data resources with a sandbox stack', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Logs::LogGroup']) {
      const resources = Object.values(template.findResources(type));
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) expect(resource.DeletionPolicy).toBe('Delete');
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });

  it('outputs the API URL, the table name and the media bucket name', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^StorageTable') } });
    template.hasOutput('MediaBucketName', { Value: { Ref: Match.stringLikeRegexp('^StorageMediaBucket') } });
  });
});

describe('VerificationStack (live, custom settings)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;

  beforeAll(() => {
    stubs = writeStubHandlers();
    template = synthStack({
      handlerRoot: stubs.handlerRoot,
      stage: 'live',
      retentionDays: 7,
      throttle: { rateLimit: 25, burstLimit: 50 },
      webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/kyc/0d1f6f2a-1111-2222-3333-444455556666',
    }).template;
  });
  afterAll(() => stubs.cleanup());

  it('retains table, buckets and log groups, and protects the table from deletion', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Logs::LogGroup']) {
      for (const resource of Object.values(template.findResources(type))) {
        expect(resource.DeletionPolicy).toBe('Retain');
        expect(resource.UpdateReplacePolicy).toBe('Retain');
      }
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('expires media and tells the functions after the configured number of days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'sessions/', ExpirationInDays: 7 })]) },
    });
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Environment: { Variables: Match.objectLike({ STAGE: 'live', RETENTION_DAYS: '7' }) } },
      routes.length,
    );
  });

  it('keeps logs for a year', () => {
    const groups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    expect(groups.map((group) => group.Properties.RetentionInDays)).toEqual(groups.map(() => 365));
  });

  it('applies the configured throttling to the live stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'live',
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 })],
    });
  });

  it('associates the given WAF web ACL with the stage', () => {
    const [stageId] = Object.keys(template.findResources('AWS::ApiGateway::Stage'));
    const associations = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation'));

    expect(associations).toHaveLength(1);
    expect(associations[0]?.Properties.WebACLArn).toBe(
      'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/kyc/0d1f6f2a-1111-2222-3333-444455556666',
    );
    expect(JSON.stringify(associations[0]?.Properties.ResourceArn)).toContain(`"/stages/",{"Ref":"${stageId}"}`);
  });
});
