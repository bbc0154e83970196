import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as eventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createServiceFunction } from './service-function.ts';
import type { ServiceFunctionSettings } from './service-function.ts';

/** Handler of the webhook delivery function, relative to the handler root. */
export const WEBHOOK_DELIVERY_ENTRY = 'functions/events/webhook-delivery.ts';

/**
 * Source and detail type of the session events the step functions publish (`EVENT_SOURCE` and
 * `SessionEventType.Decided` of functions/core/events.ts; lib/ does not import handler code, and
 * test/infra/session-events.test.ts keeps the two in step).
 */
export const SESSION_EVENT_SOURCE = 'step-verification';
export const SESSION_DECIDED_DETAIL_TYPE = 'session.decided';

/** Props of {@link SessionEvents}. */
export interface SessionEventsProps {
  /** The table; the delivery function reads sessions and apps and writes its delivery log items. */
  readonly table: dynamodb.ITable;
  /** Code location, base environment and logs of the delivery function. */
  readonly functionSettings: ServiceFunctionSettings;
  /**
   * Bus the step functions publish `session.decided` to.
   * @default a new custom event bus
   */
  readonly eventBus?: events.IEventBus;
  /**
   * Queue receiving the events whose delivery failed for good, from both EventBridge (target retries exhausted)
   * and Lambda (function retries exhausted). A queue you bring must let `events.amazonaws.com` send to it and,
   * if it uses a customer-managed KMS key, let EventBridge use that key.
   * @default a new queue: SSE with SQS-managed keys, TLS only, messages kept `deadLetterRetention`
   */
  readonly deadLetterQueue?: sqs.IQueue;
  /**
   * How long the created dead-letter queue keeps a message; ignored when `deadLetterQueue` is given.
   * @default Duration.days(14), the longest SQS allows
   */
  readonly deadLetterRetention?: Duration;
  /**
   * Retries of EventBridge when invoking the delivery function fails (throttled Invoke API, Lambda unavailable),
   * with exponential backoff and jitter.
   * @default 8
   * @see https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-rule-retry-policy.html
   */
  readonly targetRetryAttempts?: number;
  /**
   * How long EventBridge keeps retrying one event before parking it in the dead-letter queue.
   * @default Duration.hours(24)
   */
  readonly targetMaxEventAge?: Duration;
  /**
   * Retries of Lambda when the delivery function fails (a 5xx answer, a timeout, a network error): 0 to 2, the
   * first after about one minute, the second after about two more.
   * @default 2
   * @see https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html
   */
  readonly functionRetryAttempts?: number;
  /**
   * How long an event may wait in Lambda's asynchronous queue (throttling, system errors) before it is parked.
   * @default Duration.hours(6), the longest Lambda allows
   */
  readonly functionMaxEventAge?: Duration;
  /**
   * Receives of one retry-queue message that fail (the function's invocation errs, e.g. the table is unavailable)
   * before SQS moves it to the dead-letter queue. Retryable receiver failures do not count: the function schedules
   * the next attempt as a new message.
   * @default 5
   */
  readonly retryMaxReceiveCount?: number;
  /**
   * What happens to the created dead-letter queue when the stack is deleted.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Handler of the delivery function, relative to `functionSettings.handlerRoot`.
   * @default {@link WEBHOOK_DELIVERY_ENTRY}
   */
  readonly entry?: string;
}

/** Timeout of the delivery function, in seconds: one POST (`WEBHOOK_TIMEOUT_MS`, 10 s) and a few table calls. */
const DELIVERY_TIMEOUT_SECONDS = 30;

/** Defaults of {@link SessionEventsProps}. */
const defaults = {
  deadLetterRetention: Duration.days(14),
  targetRetryAttempts: 8,
  targetMaxEventAge: Duration.hours(24),
  functionRetryAttempts: 2,
  functionMaxEventAge: Duration.hours(6),
  retryMaxReceiveCount: 5,
  removalPolicy: RemovalPolicy.RETAIN,
  entry: WEBHOOK_DELIVERY_ENTRY,
} as const;

/**
 * Webhooks on AWS (issue 8, DESIGN.md "What runs where"): the step functions publish `session.decided` to a custom
 * event bus; a rule sends each event to the delivery function, which POSTs the signed webhook
 * (functions/events/webhook-delivery.ts) and throws on a 5xx answer or a timeout so that it is retried.
 *
 * Three retry layers, one dead-letter queue:
 * 1. EventBridge invokes the function asynchronously. If the invocation itself fails, EventBridge retries with
 *    exponential backoff and jitter (`targetRetryAttempts`, `targetMaxEventAge`), then sends the event to the queue.
 * 2. The receiver fails (5xx, 408, 429, timeout, network): the function puts the next attempt on the retry queue
 *    with the schedule's delay (functions/core/webhooks/retry-schedule.ts: 1 min doubling to 4 h, 14 attempts over
 *    about 24 h; SQS `DelaySeconds` ≤ 900 s, longer waits chained), consumes it from there, and after the last
 *    attempt sends the event to the dead-letter queue itself.
 * 3. The function itself fails (the table unavailable): Lambda retries an EventBridge invocation
 *    `functionRetryAttempts` times, then sends an invocation record to the queue (on-failure destination); a retry
 *    message goes back to the retry queue and, after `retryMaxReceiveCount` receives, to the same queue.
 *
 * A redriven or duplicated event is delivered at most once: the function claims each event id in the table.
 *
 * @see docs/deploy.md, "Webhooks"
 */
export class SessionEvents extends Construct {
  /** The bus `session.decided` is published to. */
  public readonly eventBus: events.IEventBus;
  /** The rule matching `session.decided` from `step-verification`. */
  public readonly rule: events.Rule;
  /** The webhook delivery function. */
  public readonly deliveryFunction: NodejsFunction;
  /** Where failed deliveries are parked: `deadLetterQueue`, or the one created. */
  public readonly deadLetterQueue: sqs.IQueue;
  /** The queue of delayed delivery attempts (2 … 14), consumed by {@link deliveryFunction}. */
  public readonly retryQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: SessionEventsProps) {
    super(scope, id);
    const settings = { ...defaults, ...props };
    if (!Number.isInteger(settings.functionRetryAttempts) || settings.functionRetryAttempts < 0 || settings.functionRetryAttempts > 2) {
      throw new Error(
        `SessionEvents: functionRetryAttempts must be 0, 1 or 2 (Lambda's limit), got ${settings.functionRetryAttempts}.`,
      );
    }

    this.eventBus = props.eventBus ?? new events.EventBus(this, 'Bus', { description: 'Session events of the step verification service' });
    this.deadLetterQueue = props.deadLetterQueue ?? this.createDeadLetterQueue(settings.deadLetterRetention, settings.removalPolicy);

    // Visibility timeout: six times the function's timeout, as AWS advises for a Lambda event source.
    this.retryQueue = new sqs.Queue(this, 'RetryQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * DELIVERY_TIMEOUT_SECONDS),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: settings.retryMaxReceiveCount },
      removalPolicy: settings.removalPolicy,
    });

    this.deliveryFunction = createServiceFunction(this, 'Delivery', {
      entry: settings.entry,
      description: 'Webhook delivery of session.decided events',
      // One signed POST per invocation: WEBHOOK_TIMEOUT_MS (10 s) plus a few table reads and writes.
      memorySize: 512,
      timeout: Duration.seconds(DELIVERY_TIMEOUT_SECONDS),
      settings: props.functionSettings,
      environment: {
        WEBHOOK_RETRY_QUEUE_URL: this.retryQueue.queueUrl,
        WEBHOOK_DEAD_LETTER_QUEUE_URL: this.deadLetterQueue.queueUrl,
      },
    });
    this.retryQueue.grantSendMessages(this.deliveryFunction);
    this.deadLetterQueue.grantSendMessages(this.deliveryFunction);
    this.deliveryFunction.addEventSource(
      new eventSources.SqsEventSource(this.retryQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );
    // Sessions, apps and workflows are read; the delivery log items (`WEBHOOK#<eventId>`) are written.
    props.table.grantReadWriteData(this.deliveryFunction);
    this.deliveryFunction.configureAsyncInvoke({
      retryAttempts: settings.functionRetryAttempts,
      maxEventAge: settings.functionMaxEventAge,
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
    });

    this.rule = new events.Rule(this, 'SessionDecided', {
      description: 'session.decided events -> webhook delivery',
      eventBus: this.eventBus,
      eventPattern: { source: [SESSION_EVENT_SOURCE], detailType: [SESSION_DECIDED_DETAIL_TYPE] },
    });
    this.rule.addTarget(
      new targets.LambdaFunction(this.deliveryFunction, {
        retryAttempts: settings.targetRetryAttempts,
        maxEventAge: settings.targetMaxEventAge,
        deadLetterQueue: this.deadLetterQueue,
      }),
    );
  }

  /** Lets `fn` publish to the bus (events:PutEvents on this bus only) and sets `EVENT_BUS_NAME`. */
  public grantPublish(fn: lambda.Function): void {
    this.eventBus.grantPutEventsTo(fn);
    fn.addEnvironment('EVENT_BUS_NAME', this.eventBus.eventBusName);
  }

  private createDeadLetterQueue(retention: Duration, removalPolicy: RemovalPolicy): sqs.Queue {
    // A dead-letter queue itself (cdk-nag's SQS3 sees the retry queue's redrive policy pointing here).
    return new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: retention,
      removalPolicy,
    });
  }
}
