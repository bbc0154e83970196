import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { logicalId, synthStack, writeStubHandlers } from './helpers.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

/** The alarm of `name` (its logical id starts with `Alarms<name>`). */
function alarm(template: Template, name: string): Record<string, any> {
  return (template.toJSON().Resources as Resources)[logicalId(template, 'AWS::CloudWatch::Alarm', `Alarms${name}`)]!.Properties;
}

describe('ServiceAlarms', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;
  let withTopic: Template;

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ template } = synthStack({ handlerRoot: stubs.handlerRoot }));
    ({ template: withTopic } = synthStack({ handlerRoot: stubs.handlerRoot, alarmTopic: 'create' }));
  });
  afterAll(() => stubs.cleanup());

  it('alarms on an API 5xx rate above 5 % over three 5-minute periods', () => {
    expect(alarm(template, 'Api5xxRate')).toMatchObject({
      MetricName: '5XXError',
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Average',
      Period: 300,
      Threshold: 0.05,
      EvaluationPeriods: 3,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarm(template, 'Api5xxRate').Dimensions.map((d: { Name: string }) => d.Name).sort()).toEqual(['ApiName', 'Stage']);
  });

  it('alarms on errors and throttles of every function, routes and event functions', () => {
    for (const name of [...routes.map((r) => r.name), 'WebhookDelivery', 'DataRefresh', 'HostedFlow', 'Inference']) {
      expect(alarm(template, `${name}Errors`), name).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      expect(alarm(template, `${name}Throttles`), name).toMatchObject({ MetricName: 'Throttles', Threshold: 1 });
    }
  });

  it('alarms when the inference p99 duration reaches 80 % of its 28 s timeout', () => {
    expect(alarm(template, 'InferenceDuration')).toMatchObject({ MetricName: 'Duration', ExtendedStatistic: 'p99', Threshold: 22_400, EvaluationPeriods: 2 });
  });

  it('alarms on any visible message in the webhook dead-letter queue', () => {
    expect(alarm(template, 'WebhookDeadLetters')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(template, 'AWS::SQS::Queue', 'EventsDeadLetterQueue'), 'QueueName'] } }],
    });
  });

  it('alarms on DynamoDB read or write throttle events of the table', () => {
    const props = alarm(template, 'TableThrottles');
    expect(props.Metrics.map((m: { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }) => m.Expression ?? m.MetricStat?.Metric.MetricName).sort()).toEqual(
      ['ReadThrottleEvents', 'WriteThrottleEvents', 'reads + writes'].sort(),
    );
  });

  it('has no actions and no topic by default', () => {
    template.resourceCountIs('AWS::SNS::Topic', 0);
    for (const a of Object.values(template.findResources('AWS::CloudWatch::Alarm'))) expect(a.Properties.AlarmActions).toBeUndefined();
  });

  it('creates a KMS-encrypted, TLS-only topic that every alarm notifies on ALARM and OK', () => {
    const topic = logicalId(withTopic, 'AWS::SNS::Topic', 'AlarmsTopic');
    const key = logicalId(withTopic, 'AWS::KMS::Key', 'AlarmsTopicKey');
    withTopic.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [key, 'Arn'] } });
    withTopic.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] })]) },
    });
    withTopic.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    for (const a of Object.values(withTopic.findResources('AWS::CloudWatch::Alarm'))) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: topic }]);
      expect(a.Properties.OKActions).toEqual([{ Ref: topic }]);
    }
  });

  it('notifies a topic brought by ARN, and creates none', () => {
    const arn = 'arn:aws:sns:eu-west-1:123456789012:ops-alarms';
    const { template: brought } = synthStack({ handlerRoot: stubs.handlerRoot, alarmTopic: arn });
    brought.resourceCountIs('AWS::SNS::Topic', 0);
    expect(alarm(brought, 'Api5xxRate').AlarmActions).toEqual([arn]);
  });
});
