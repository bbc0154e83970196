import { Duration, IgnoreMode } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeOn, iamResourceFindingId } from '../nag.ts';
import { SESSIONS_PREFIX } from './storage.ts';
import { defaultPolicyOf, grantObjects, type ServiceFunctionSettings } from './service-function.ts';

/** Props of {@link InferenceFunction}. */
export interface InferenceFunctionProps {
  /** Bucket holding the media the steps store (`sessions/…`); the function reads them. */
  readonly mediaBucket: s3.IBucket;
  /** Environment, log retention and handler root shared by the service's functions. */
  readonly settings: ServiceFunctionSettings;
  /**
   * Memory in MB. ONNX Runtime's CPU kernels scale with the vCPUs Lambda gives with memory (about one per
   * 1,769 MB), and two vCPUs keep face match near the 54 ms p50 measured on two cores (docs/performance.md).
   * @default 3008
   */
  readonly memorySize?: number;
}

/**
 * The container-image inference Lambda (DESIGN.md "What runs where"; issue 8 item 1): functions/inference/Dockerfile
 * on the AWS Lambda Node.js 22 base image with onnxruntime-node, sharp, ffmpeg and the models of `models/`. The
 * image steps store their media in S3 and invoke it synchronously with the keys; it answers the measurement.
 *
 * The image is built by `cdk deploy` (Docker needed there); `cdk synth` only stages the build context, from which
 * everything but what the Dockerfile copies is excluded.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/images-create.html
 */
export class InferenceFunction extends Construct {
  /** The function; grant invocation with {@link InferenceFunction.grantInvokeTo}. */
  public readonly function: lambda.DockerImageFunction;

  constructor(scope: Construct, id: string, props: InferenceFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.settings.logRetention,
      removalPolicy: props.settings.logRemovalPolicy,
    });
    const role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role of the inference function (document reading, face match, liveness)',
    });
    logGroup.grantWrite(role);
    this.function = new lambda.DockerImageFunction(this, 'Function', {
      description: 'Inference: document reading, face match and liveness on ONNX Runtime (functions/inference)',
      code: lambda.DockerImageCode.fromImageAsset(props.settings.handlerRoot, {
        file: 'functions/inference/Dockerfile',
        ignoreMode: IgnoreMode.GLOB,
        // The build context holds only what the Dockerfile copies.
        exclude: ['**', '!package.json', '!package-lock.json', '!tsconfig.json', '!functions/**', '!models/**'],
      }),
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 3008,
      // The invoking step waits at most 29 s (API Gateway's limit); the inference stops before it.
      timeout: Duration.seconds(28),
      role,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: { ...props.settings.environment },
    });
    grantObjects(
      this.function,
      props.mediaBucket,
      SESSIONS_PREFIX,
      { read: true },
      'The inference reads the media a step stored under sessions/<sessionId>/<stepCode>/ and nothing else.',
    );
    acknowledgeOn(defaultPolicyOf(this.function), {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Only the statement that active X-Ray tracing adds (xray:PutTraceSegments, xray:PutTelemetryRecords): ' +
        'X-Ray has no resource-level permissions for them, so AWS requires Resource "*".',
    });
  }

  /**
   * Lets `fn` invoke the inference synchronously and tells it the function's name (`INFERENCE_FUNCTION_NAME`).
   *
   * CDK's `grantInvoke` allows lambda:InvokeFunction on the function's ARN and on `<arn>:*` (any version or alias
   * of this one function); the second is the IAM5 wildcard acknowledged here, on `fn`'s policy only.
   */
  public grantInvokeTo(fn: lambda.Function): void {
    this.function.grantInvoke(fn);
    fn.addEnvironment('INFERENCE_FUNCTION_NAME', this.function.functionName);
    acknowledgeOn(defaultPolicyOf(fn), {
      id: iamResourceFindingId(fn, `${this.function.functionArn}:*`),
      reason:
        'lambda:InvokeFunction on the inference function only: CDK grantInvoke adds the ":*" qualifier so that ' +
        'a version or alias of that same function may be invoked too; no other function matches the ARN.',
    });
  }
}
