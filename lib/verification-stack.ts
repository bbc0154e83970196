import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { Route } from '../functions/routes.ts';
import { AmlIndexLayer } from './constructs/aml-index-layer.ts';
import { DataRefresh } from './constructs/data-refresh.ts';
import { HostedFlow } from './constructs/hosted-flow.ts';
import { ServiceAlarms } from './constructs/service-alarms.ts';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Duration } from 'aws-cdk-lib';
import { IpDataLayer } from './constructs/ip-data-layer.ts';
import type { IpDataLayerProps } from './constructs/ip-data-layer.ts';
import { SatSigningKey } from './constructs/sat-signing-key.ts';
import { LogLevel, serviceEnvironment } from './constructs/service-function.ts';
import type { ServiceFunctionSettings } from './constructs/service-function.ts';
import { SessionEvents } from './constructs/session-events.ts';
import { StepApi } from './constructs/step-api.ts';
import type { ApiThrottle } from './constructs/step-api.ts';
import { Storage } from './constructs/storage.ts';
import { REPO_ROOT } from './paths.ts';
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
  /**
   * `POWERTOOLS_LOG_LEVEL` of every function.
   * @default LogLevel.Info
   */
  readonly logLevel?: LogLevel;
  /**
   * Largest age in days of the AML index's oldest source before the aml-screening step declines
   * (`AML_INDEX_MAX_AGE_DAYS`).
   * @default none: no age check
   */
  readonly amlIndexMaxAgeDays?: number;
  /**
   * Generation of the sat signing key; raising it replaces the key on the next deploy (rotation).
   * @default 1
   */
  readonly satKeyGeneration?: number;
  /**
   * Where the alarms notify: `'create'` for a new encrypted SNS topic, or the ARN of an existing topic.
   * @default none: alarms without actions
   */
  readonly alarmTopic?: 'create' | string;
}

/**
 * The whole service on AWS for one stage: {@link Storage} (table, media, data and access-log buckets),
 * {@link SatSigningKey} (the sat signing key), {@link SessionEvents} (bus, rule, webhook delivery, dead-letter
 * queue), {@link StepApi} (REST API with one function per route) and {@link DataRefresh} (the daily refresh of the
 * AML index and IP lists). Outputs the API's base URL and the names an operator needs.
 *
 * @see docs/deploy.md
 */
export class VerificationStack extends Stack {
  /** Table and buckets. */
  public readonly storage: Storage;
  /** The REST API and its functions. */
  public readonly stepApi: StepApi;
  /** The sat signing key. */
  public readonly satSigningKey: SatSigningKey;
  /** Bus, rule, webhook delivery function and dead-letter queue. */
  public readonly sessionEvents: SessionEvents;
  /** The scheduled data refresh. */
  public readonly dataRefresh: DataRefresh;
  /** `/flow/` and `/sdk/`: the Web SDK's hosted flow and bundle on the API's origin. */
  public readonly hostedFlow: HostedFlow;
  /** CloudWatch alarms (and their topic, when asked for). */
  public readonly alarms: ServiceAlarms;

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
    const functionSettings: ServiceFunctionSettings = {
      handlerRoot: props.handlerRoot ?? REPO_ROOT,
      environment: serviceEnvironment({
        table: this.storage.table,
        mediaBucket: this.storage.mediaBucket,
        stage: props.stage,
        retentionDays: props.retentionDays ?? 30,
        logLevel: props.logLevel ?? LogLevel.Info,
      }),
      logRetention: live ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      logRemovalPolicy: removalPolicy,
    };

    this.satSigningKey = new SatSigningKey(this, 'SatSigningKey', {
      ...(props.satKeyGeneration !== undefined && { generation: props.satKeyGeneration }),
    });
    this.sessionEvents = new SessionEvents(this, 'Events', {
      table: this.storage.table,
      functionSettings,
      removalPolicy,
    });
    this.stepApi = new StepApi(this, 'Api', {
      stage: props.stage,
      functionSettings,
      table: this.storage.table,
      mediaBucket: this.storage.mediaBucket,
      satSigningKey: this.satSigningKey,
      eventBus: this.sessionEvents.eventBus,
      dataBucket: this.storage.dataBucket,
      ...(props.amlIndexMaxAgeDays !== undefined && { amlIndexMaxAgeDays: props.amlIndexMaxAgeDays }),
      ...(props.throttle !== undefined && { throttle: props.throttle }),
      ...(props.webAclArn !== undefined && { webAclArn: props.webAclArn }),
      ...(props.routes !== undefined && { routes: props.routes }),
      ...(props.ipDataSources !== undefined && { ipDataSources: props.ipDataSources }),
    });
    this.hostedFlow = new HostedFlow(this, 'HostedFlow', { api: this.stepApi.api, functionSettings });
    this.dataRefresh = new DataRefresh(this, 'DataRefresh', {
      dataBucket: this.storage.dataBucket,
      functionSettings,
      // The layers are shared with the step functions when they exist (one upload per data change).
      amlIndexLayer: this.stepApi.amlIndexLayer ?? new AmlIndexLayer(this, 'AmlIndexLayer'),
      ipDataLayer: this.stepApi.ipDataLayer ?? new IpDataLayer(this, 'IpDataLayer', props.ipDataSources),
    });

    this.alarms = new ServiceAlarms(this, 'Alarms', {
      api: this.stepApi.api,
      functions: [
        ...[...this.stepApi.functions].map(([name, fn]) => ({ name, fn })),
        { name: 'WebhookDelivery', fn: this.sessionEvents.deliveryFunction },
        { name: 'DataRefresh', fn: this.dataRefresh.refreshFunction },
        { name: 'HostedFlow', fn: this.hostedFlow.function },
      ],
      ...(this.stepApi.inference && {
        inference: { fn: this.stepApi.inference.function, timeout: this.stepApi.inference.function.timeout ?? Duration.seconds(28) },
      }),
      deadLetterQueue: this.sessionEvents.deadLetterQueue,
      table: this.storage.table,
      removalPolicy,
      ...(props.alarmTopic !== undefined && {
        topic: props.alarmTopic === 'create' ? 'create' : sns.Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopic),
      }),
    });
    if (this.alarms.topic) new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });

    new CfnOutput(this, 'ApiUrl', {
      description: 'Base URL of the API stage; the routes are under api/v1/ (steps/<step>, sessions)',
      value: this.stepApi.api.url,
    });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.storage.mediaBucket.bucketName });
    new CfnOutput(this, 'DataBucketName', {
      description: 'Refreshed AML index (aml/) and IP lists (ip/)',
      value: this.storage.dataBucket.bucketName,
    });
    new CfnOutput(this, 'EventBusName', { value: this.sessionEvents.eventBus.eventBusName });
    new CfnOutput(this, 'WebhookDeliveryFunctionName', { value: this.sessionEvents.deliveryFunction.functionName });
    new CfnOutput(this, 'WebhookRetryQueueUrl', {
      description: 'Delayed webhook attempts 2-14 (docs/deploy.md, "Retries and backoff")',
      value: this.sessionEvents.retryQueue.queueUrl,
    });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', {
      description: 'Webhook events whose delivery failed for good; redrive: docs/deploy.md, "Webhooks"',
      value: this.sessionEvents.deadLetterQueue.queueUrl,
    });
    new CfnOutput(this, 'SatSigningKeySecretArn', { value: this.satSigningKey.secret.secretArn });
  }
}
