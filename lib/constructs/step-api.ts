import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { routes as defaultRoutes } from '../../functions/routes.ts';
import type { Route } from '../../functions/routes.ts';
import { acknowledgeOn, iamResourceFindingId } from '../nag.ts';
import { REPO_ROOT } from '../paths.ts';
import type { Stage } from '../stage.ts';
import { IpDataLayer } from './ip-data-layer.ts';
import { AmlIndexLayer } from './aml-index-layer.ts';
import type { IpDataLayerProps } from './ip-data-layer.ts';
import { SESSIONS_PREFIX } from './storage.ts';

/** Steady-state and burst limits of the API stage; requests above them get 429 from API Gateway. */
export interface ApiThrottle {
  /** Requests per second, steady state. */
  readonly rateLimit: number;
  /** Requests that may arrive at once above the steady rate. */
  readonly burstLimit: number;
}

/** Props of {@link StepApi}. */
export interface StepApiProps {
  /** Deployment stage; names the API stage (`/<stage>/api/v1/...`) and is passed to functions as `STAGE`. */
  readonly stage: Stage;
  /** The table; step functions get read/write access to its items. */
  readonly table: dynamodb.ITable;
  /** The media bucket; the three media steps may put and get objects under `sessions/`. */
  readonly mediaBucket: s3.IBucket;
  /**
   * Routes to expose, one function each. Read from the shared route table, never from handler internals.
   * @default the routes of functions/routes.ts
   */
  readonly routes?: readonly Route[];
  /**
   * Root of the handler sources and esbuild's project root: `route.handler` paths are relative to it, and it
   * holds the package-lock.json and tsconfig.json the bundles are built with.
   * @default the repository root
   */
  readonly handlerRoot?: string;
  /**
   * Days a session lives, passed to the functions as `RETENTION_DAYS` (the TTL they write on `expiresAt`).
   * @default 30
   */
  readonly retentionDays?: number;
  /**
   * Stage-wide throttling.
   * @default { rateLimit: 100, burstLimit: 200 }
   * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-request-throttling.html
   */
  readonly throttle?: ApiThrottle;
  /**
   * How long the functions' logs and the API access logs are kept.
   * @default logs.RetentionDays.ONE_YEAR
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * What happens to the log groups when the stack is deleted.
   * @default RemovalPolicy.RETAIN
   */
  readonly logRemovalPolicy?: RemovalPolicy;
  /**
   * Layer carrying the IP analysis data, for routes that need `ip-data`.
   * @default a new {@link IpDataLayer} built from `ipDataSources`, created only if a route needs `ip-data`
   */
  readonly ipDataLayer?: IpDataLayer;
  /**
   * Where the created IP data layer takes its inputs; ignored when `ipDataLayer` is given.
   * @default the `@ip-location-db/*` packages and data/ip of the repository
   */
  readonly ipDataSources?: IpDataLayerProps;
  /**
   * Directory of the AML index (`index.json.gz`) for the AML index layer.
   * @default `data/aml` of the repository
   */
  readonly amlIndexDir?: string;
  /**
   * ARN of a regional AWS WAFv2 web ACL to associate with the API stage.
   * @default no web ACL (the stage still throttles)
   * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-control-access-aws-waf.html
   */
  readonly webAclArn?: string;
}

/** Defaults of {@link StepApiProps}. */
const defaults = {
  retentionDays: 30,
  throttle: { rateLimit: 100, burstLimit: 200 },
  logRetention: logs.RetentionDays.ONE_YEAR,
  logRemovalPolicy: RemovalPolicy.RETAIN,
} as const;

/**
 * Memory and timeout by the route's runtime kind. API Gateway waits at most 29 s for a REST integration, so
 * no function runs longer; `STEP_LEASE_SECONDS` (60 s in functions/core/config.ts) stays above it, so a step
 * still running is never claimed twice.
 */
const runtimeProfiles = {
  /** Plain steps: 1024 MB also buys the CPU that cold starts (zod, SDK, IP index loading) need. */
  node: { memorySize: 1024, timeout: Duration.seconds(10) },
  /** Steps that hand media to inference: they wait on it, up to API Gateway's limit. */
  inference: { memorySize: 1024, timeout: Duration.seconds(29) },
} as const;

/**
 * ESM output needs a `require` for the CommonJS dependencies esbuild bundles (they call `require('node:…')`
 * at run time); this banner defines one at the top of the bundle.
 * @see https://github.com/evanw/esbuild/issues/1921
 */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);";

/**
 * Whether a route stores the media it receives in the bucket: the three steps that run inference on images
 * or video (ID verification, face match, liveness) do; AML screening, IP analysis and the OpenAPI document
 * do not, so they get no S3 access.
 */
export function storesMedia(route: Route): boolean {
  return route.runtime === 'inference';
}

/**
 * The HTTP entry of the service: an API Gateway REST API with one Lambda function per route of the shared
 * route table (functions/routes.ts), each an esbuild bundle on Node.js 22, arm64, ESM with source maps.
 *
 * Least privilege: each function has its own role and log group; step functions may read and write table
 * items, media steps may put and get objects under `sessions/`, the OpenAPI function has neither. Every
 * function receives `TABLE_NAME`, `BUCKET_NAME`, `STAGE`, `RETENTION_DAYS` and
 * `NODE_OPTIONS=--enable-source-maps`; routes that need `ip-data` also get the {@link IpDataLayer}.
 *
 * The stage throttles, writes JSON access logs (no bodies, no headers, so no API keys or images) and
 * error-level execution logs without data tracing.
 *
 * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-lambda-proxy-integrations.html
 * @see https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_lambda_nodejs-readme.html
 */
export class StepApi extends Construct {
  /** The REST API; its deployment stage is named after the deployment stage. */
  public readonly api: apigateway.RestApi;
  /** The function of each route, keyed by `route.name`. */
  public readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** Log group of the stage's access logs. */
  public readonly accessLogGroup: logs.LogGroup;
  /** Conditional: the IP data layer, when a route needs `ip-data` (given as `ipDataLayer` or created). */
  public readonly ipDataLayer?: IpDataLayer;
  /** Conditional: the AML index layer, when a route needs `aml-index`. */
  public readonly amlIndexLayer?: AmlIndexLayer;

  constructor(scope: Construct, id: string, props: StepApiProps) {
    super(scope, id);
    const { retentionDays, throttle, logRetention, logRemovalPolicy } = { ...defaults, ...props };
    const routes = props.routes ?? defaultRoutes;
    const handlerRoot = props.handlerRoot ?? REPO_ROOT;

    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: logRemovalPolicy,
    });
    this.api = new apigateway.RestApi(this, 'RestApi', {
      restApiName: `step-verification-${props.stage}`,
      description: 'Step verification API (SPEC.md): /api/v1/steps/*',
      endpointConfiguration: { types: [apigateway.EndpointType.REGIONAL] },
      // Execution logs need the account-level API Gateway role. It is shared by every API of the account and
      // region, so it is kept even when this stack goes.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: props.stage,
        throttlingRateLimit: throttle.rateLimit,
        throttlingBurstLimit: throttle.burstLimit,
        accessLogDestination: new apigateway.LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: accessLogFormat(),
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        // Data tracing would log request bodies: base64 images and personal data.
        dataTraceEnabled: false,
        metricsEnabled: true,
      },
    });
    this.acknowledgeApiFindings(Boolean(props.webAclArn));
    if (props.webAclArn) {
      new wafv2.CfnWebACLAssociation(this, 'WebAclAssociation', {
        resourceArn: this.api.deploymentStage.stageArn,
        webAclArn: props.webAclArn,
      });
    }

    if (routes.some((route) => route.needs?.includes('ip-data'))) {
      this.ipDataLayer = props.ipDataLayer ?? new IpDataLayer(this, 'IpDataLayer', props.ipDataSources);
    }
    if (routes.some((route) => route.needs?.includes('aml-index'))) {
      this.amlIndexLayer = new AmlIndexLayer(this, 'AmlIndexLayer', props.amlIndexDir ? { indexDir: props.amlIndexDir } : {});
    }

    const functions = new Map<string, NodejsFunction>();
    for (const route of routes) {
      if (functions.has(route.name)) {
        throw new Error(`StepApi: two routes are named ${route.name}; route names must be unique (functions/routes.ts).`);
      }
      const fn = this.addRouteFunction(route, {
        handlerRoot,
        environment: {
          TABLE_NAME: props.table.tableName,
          BUCKET_NAME: props.mediaBucket.bucketName,
          STAGE: props.stage,
          RETENTION_DAYS: String(retentionDays),
          NODE_OPTIONS: '--enable-source-maps',
        },
        logRetention,
        logRemovalPolicy,
      });
      if (route.stepCode !== undefined) props.table.grantReadWriteData(fn);
      if (storesMedia(route)) this.grantMedia(fn, props.mediaBucket);
      // `ip-data` and `aml-index` are the needs this construct provides (see `Route.needs`). Any other need gets
      // a synth warning naming the route, so that a missing provider is visible; docs/deploy.md lists them.
      for (const need of route.needs ?? []) {
        if (need === 'ip-data') this.ipDataLayer?.attachTo(fn);
        else if (need === 'aml-index') this.amlIndexLayer?.attachTo(fn);
        else {
          Annotations.of(fn).addWarningV2(
            'step-verification:need-not-provided',
            `${route.name} needs '${need}', which this stack does not deploy yet (docs/deploy.md, "Not deployed yet").`,
          );
        }
      }
      const method = this.api.root
        .resourceForPath(route.path)
        .addMethod(route.method, new apigateway.LambdaIntegration(fn, { allowTestInvoke: false }), {
          operationName: route.name,
          authorizationType: apigateway.AuthorizationType.NONE,
        });
      acknowledgeOn(
        method,
        {
          id: 'AwsSolutions-APIG4',
          reason: route.stepCode
            ? 'Authenticated by the handler: SPEC.md 5 requires X-API-KEY with 401/402/403 outcomes that depend ' +
              'on the organisation, application and subscription stored in DynamoDB (keys kept as SHA-256).'
            : 'Public by design: the OpenAPI document describes the API to integrators before they hold a key.',
        },
        {
          id: 'AwsSolutions-COG4',
          reason: route.stepCode
            ? "Callers are integrators' servers holding API keys (SPEC.md 5), not Cognito users; see AwsSolutions-APIG4."
            : 'Public by design, so no Cognito authorizer either: the OpenAPI document is readable before signing up.',
        },
      );
      functions.set(route.name, fn);
    }
    this.functions = functions;
  }

  /** One NodejsFunction for `route`, with its own role and log group. */
  private addRouteFunction(
    route: Route,
    options: {
      handlerRoot: string;
      environment: Record<string, string>;
      logRetention: logs.RetentionDays;
      logRemovalPolicy: RemovalPolicy;
    },
  ): NodejsFunction {
    const entry = resolve(options.handlerRoot, route.handler);
    if (isAbsolute(route.handler) || relative(options.handlerRoot, entry).startsWith('..')) {
      throw new Error(
        `StepApi: route ${route.name} has handler ${route.handler}; it must be a relative path inside handlerRoot.`,
      );
    }
    const logGroup = new logs.LogGroup(this, `${route.name}Logs`, {
      retention: options.logRetention,
      removalPolicy: options.logRemovalPolicy,
    });
    // An own role instead of the default one, whose AWS-managed policy may write to any log group.
    const role = new iam.Role(this, `${route.name}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${route.method} ${route.path}`,
    });
    logGroup.grantWrite(role);
    const profile = runtimeProfiles[route.runtime];
    const fn = new NodejsFunction(this, route.name, {
      entry,
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: profile.memorySize,
      timeout: profile.timeout,
      description: `${route.method} ${route.path}`,
      role,
      logGroup,
      environment: options.environment,
      projectRoot: options.handlerRoot,
      depsLockFilePath: join(options.handlerRoot, 'package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        sourceMap: true,
        minify: true,
        // Error class names appear in logs and problem details; minification must not rename them.
        keepNames: true,
        tsconfig: join(options.handlerRoot, 'tsconfig.json'),
        // The AWS SDK is bundled rather than taken from the runtime, so the deployed code runs the SDK version
        // the tests ran. The IP data packages are data, not code: they reach the function as a layer.
        externalModules: ['@ip-location-db/*'],
      },
    });
    acknowledgeOn(fn, {
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned on purpose: package.json engines (>=22 <23) and the node@22 devDependency the ' +
        'tests run on. Moving to a newer runtime changes engines, tests and this line together.',
    });
    return fn;
  }

  /** Put and get on `sessions/*` of the media bucket, through `grant*`, with the wildcards they imply explained. */
  private grantMedia(fn: NodejsFunction, bucket: s3.IBucket): void {
    const objects = `${SESSIONS_PREFIX}*`;
    bucket.grantPut(fn, objects);
    bucket.grantRead(fn, objects);
    const policy = fn.role?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
    if (!policy) throw new Error(`StepApi: ${fn.node.path} has no role policy to acknowledge the media grants on.`);
    const reason =
      'CDK grantPut/grantRead on the media bucket only, for keys sessions/<sessionId>/<stepCode>/<uuid>.<ext> ' +
      'created per request, hence the sessions/* resource; the action wildcards are those of the helpers ' +
      '(s3:Abort* aborts multipart uploads, s3:GetObject*/GetBucket*/List* read).';
    acknowledgeOn(
      policy,
      ...['s3:Abort*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason,
      })),
      { id: iamResourceFindingId(fn, bucket.arnForObjects(objects)), reason },
    );
  }

  /** Acknowledged cdk-nag findings on the API itself, each with the reason it is acceptable. */
  private acknowledgeApiFindings(hasWebAcl: boolean): void {
    acknowledgeOn(this.api, {
      id: 'AwsSolutions-APIG2',
      reason:
        "Requests are validated by each handler with the step's zod schema, so that errors follow SPEC.md 7 " +
        '(problem details with an errors map). An API Gateway validator would answer in its own format, and ' +
        'a missing X-API-KEY must be 401 (SPEC.md 5), not a gateway 400.',
    });
    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      acknowledgeOn(cloudWatchRole, {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'The account-level role that lets API Gateway write execution logs (AwsSolutions-APIG6); ' +
          'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for it.',
      });
    }
    if (!hasWebAcl) {
      acknowledgeOn(this.api.deploymentStage, {
        id: 'AwsSolutions-APIG3',
        reason:
          "A WAF web ACL costs a monthly fee per ACL and rule, so it is the operator's choice: set context " +
          'webAclArn to attach one. Without it the stage still throttles (apiRateLimit/apiBurstLimit).',
      });
    }
  }
}

/**
 * JSON access log line: who called what, the outcome and latencies; never headers (the API key) or bodies.
 * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-mapping-template-reference.html#context-variable-reference
 */
function accessLogFormat(): apigateway.AccessLogFormat {
  const f = apigateway.AccessLogField;
  return apigateway.AccessLogFormat.custom(
    JSON.stringify({
      requestId: f.contextRequestId(),
      extendedRequestId: f.contextExtendedRequestId(),
      requestTime: f.contextRequestTime(),
      ip: f.contextIdentitySourceIp(),
      httpMethod: f.contextHttpMethod(),
      resourcePath: f.contextResourcePath(),
      protocol: f.contextProtocol(),
      status: f.contextStatus(),
      responseLength: f.contextResponseLength(),
      responseLatency: f.contextResponseLatency(),
      integrationLatency: f.contextIntegrationLatency(),
      integrationStatus: f.contextIntegrationStatus(),
      errorMessage: f.contextErrorMessage(),
      errorResponseType: f.contextErrorResponseType(),
    }),
  );
}
