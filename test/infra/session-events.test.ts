import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE, SessionEventType } from '../../functions/core/events.ts';
import {
  SESSION_DECIDED_DETAIL_TYPE,
  SESSION_EVENT_SOURCE,
  WEBHOOK_DELIVERY_ENTRY,
} from '../../lib/constructs/session-events.ts';
import { REPO_ROOT } from '../../lib/paths.ts';
import { allowedActions, EVENT_FUNCTIONS, logicalId, roleStatements, synthStack, writeStubHandlers } from './helpers.ts';

describe('SessionEvents (webhooks over EventBridge)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let template: Template;
  let ids: { bus: string; queue: string; retry: string; delivery: string; rule: string; table: string };

  beforeAll(() => {
    stubs = writeStubHandlers();
    ({ template } = synthStack({ handlerRoot: stubs.handlerRoot }));
    ids = {
      bus: logicalId(template, 'AWS::Events::EventBus', 'EventsBus'),
      queue: logicalId(template, 'AWS::SQS::Queue', 'EventsDeadLetterQueue'),
      retry: logicalId(template, 'AWS::SQS::Queue', 'EventsRetryQueue'),
      delivery: logicalId(template, 'AWS::Lambda::Function', EVENT_FUNCTIONS.delivery.id),
      rule: logicalId(template, 'AWS::Events::Rule', 'EventsSessionDecided'),
      table: logicalId(template, 'AWS::DynamoDB::Table', 'StorageTable'),
    };
  });
  afterAll(() => stubs.cleanup());

  it('matches the source and detail type that functions/core/events.ts publishes', () => {
    expect(SESSION_EVENT_SOURCE).toBe(EVENT_SOURCE);
    expect(SESSION_DECIDED_DETAIL_TYPE).toBe(SessionEventType.Decided);
  });

  it('points the delivery function at the handler of the repository', () => {
    const file = join(REPO_ROOT, WEBHOOK_DELIVERY_ENTRY);

    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
  });

  it('creates one custom bus and a rule on it matching session.decided from step-verification', () => {
    template.resourceCountIs('AWS::Events::EventBus', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: ids.bus },
      EventPattern: { source: ['step-verification'], 'detail-type': ['session.decided'] },
      State: 'ENABLED',
    });
  });

  it('targets the delivery function with 8 retries within 24 hours and the dead-letter queue', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: { Ref: ids.bus },
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [ids.delivery, 'Arn'] },
          Id: Match.anyValue(),
          RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86_400 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ids.queue, 'Arn'] } },
        },
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [ids.delivery, 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ids.rule, 'Arn'] },
    });
  });

  it('retries a failed delivery twice in Lambda and parks the final failure in the same queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: ids.delivery },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 21_600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.queue, 'Arn'] } } },
    });
    // The on-failure destination, and the function's own dead-lettering after the last attempt: one statement.
    expect(roleStatements(template, EVENT_FUNCTIONS.delivery.role)).toContainEqual({
      Action: ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
      Effect: 'Allow',
      Resource: [{ 'Fn::GetAtt': [ids.queue, 'Arn'] }, { 'Fn::GetAtt': [ids.retry, 'Arn'] }],
    });
  });

  it('encrypts the dead-letter queue with SQS-managed keys and keeps messages 14 days', () => {
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
  });

  it('re-enqueues failed attempts on an encrypted retry queue that the delivery function consumes and sends to', () => {
    const queue = template.toJSON().Resources[ids.retry] as { Properties: Record<string, any> };
    const fn = template.toJSON().Resources[ids.delivery] as { Properties: Record<string, any> };

    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] }, maxReceiveCount: 5 },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [ids.retry, 'Arn'] },
      FunctionName: { Ref: ids.delivery },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(fn.Properties.Environment.Variables).toMatchObject({
      WEBHOOK_RETRY_QUEUE_URL: { Ref: ids.retry },
      WEBHOOK_DEAD_LETTER_QUEUE_URL: { Ref: ids.queue },
    });
    expect(roleStatements(template, EVENT_FUNCTIONS.delivery.role)).toContainEqual({
      Action: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'],
      Effect: 'Allow',
      Resource: { 'Fn::GetAtt': [ids.retry, 'Arn'] },
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: ids.retry }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('denies non-TLS access to the queue and lets EventBridge send to it only from the rule', () => {
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: ids.queue }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sqs:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sqs:SendMessage',
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ids.rule, 'Arn'] } } },
          }),
        ]),
      },
    });
  });

  it('gives the delivery function table read/write for its delivery log, and no bus, secret or S3 access', () => {
    const actions = allowedActions(template, EVENT_FUNCTIONS.delivery.role);
    const fn = template.toJSON().Resources[ids.delivery] as { Properties: Record<string, any> };

    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(JSON.stringify(roleStatements(template, EVENT_FUNCTIONS.delivery.role))).toContain(ids.table);
    expect(actions.filter((a) => /^(events|secretsmanager|s3):/.test(a))).toEqual([]);
    expect(fn.Properties.Environment.Variables.EVENT_BUS_NAME).toBeUndefined();
    expect(fn.Properties.Environment.Variables.SAT_SECRET_ARN).toBeUndefined();
  });

  it('gives the delivery function a timeout above one webhook POST (WEBHOOK_TIMEOUT_MS, 10 s)', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Webhook delivery of session.decided events',
      Timeout: 30,
      MemorySize: 512,
    });
  });
});
