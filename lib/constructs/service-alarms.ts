import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** One function to watch: its construct id part in alarm ids, the function, and its timeout. */
export interface WatchedFunction {
  /** Short name used in the alarm's id and description, e.g. `IpAnalysis`. */
  readonly name: string;
  readonly fn: lambda.IFunction;
}

/** Props of {@link ServiceAlarms}. */
export interface ServiceAlarmsProps {
  /** The REST API: 5xx rate of its stage. */
  readonly api: apigateway.RestApi;
  /** Functions watched for errors and throttles (the routes, the webhook delivery, the refresh, the hosted flow). */
  readonly functions: readonly WatchedFunction[];
  /** The container-image inference function: errors, throttles and duration near its timeout. @default none */
  readonly inference?: { readonly fn: lambda.IFunction; readonly timeout: Duration };
  /** The webhook dead-letter queue: any visible message alarms. */
  readonly deadLetterQueue: sqs.IQueue;
  /** The table: read or write throttle events. */
  readonly table: dynamodb.ITable;
  /**
   * Where alarm and OK notifications go: a topic you bring (it must let CloudWatch publish, and if encrypted let
   * CloudWatch use its key), or `'create'` for a new topic encrypted with a new customer-managed key.
   * @default none: the alarms only change state (visible in the console and to any rule you add)
   */
  readonly topic?: sns.ITopic | 'create';
  /**
   * 5xx share of API requests above which the API alarms, over three consecutive 5-minute periods.
   * @default 0.05 (5 %)
   */
  readonly api5xxRateThreshold?: number;
  /**
   * Share of the inference function's timeout that its p99 duration must stay under.
   * @default 0.8
   */
  readonly inferenceDurationShare?: number;
  /** What happens to a created topic's key when the stack is deleted. @default RemovalPolicy.RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/** Defaults of {@link ServiceAlarmsProps}. */
const defaults = {
  api5xxRateThreshold: 0.05,
  inferenceDurationShare: 0.8,
  removalPolicy: RemovalPolicy.RETAIN,
} as const;

/** Period of every alarm's metric. */
const PERIOD = Duration.minutes(5);

/**
 * CloudWatch alarms of the service (docs/deploy.md, "Alarms"), each on an AWS-published metric so that they work
 * whatever the functions log:
 *
 * | alarm | metric | fires when |
 * |---|---|---|
 * | `Api5xxRate` | `AWS/ApiGateway` `5XXError` Average of the stage (the share of requests) | above 5 % for 3 × 5 min |
 * | `<Fn>Errors`, `<Fn>Throttles` | `AWS/Lambda` `Errors`, `Throttles` Sum | ≥ 1 in 5 min (the handlers turn every expected failure into an answer, so a Lambda error is a crash or a timeout) |
 * | `InferenceErrors`, `InferenceThrottles`, `InferenceDuration` | the same, and `Duration` p99 | p99 ≥ 80 % of the timeout for 2 × 5 min |
 * | `WebhookDeadLetters` | `AWS/SQS` `ApproximateNumberOfMessagesVisible` Maximum | > 0 |
 * | `TableThrottles` | `AWS/DynamoDB` `ReadThrottleEvents` + `WriteThrottleEvents` Sum | ≥ 1 in 5 min |
 *
 * Missing data (no traffic) is not breaching. With a topic, every alarm notifies on ALARM and on OK.
 *
 * @see https://docs.aws.amazon.com/apigateway/latest/developerguide/api-gateway-metrics-and-dimensions.html
 * @see https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html
 */
export class ServiceAlarms extends Construct {
  /** Every alarm created, by id. */
  public readonly alarms: ReadonlyMap<string, cloudwatch.Alarm>;
  /** Conditional: the topic notified, when `topic` was given or created. */
  public readonly topic?: sns.ITopic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const settings = { ...defaults, ...props };
    if (!(settings.api5xxRateThreshold > 0 && settings.api5xxRateThreshold < 1)) {
      throw new Error(`ServiceAlarms: api5xxRateThreshold is a share between 0 and 1, got ${settings.api5xxRateThreshold}.`);
    }
    if (!(settings.inferenceDurationShare > 0 && settings.inferenceDurationShare <= 1)) {
      throw new Error(`ServiceAlarms: inferenceDurationShare is a share of the timeout in (0, 1], got ${settings.inferenceDurationShare}.`);
    }
    this.topic = props.topic === 'create' ? this.createTopic(settings.removalPolicy) : props.topic;
    const alarms = new Map<string, cloudwatch.Alarm>();
    const add = (alarmId: string, metric: cloudwatch.IMetric, opts: { threshold: number; description: string; periods?: number; above?: boolean }) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold: opts.threshold,
        evaluationPeriods: opts.periods ?? 1,
        comparisonOperator:
          opts.above === false
            ? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD
            : cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: opts.description,
      });
      if (this.topic) {
        alarm.addAlarmAction(new actions.SnsAction(this.topic));
        alarm.addOkAction(new actions.SnsAction(this.topic));
      }
      alarms.set(alarmId, alarm);
    };

    add('Api5xxRate', props.api.deploymentStage.metricServerError({ statistic: 'Average', period: PERIOD }), {
      threshold: settings.api5xxRateThreshold,
      periods: 3,
      description: `More than ${settings.api5xxRateThreshold * 100} % of API requests answered 5xx for 15 minutes.`,
    });
    const watchFunction = (name: string, fn: lambda.IFunction) => {
      add(`${name}Errors`, fn.metricErrors({ statistic: 'Sum', period: PERIOD }), {
        threshold: 1,
        above: false,
        description: `${name}: the function failed (crash or timeout) at least once in 5 minutes.`,
      });
      add(`${name}Throttles`, fn.metricThrottles({ statistic: 'Sum', period: PERIOD }), {
        threshold: 1,
        above: false,
        description: `${name}: invocations were throttled (concurrency limit) in 5 minutes.`,
      });
    };
    for (const { name, fn } of props.functions) watchFunction(name, fn);
    if (props.inference) {
      watchFunction('Inference', props.inference.fn);
      const limitMs = props.inference.timeout.toMilliseconds() * settings.inferenceDurationShare;
      add('InferenceDuration', props.inference.fn.metricDuration({ statistic: 'p99', period: PERIOD }), {
        threshold: limitMs,
        above: false,
        periods: 2,
        description: `Inference p99 duration at or above ${Math.round(limitMs)} ms (${settings.inferenceDurationShare * 100} % of its timeout) for 10 minutes.`,
      });
    }
    add('WebhookDeadLetters', props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: PERIOD }), {
      threshold: 0,
      description: 'Webhook events were given up on: redrive them once the receiver is back (docs/deploy.md, "Dead-letter queue and redrive").',
    });
    add(
      'TableThrottles',
      new cloudwatch.MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: props.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: PERIOD }),
          writes: props.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: PERIOD }),
        },
        period: PERIOD,
        label: 'Throttle events',
      }),
      { threshold: 1, above: false, description: 'DynamoDB throttled reads or writes of the table in 5 minutes.' },
    );
    this.alarms = alarms;
  }

  /** A topic encrypted with its own rotating key, TLS only, that CloudWatch alarms may publish to. */
  private createTopic(removalPolicy: RemovalPolicy): sns.Topic {
    const key = new kms.Key(this, 'TopicKey', {
      description: 'Encrypts the alarm topic of the step verification service',
      enableKeyRotation: true,
      removalPolicy,
    });
    // CloudWatch publishes to an encrypted topic only if the key lets it.
    // @see https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/AlarmThatSendsEmail.html
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    return new sns.Topic(this, 'Topic', {
      displayName: 'Step verification alarms',
      masterKey: key,
      enforceSSL: true,
    });
  }
}
