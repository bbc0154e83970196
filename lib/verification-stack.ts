import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { Route } from '../functions/routes.ts';
import type { IpDataLayerProps } from './constructs/ip-data-layer.ts';
import { StepApi } from './constructs/step-api.ts';
import type { ApiThrottle } from './constructs/step-api.ts';
import { Storage } from './constructs/storage.ts';
import { removalPolicyFor, Stage } from './stage.ts';

/** Props of {@link VerificationStack}. */
export interface VerificationStackProps extends StackProps {
  /** Deployment stage: `live` retains data resources on deletion, `sandbox` destroys them. */
  readonly stage: Stage;
  /**
   * Days a session and its media live (S3 lifecycle on `sessions/`, `RETENTION_DAYS` for the table TTL).
   * @default 30
   */
  readonly retentionDays?: number;
  /**
   * Stage-wide API throttling.
   * @default { rateLimit: 100, burstLimit: 200 }
   */
  readonly throttle?: ApiThrottle;
  /**
   * ARN of a regional WAFv2 web ACL to associate with the API stage.
   * @default none
   */
  readonly webAclArn?: string;
  /**
   * Routes to expose.
   * @default the routes of functions/routes.ts
   */
  readonly routes?: readonly Route[];
  /**
   * Root of the handler sources (route handler paths are relative to it; it holds package-lock.json and
   * tsconfig.json). Tests point it at stub handlers.
   * @default the repository root
   */
  readonly handlerRoot?: string;
  /**
   * Where the IP data layer takes its inputs.
   * @default the `@ip-location-db/*` packages and data/ip of the repository
   */
  readonly ipDataSources?: IpDataLayerProps;
}

/**
 * The whole service on AWS for one stage: {@link Storage} (table, media and access-log buckets) and
 * {@link StepApi} (REST API with one function per route). Outputs the API's base URL, the table name and the
 * media bucket name.
 *
 * @see docs/deploy.md
 */
export class VerificationStack extends Stack {
  /** Table and buckets. */
  public readonly storage: Storage;
  /** The REST API and its functions. */
  public readonly stepApi: StepApi;

  constructor(scope: Construct, id: string, props: VerificationStackProps) {
    super(scope, id, {
      description: `Step verification service (${props.stage})`,
      ...props,
    });
    const live = props.stage === Stage.Live;
    const removalPolicy = removalPolicyFor(props.stage);

    this.storage = new Storage(this, 'Storage', {
      removalPolicy,
      ...(props.retentionDays !== undefined && { mediaRetentionDays: props.retentionDays }),
    });
    this.stepApi = new StepApi(this, 'Api', {
      stage: props.stage,
      table: this.storage.table,
      mediaBucket: this.storage.mediaBucket,
      logRetention: live ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      logRemovalPolicy: removalPolicy,
      ...(props.retentionDays !== undefined && { retentionDays: props.retentionDays }),
      ...(props.throttle !== undefined && { throttle: props.throttle }),
      ...(props.webAclArn !== undefined && { webAclArn: props.webAclArn }),
      ...(props.routes !== undefined && { routes: props.routes }),
      ...(props.handlerRoot !== undefined && { handlerRoot: props.handlerRoot }),
      ...(props.ipDataSources !== undefined && { ipDataSources: props.ipDataSources }),
    });

    new CfnOutput(this, 'ApiUrl', {
      description: 'Base URL of the API stage; the steps are under api/v1/steps/',
      value: this.stepApi.api.url,
    });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.storage.mediaBucket.bucketName });
  }
}
