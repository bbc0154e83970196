import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { acknowledgeOn, iamResourceFindingId } from '../nag.ts';

/**
 * Log levels of the Powertools logger (`POWERTOOLS_LOG_LEVEL`), as functions/core/config.ts accepts them.
 * A closed set (STYLE.md 4).
 */
export const LogLevel = {
  Debug: 'DEBUG',
  Info: 'INFO',
  Warn: 'WARN',
  Error: 'ERROR',
  Silent: 'SILENT',
  Critical: 'CRITICAL',
} as const;

/** One of the values of {@link LogLevel}. */
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** `POWERTOOLS_SERVICE_NAME` of every function: the service name in every log line and trace. */
export const SERVICE_NAME = 'step-verification';

/**
 * `POWERTOOLS_METRICS_NAMESPACE` of every function: the CloudWatch namespace of the custom metrics
 * (`OBSERVABILITY_DEFAULTS.namespace` of functions/api/observability.ts; lib/ does not import handler code).
 */
export const METRICS_NAMESPACE = 'StepVerification';

/** What every function of the service shares: where its code is, its base environment and its logs. */
export interface ServiceFunctionSettings {
  /**
   * Root of the handler sources and esbuild's project root: entries are relative to it, and it holds the
   * package-lock.json and tsconfig.json the bundles are built with.
   */
  readonly handlerRoot: string;
  /** Environment every function receives (see {@link serviceEnvironment}). */
  readonly environment: Readonly<Record<string, string>>;
  /** How long the functions' logs are kept. */
  readonly logRetention: logs.RetentionDays;
  /** What happens to the log groups when the stack is deleted. */
  readonly logRemovalPolicy: RemovalPolicy;
}

/** Inputs of {@link serviceEnvironment}. */
export interface ServiceEnvironmentProps {
  readonly table: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  /** Deployment stage, passed as `STAGE`. */
  readonly stage: string;
  /** Days a session lives, passed as `RETENTION_DAYS` (the TTL the functions write on `expiresAt`). */
  readonly retentionDays: number;
  /** Level of the Powertools logger. */
  readonly logLevel: LogLevel;
}

/**
 * The environment every function receives. functions/core/config.ts requires `TABLE_NAME` and `BUCKET_NAME` of
 * every process, so even functions without access to them get the names (a name grants nothing).
 *
 * @example
 * { "TABLE_NAME": "…", "BUCKET_NAME": "…", "STAGE": "sandbox", "RETENTION_DAYS": "30",
 *   "NODE_OPTIONS": "--enable-source-maps", "POWERTOOLS_SERVICE_NAME": "step-verification",
 *   "POWERTOOLS_LOG_LEVEL": "INFO", "POWERTOOLS_METRICS_NAMESPACE": "StepVerification" }
 */
export function serviceEnvironment(props: ServiceEnvironmentProps): Record<string, string> {
  return {
    TABLE_NAME: props.table.tableName,
    BUCKET_NAME: props.mediaBucket.bucketName,
    STAGE: props.stage,
    RETENTION_DAYS: String(props.retentionDays),
    NODE_OPTIONS: '--enable-source-maps',
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_LOG_LEVEL: props.logLevel,
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
  };
}

/** Props of {@link createServiceFunction}. */
export interface ServiceFunctionProps {
  /** Handler module, relative to `settings.handlerRoot`; it exports `handler`. */
  readonly entry: string;
  /** Function description (the route, or what the function is for). */
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly settings: ServiceFunctionSettings;
  /** Environment added to `settings.environment`. @default none */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * Packages left out of the bundle besides `@ip-location-db/*` (they must then reach the function another way,
   * or be imported only on a path the function never takes).
   * @default none
   */
  readonly externalModules?: readonly string[];
  /**
   * Identifiers esbuild replaces with constant expressions (JSON text), e.g. `STEP_BUNDLE_DEFINE` of step-api.ts.
   * @default none
   * @see https://esbuild.github.io/api/#define
   */
  readonly define?: Readonly<Record<string, string>>;
  /**
   * Shell commands run around the local esbuild bundling (e.g. to add files beside the bundle).
   * @default none
   * @see https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_lambda_nodejs.ICommandHooks.html
   */
  readonly commandHooks?: ICommandHooks;
  /** Construct id prefix of the role and log group. @default the function's id */
  readonly namePrefix?: string;
  /** What the function is called in error messages. @default the function's id */
  readonly label?: string;
}

/**
 * ESM output needs a `require` for the CommonJS dependencies esbuild bundles (they call `require('node:…')`
 * at run time); this banner defines one at the top of the bundle.
 * @see https://github.com/evanw/esbuild/issues/1921
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);";

/**
 * One function of the service, the same way for the routes, the webhook delivery and the data refresh: an esbuild
 * bundle (ESM, minified, source maps, AWS SDK bundled) on Node.js 22 arm64, with its own role and log group
 * (`<id>Role`, `<id>Logs` beside it), active X-Ray tracing and the Powertools environment.
 *
 * Two cdk-nag findings are acknowledged on each function, for reasons that hold for all of them: the pinned
 * runtime (AwsSolutions-L1) and the `Resource: *` of the X-Ray statement that active tracing adds to the role
 * (AwsSolutions-IAM5), since X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions.
 *
 * @throws Error when `entry` is absolute or leaves `handlerRoot`.
 * @see https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_lambda_nodejs-readme.html
 * @see https://docs.aws.amazon.com/service-authorization/latest/reference/list_awsx-ray.html
 */
export function createServiceFunction(scope: Construct, id: string, props: ServiceFunctionProps): NodejsFunction {
  const { settings } = props;
  const prefix = props.namePrefix ?? id;
  const entry = resolve(settings.handlerRoot, props.entry);
  if (isAbsolute(props.entry) || relative(settings.handlerRoot, entry).startsWith('..')) {
    throw new Error(
      `${props.label ?? id} has handler ${props.entry}; it must be a relative path inside handlerRoot.`,
    );
  }
  const logGroup = new logs.LogGroup(scope, `${prefix}Logs`, {
    retention: settings.logRetention,
    removalPolicy: settings.logRemovalPolicy,
  });
  // An own role instead of the default one, whose AWS-managed policy may write to any log group.
  const role = new iam.Role(scope, `${prefix}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Execution role of ${props.description}`,
  });
  logGroup.grantWrite(role);
  const fn = new NodejsFunction(scope, id, {
    entry,
    handler: 'handler',
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    description: props.description,
    role,
    logGroup,
    tracing: lambda.Tracing.ACTIVE,
    environment: { ...settings.environment, ...props.environment },
    projectRoot: settings.handlerRoot,
    depsLockFilePath: join(settings.handlerRoot, 'package-lock.json'),
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
      tsconfig: join(settings.handlerRoot, 'tsconfig.json'),
      // The AWS SDK is bundled rather than taken from the runtime, so the deployed code runs the SDK version
      // the tests ran. The IP data packages are data, not code: they reach the function as a layer.
      externalModules: ['@ip-location-db/*', ...(props.externalModules ?? [])],
      ...(props.define ? { define: { ...props.define } } : {}),
      ...(props.commandHooks ? { commandHooks: props.commandHooks } : {}),
    },
  });
  acknowledgeOn(fn, {
    id: 'AwsSolutions-L1',
    reason:
      'nodejs22.x is pinned on purpose: package.json engines (>=22 <23) and the node@22 devDependency the ' +
      'tests run on. Moving to a newer runtime changes engines, tests and this line together.',
  });
  acknowledgeOn(defaultPolicyOf(fn), {
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'Only the statement that active X-Ray tracing adds (xray:PutTraceSegments, xray:PutTelemetryRecords): ' +
      'X-Ray has no resource-level permissions for them, so AWS requires Resource "*". No other grant of this ' +
      'role uses "*" (test/infra/stack.test.ts checks it).',
  });
  return fn;
}

/**
 * The CloudFormation policy that CDK's `grant*` calls write to for `fn`'s role.
 * @throws Error when the role has no default policy yet.
 */
export function defaultPolicyOf(fn: lambda.IFunction): iam.CfnPolicy {
  const policy = fn.role?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
  if (!policy || !(policy instanceof iam.CfnPolicy)) {
    throw new Error(`${fn.node.path} has no role policy to acknowledge its grants on.`);
  }
  return policy;
}

/**
 * Read (and optionally put) on the objects under `prefix` of `bucket`, through CDK's `grant*` helpers, with the
 * wildcards they imply acknowledged on the function's policy and explained by `why`.
 */
export function grantObjects(
  fn: lambda.IFunction,
  bucket: s3.IBucket,
  prefix: string,
  access: { read?: boolean; put?: boolean },
  why: string,
): void {
  const objects = `${prefix}*`;
  const actions: string[] = [];
  if (access.put) {
    bucket.grantPut(fn, objects);
    actions.push('s3:Abort*');
  }
  if (access.read) {
    bucket.grantRead(fn, objects);
    actions.push('s3:GetBucket*', 's3:GetObject*', 's3:List*');
  }
  const reason =
    `${why} Hence the ${objects} resource; the action wildcards are those of CDK's grant helpers ` +
    '(s3:Abort* aborts multipart uploads, s3:GetObject*/GetBucket*/List* read; listing lets a missing key answer ' +
    '404 instead of 403).';
  acknowledgeOn(
    defaultPolicyOf(fn),
    ...actions.map((action) => ({ id: `AwsSolutions-IAM5[Action::${action}]`, reason })),
    { id: iamResourceFindingId(fn, bucket.arnForObjects(objects)), reason },
  );
}
