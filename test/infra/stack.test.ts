import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { HOSTED_PATHS } from '../../lib/constructs/hosted-flow.ts';
import { decidesSessions, storesMedia, touchesSessions, usesSats } from '../../lib/constructs/step-api.ts';
import type { VerificationStack } from '../../lib/verification-stack.ts';
import {
  allowedActions as roleActions,
  EVENT_FUNCTIONS,
  logicalId,
  roleStatements,
  synthStack,
  writeStubHandlers,
} from './helpers.ts';

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

/** All actions the role of a route's function allows. */
function allowedActions(template: Template, routeName: string): string[] {
  return roleActions(template, `Api${routeName}Role`);
}

/** Environment variables of a function, found by logical id. */
function environmentOf(template: Template, fnId: string): Record<string, unknown> {
  const fn = template.toJSON().Resources[fnId] as { Properties: { Environment: { Variables: Record<string, unknown> } } };
  return fn.Properties.Environment.Variables;
}

/** Logical id prefixes of the container-image inference function (lib/constructs/inference-function.ts). */
const INFERENCE = { id: 'ApiInferenceFunction', role: 'ApiInferenceRole', logs: 'ApiInferenceLogs' } as const;

/**
 * Every function of the stack: the routes', the two event functions and the inference function, as
 * [label, logical id, role prefix].
 */
function allFunctions(template: Template): [string, string, string][] {
  return [
    ...routes.map((route): [string, string, string] => [route.name, functionId(template, route.name), `Api${route.name}Role`]),
    ...Object.entries(EVENT_FUNCTIONS).map(([label, names]): [string, string, string] => [
      label,
      logicalId(template, 'AWS::Lambda::Function', names.id),
      names.role,
    ]),
    ['Inference', logicalId(template, 'AWS::Lambda::Function', INFERENCE.id), INFERENCE.role],
  ];
}

/** Number of functions besides the routes: the webhook delivery and the data refresh. */
const EVENT_FUNCTION_COUNT = Object.keys(EVENT_FUNCTIONS).length;

/** Node.js functions (routes and event functions), all built by createServiceFunction. */
const NODE_FUNCTION_COUNT = routes.length + EVENT_FUNCTION_COUNT;

/** Every function: the Node.js ones and the container-image inference function. */
const FUNCTION_COUNT = NODE_FUNCTION_COUNT + 1;

/** The routes that invoke the inference function (they need `models`). */
const modelRoutes = routes.filter((route) => route.needs?.includes('models'));

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
        // routes added to functions/routes.ts since, and the Web SDK's static files (lib/constructs/hosted-flow.ts)
        ...routes.map((r) => `${r.method} ${r.path}`),
        ...HOSTED_PATHS.map((p) => `GET ${p}`),
      ]
        .filter((v, i, all) => all.indexOf(v) === i)
        .sort(),
    );
    for (const route of routes) {
      expect(targets.get(`${route.method} ${route.path}`)).toBe(functionId(template, route.name));
    }
  });

  it('integrates every method as a Lambda proxy without an API Gateway authorizer', () => {
    template.resourcePropertiesCountIs(
      'AWS::ApiGateway::Method',
      { AuthorizationType: 'NONE', Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' } },
      routes.length + HOSTED_PATHS.length,
    );
  });

  it('creates one nodejs22.x arm64 function per route, plus the webhook delivery and data refresh functions', () => {
    // Besides them, only the container-image inference function, which has no runtime of its own.
    template.resourceCountIs('AWS::Lambda::Function', FUNCTION_COUNT);
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' },
      NODE_FUNCTION_COUNT,
    );
    template.resourcePropertiesCountIs('AWS::Lambda::Function', { PackageType: 'Image', Runtime: Match.absent() }, 1);
  });

  it('maps GET /api/v1/sessions/{sessionId} to a path parameter resource beside /api/v1/sessions/token', () => {
    const resources = template.findResources('AWS::ApiGateway::Resource');
    const byPart = (part: string) => Object.entries(resources).filter(([, r]) => r.Properties.PathPart === part);
    const sessions = byPart('sessions');
    const parameter = byPart('{sessionId}');

    expect(sessions).toHaveLength(1);
    expect(parameter).toHaveLength(1);
    expect(parameter[0]?.[1].Properties.ParentId).toEqual({ Ref: sessions[0]?.[0] });
    expect(byPart('token')[0]?.[1].Properties.ParentId).toEqual({ Ref: sessions[0]?.[0] });
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      ResourceId: { Ref: parameter[0]?.[0] },
      Integration: { Type: 'AWS_PROXY' },
    });
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
      FUNCTION_COUNT,
    );
  });

  it('sets the Powertools service name and log level on every function', () => {
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      {
        Environment: {
          Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'step-verification', POWERTOOLS_LOG_LEVEL: 'INFO' }),
        },
      },
      FUNCTION_COUNT,
    );
  });

  it('traces every function and the API stage with X-Ray', () => {
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { TracingConfig: { Mode: 'Active' } },
      FUNCTION_COUNT,
    );
    template.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });

  it('allows Resource "*" only for the X-Ray statement that tracing needs', () => {
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const starred = statements.filter((s) => ([] as unknown[]).concat(s.Resource).includes('*'));

    expect(starred).toHaveLength(FUNCTION_COUNT);
    for (const statement of starred) {
      expect(statement.Action).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });

  it('gives each function its own log group with a retention', () => {
    for (const route of routes) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `${route.method} ${route.path}`,
        LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp(`^Api${route.name}Logs`) } },
      });
    }
    for (const names of Object.values(EVENT_FUNCTIONS)) {
      template.hasResource('AWS::Lambda::Function', {
        Properties: Match.objectLike({ LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp(`^${names.logs}`) } } }),
      });
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      PackageType: 'Image',
      LoggingConfig: { LogGroup: { Ref: Match.stringLikeRegexp(`^${INFERENCE.logs}`) } },
    });
    // One per function, and the API access logs.
    template.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 30 }, FUNCTION_COUNT + 1);
  });

  it('attaches the IP data layer and its directories only to the functions that need ip-data', () => {
    const layered = template.findResources('AWS::Lambda::Function', { Properties: { Layers: Match.anyValue() } });
    const withIpData = template.findResources('AWS::Lambda::Function', {
      Properties: { Layers: Match.arrayWith([{ Ref: Match.stringLikeRegexp('^ApiIpDataLayer') }]) },
    });
    const refresh = logicalId(template, 'AWS::Lambda::Function', EVENT_FUNCTIONS.refresh.id);

    expect(Object.keys(layered).sort()).toEqual([functionId(template, 'AmlScreening'), functionId(template, 'IpAnalysis'), refresh].sort());
    // The refresh starts from the layer's list snapshot.
    expect(Object.keys(withIpData).sort()).toEqual([functionId(template, 'IpAnalysis'), refresh].sort());
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

  it('attaches the AML index layer and AML_INDEX_PATH only to the aml-screening and refresh functions', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'POST /api/v1/steps/aml-screening',
      Layers: [{ Ref: Match.stringLikeRegexp('^ApiAmlIndexLayer') }],
      Environment: { Variables: Match.objectLike({ AML_INDEX_PATH: '/opt/aml/index.json.gz' }) },
    });
    const withIndex = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { AML_INDEX_PATH: Match.anyValue() } } },
    });
    expect(Object.keys(withIndex).sort()).toEqual(
      [functionId(template, 'AmlScreening'), logicalId(template, 'AWS::Lambda::Function', EVENT_FUNCTIONS.refresh.id)].sort(),
    );
  });

  it('provides every need of the routes, so that no need-not-provided warning remains at synth', () => {
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('does not deploy yet'));
    const needs = new Set(routes.flatMap((route) => route.needs ?? []));

    // The needs StepApi provides: ip-data and aml-index as layers, models as the inference function.
    expect([...needs].sort()).toEqual(['aml-index', 'ip-data', 'models']);
    expect(warnings).toEqual([]);
  });

  it('deploys the inference function as an arm64 container image with 3008 MB, 28 s and active tracing', () => {
    const fnId = logicalId(template, 'AWS::Lambda::Function', INFERENCE.id);
    const fn = template.toJSON().Resources[fnId] as { Properties: Record<string, unknown> };

    expect(fn.Properties).toMatchObject({
      PackageType: 'Image',
      Architectures: ['arm64'],
      MemorySize: 3008,
      Timeout: 28,
      TracingConfig: { Mode: 'Active' },
      Role: { 'Fn::GetAtt': [expect.stringMatching(new RegExp(`^${INFERENCE.role}[0-9A-F]{8}$`)), 'Arn'] },
    });
    expect(fn.Properties.Code).toEqual({ ImageUri: expect.anything() });
    expect(fn.Properties.Runtime).toBeUndefined();
    expect(fn.Properties.Handler).toBeUndefined();
  });

  it('lets the three media steps, and only them, invoke the inference function named in INFERENCE_FUNCTION_NAME', () => {
    const inference = logicalId(template, 'AWS::Lambda::Function', INFERENCE.id);
    const modelNames = modelRoutes.map((route) => route.name);

    expect([...modelNames].sort()).toEqual(['FaceMatch', 'IdVerification', 'LivenessCheck']);
    for (const [name, fnId, rolePrefix] of allFunctions(template)) {
      const invokeStatements = roleStatements(template, rolePrefix).filter((s) =>
        ([] as string[]).concat(s.Action).some((a) => a.startsWith('lambda:')),
      );
      if (modelNames.includes(name)) {
        expect(environmentOf(template, fnId).INFERENCE_FUNCTION_NAME, name).toEqual({ Ref: inference });
        expect(invokeStatements, name).toEqual([
          {
            Action: 'lambda:InvokeFunction',
            Effect: 'Allow',
            Resource: [
              { 'Fn::GetAtt': [inference, 'Arn'] },
              { 'Fn::Join': ['', [{ 'Fn::GetAtt': [inference, 'Arn'] }, ':*']] },
            ],
          },
        ]);
      } else {
        expect(environmentOf(template, fnId).INFERENCE_FUNCTION_NAME, name).toBeUndefined();
        expect(invokeStatements, name).toEqual([]);
      }
    }
  });

  it('lets the inference role read sessions/* of the media bucket, write its own logs and trace, and nothing else', () => {
    const media = logicalId(template, 'AWS::S3::Bucket', 'StorageMediaBucket');
    const logs = logicalId(template, 'AWS::Logs::LogGroup', INFERENCE.logs);

    expect(roleStatements(template, INFERENCE.role)).toEqual([
      { Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Effect: 'Allow', Resource: { 'Fn::GetAtt': [logs, 'Arn'] } },
      { Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Effect: 'Allow', Resource: '*' },
      {
        Action: ['s3:GetBucket*', 's3:GetObject*', 's3:List*'],
        Effect: 'Allow',
        Resource: [
          { 'Fn::GetAtt': [media, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [media, 'Arn'] }, '/sessions/*']] },
        ],
      },
    ]);
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

  it('encrypts the media, data and access-log buckets and blocks all public access to them', () => {
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
      3,
    );
  });

  it('denies every request without TLS on the three buckets', () => {
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
      3,
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

  it('grants table read/write to the steps and the three session routes, and not to the OpenAPI function', () => {
    const sessionRoutes = routes.filter(touchesSessions).map((route) => route.name);

    expect(sessionRoutes.sort()).toEqual([...stepRoutes.map((r) => r.name), 'CreateSession', 'MintSessionToken', 'GetSession'].sort());
    for (const route of routes) {
      const tableActions = allowedActions(template, route.name).filter((a) => a.startsWith('dynamodb:'));
      if (sessionRoutes.includes(route.name)) {
        expect(tableActions).toEqual(
          expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query']),
        );
      } else {
        expect(tableActions).toEqual([]);
      }
    }
  });

  it('lets the routes that mint or verify sats read the signing key secret, and only them', () => {
    const secret = logicalId(template, 'AWS::SecretsManager::Secret', 'SatSigningKeySecret');
    const satRoutes = routes.filter(usesSats).map((route) => route.name);

    expect(satRoutes.sort()).toEqual([...stepRoutes.map((r) => r.name), 'CreateSession', 'MintSessionToken', 'GetSession'].sort());
    for (const [name, fnId, rolePrefix] of allFunctions(template)) {
      const secretStatements = roleStatements(template, rolePrefix).filter((s) =>
        ([] as string[]).concat(s.Action).some((a) => a.startsWith('secretsmanager:')),
      );
      if (satRoutes.includes(name)) {
        expect(environmentOf(template, fnId).SAT_SECRET_ARN).toEqual({ Ref: secret });
        expect(secretStatements).toEqual([
          { Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], Effect: 'Allow', Resource: { Ref: secret } },
        ]);
      } else {
        expect(environmentOf(template, fnId).SAT_SECRET_ARN, name).toBeUndefined();
        expect(secretStatements, name).toEqual([]);
      }
    }
  });

  it('lets the step routes publish to the session bus with EVENT_BUS_NAME, and no other function', () => {
    const bus = logicalId(template, 'AWS::Events::EventBus', 'EventsBus');
    const deciding = routes.filter(decidesSessions).map((route) => route.name);

    expect(deciding.sort()).toEqual(stepRoutes.map((r) => r.name).sort());
    for (const [name, fnId, rolePrefix] of allFunctions(template)) {
      const eventStatements = roleStatements(template, rolePrefix).filter((s) =>
        ([] as string[]).concat(s.Action).some((a) => a.startsWith('events:')),
      );
      if (deciding.includes(name)) {
        expect(environmentOf(template, fnId).EVENT_BUS_NAME).toEqual({ Ref: bus });
        expect(eventStatements).toEqual([{ Action: 'events:PutEvents', Effect: 'Allow', Resource: { 'Fn::GetAtt': [bus, 'Arn'] } }]);
      } else {
        expect(environmentOf(template, fnId).EVENT_BUS_NAME, name).toBeUndefined();
        expect(eventStatements, name).toEqual([]);
      }
    }
  });

  it('gives the aml-screening function DATA_BUCKET_NAME and read on aml/* of the data bucket, besides its layer', () => {
    const dataBucket = logicalId(template, 'AWS::S3::Bucket', 'StorageDataBucket');
    const aml = functionId(template, 'AmlScreening');

    expect(environmentOf(template, aml)).toMatchObject({
      DATA_BUCKET_NAME: { Ref: dataBucket },
      AML_INDEX_PATH: '/opt/aml/index.json.gz',
    });
    expect(roleStatements(template, 'ApiAmlScreeningRole')).toContainEqual({
      Action: ['s3:GetBucket*', 's3:GetObject*', 's3:List*'],
      Effect: 'Allow',
      Resource: [
        { 'Fn::GetAtt': [dataBucket, 'Arn'] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [dataBucket, 'Arn'] }, '/aml/*']] },
      ],
    });
    // No other route but ip-analysis (ip/*, below) reads the data bucket, and nothing but the refresh writes it.
    for (const route of routes.filter((r) => r.name !== 'AmlScreening' && r.name !== 'IpAnalysis')) {
      expect(JSON.stringify(roleStatements(template, `Api${route.name}Role`)), route.name).not.toContain(dataBucket);
      expect(environmentOf(template, functionId(template, route.name)).DATA_BUCKET_NAME).toBeUndefined();
    }
  });

  it('gives the ip-analysis function DATA_BUCKET_NAME and read on ip/* only of the data bucket, besides its layer', () => {
    const dataBucket = logicalId(template, 'AWS::S3::Bucket', 'StorageDataBucket');
    const ip = functionId(template, 'IpAnalysis');

    expect(environmentOf(template, ip)).toMatchObject({
      DATA_BUCKET_NAME: { Ref: dataBucket },
      IP_DATA_DIR: '/opt/ip-data/lists',
    });
    const onDataBucket = roleStatements(template, 'ApiIpAnalysisRole').filter((s) => JSON.stringify(s).includes(dataBucket));
    expect(onDataBucket).toEqual([
      {
        Action: ['s3:GetBucket*', 's3:GetObject*', 's3:List*'],
        Effect: 'Allow',
        Resource: [
          { 'Fn::GetAtt': [dataBucket, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [dataBucket, 'Arn'] }, '/ip/*']] },
        ],
      },
    ]);
    // Read only: no put, no delete, and not the AML index.
    expect(JSON.stringify(onDataBucket)).not.toMatch(/s3:PutObject|s3:DeleteObject|\/aml\//);
  });

  it('grants put and get on sessions/* of the media bucket to the three media steps only', () => {
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
        // Not on the media bucket (the aml-screening function reads the data bucket, tested above).
        expect(JSON.stringify(roleStatements(template, `Api${route.name}Role`)), route.name).not.toMatch(/StorageMediaBucket/);
      }
    }
  });

  it('lets each function write only to its own log group', () => {
    for (const prefix of [...routes.map((route) => `Api${route.name}`), 'ApiInference']) {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp(`^${prefix}Role`) }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            {
              Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              Effect: 'Allow',
              Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${prefix}Logs`), 'Arn'] },
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
      FUNCTION_COUNT,
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

  it('destroys data resources (table, buckets, logs, dead-letter queue) with a sandbox stack', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Logs::LogGroup', 'AWS::SQS::Queue']) {
      const resources = Object.values(template.findResources(type));
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) expect(resource.DeletionPolicy).toBe('Delete');
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });

  it('outputs the API URL and the names an operator needs', () => {
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^StorageTable') } });
    template.hasOutput('MediaBucketName', { Value: { Ref: Match.stringLikeRegexp('^StorageMediaBucket') } });
    template.hasOutput('DataBucketName', { Value: { Ref: Match.stringLikeRegexp('^StorageDataBucket') } });
    template.hasOutput('EventBusName', { Value: { Ref: Match.stringLikeRegexp('^EventsBus') } });
    template.hasOutput('WebhookDeliveryFunctionName', { Value: { Ref: Match.stringLikeRegexp('^EventsDelivery') } });
    template.hasOutput('WebhookDeadLetterQueueUrl', { Value: { Ref: Match.stringLikeRegexp('^EventsDeadLetterQueue') } });
    template.hasOutput('SatSigningKeySecretArn', { Value: { Ref: Match.stringLikeRegexp('^SatSigningKeySecret') } });
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
      amlIndexMaxAgeDays: 3,
      logLevel: 'WARN',
    }).template;
  });
  afterAll(() => stubs.cleanup());

  it('retains table, buckets, log groups and the dead-letter queue, and protects the table from deletion', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Logs::LogGroup', 'AWS::SQS::Queue']) {
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
      FUNCTION_COUNT,
    );
  });

  it('passes the AML index age limit to the aml-screening function only, and the log level to every function', () => {
    const withLimit = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { AML_INDEX_MAX_AGE_DAYS: '3' } } },
    });

    expect(Object.keys(withLimit)).toEqual([functionId(template, 'AmlScreening')]);
    template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Environment: { Variables: Match.objectLike({ POWERTOOLS_LOG_LEVEL: 'WARN' }) } },
      FUNCTION_COUNT,
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
