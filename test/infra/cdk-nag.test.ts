import { App, CfnResource, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { VerificationStack } from '../../lib/verification-stack.ts';
import { projectContext, synthStack, writeStubHandlers } from './helpers.ts';

/**
 * AwsSolutionsChecks that also records which acknowledgements matched a finding, so that a stale one (its
 * rule no longer fires) is caught like a missing one. cdk-nag asks `isAcknowledged(resource, ruleId)` for
 * every finding; the wrapper keeps the answer.
 */
class RecordingChecks extends AwsSolutionsChecks {
  /** `<construct path> <rule id>` of every finding that an acknowledgement covered. */
  public readonly acknowledgedFindings = new Set<string>();

  constructor() {
    super();
    const self = this as unknown as { isAcknowledged: (resource: CfnResource, ruleId: string) => boolean };
    const original = self.isAcknowledged.bind(this);
    self.isAcknowledged = (resource, ruleId) => {
      const acknowledged = original(resource, ruleId);
      if (acknowledged) this.acknowledgedFindings.add(`${resource.node.path} ${ruleId}`);
      return acknowledged;
    };
  }
}

/** Every acknowledgement recorded in the tree: where, which rule, and why. */
function acknowledgements(scope: IConstruct): { path: string; id: string; reason: string; onResource: boolean }[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
          onResource: CfnResource.isCfnResource(construct),
        })),
      ),
  );
}

/** Readable list of unacknowledged findings, empty when the stack is clean. */
function findings(checks: AwsSolutionsChecks, scope: IConstruct): string[] {
  return checks
    .validateScope(scope)
    .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}: ${v.description}`));
}

const mediaRoutes = ['IdVerification', 'FaceMatch', 'LivenessCheck'];

/** The read and put wildcards of CDK's S3 grant helpers, as IAM5 findings. */
const S3_READ_ACTIONS = ['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*'];
const S3_PUT_ACTIONS = ['Action::s3:Abort*'];

/** Findings on the default policy of a function role, as `<path> <rule>`. */
const onPolicy = (rolePath: string, findings: string[]): string[] =>
  findings.map((finding) => `TestStack/${rolePath}/DefaultPolicy/Resource AwsSolutions-IAM5[${finding}]`);

/** The two acknowledgements every function carries: its pinned runtime and the X-Ray statement's `*`. */
const functionAcks = (fnPath: string, rolePath: string): string[] => [
  `TestStack/${fnPath}/Resource AwsSolutions-L1`,
  ...onPolicy(rolePath, ['Resource::*']),
];

/** The acknowledgements a reviewer has agreed to, per stack path (sandbox stack without a web ACL). */
const expectedAcknowledgements = [
  'TestStack/Api/RestApi/Resource AwsSolutions-APIG2',
  'TestStack/Api/RestApi/CloudWatchRole/Resource AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
  'TestStack/Api/RestApi/DeploymentStage.sandbox/Resource AwsSolutions-APIG3',
  ...routes.flatMap((route) => {
    const method = `TestStack/Api/RestApi/Default${route.path}/${route.method}/Resource`;
    return [`${method} AwsSolutions-APIG4`, `${method} AwsSolutions-COG4`, ...functionAcks(`Api/${route.name}`, `Api/${route.name}Role`)];
  }),
  ...mediaRoutes.flatMap((name) =>
    onPolicy(`Api/${name}Role`, [...S3_PUT_ACTIONS, ...S3_READ_ACTIONS, 'Resource::<StorageMediaBucket4E4E9C18.Arn>/sessions/*']),
  ),
  // The inference function: no L1 (a container image has no managed runtime), the X-Ray "*", read on sessions/*.
  ...onPolicy('Api/Inference/Role', ['Resource::*', ...S3_READ_ACTIONS, 'Resource::<StorageMediaBucket4E4E9C18.Arn>/sessions/*']),
  // The steps that invoke it: CDK's grantInvoke adds the version/alias qualifier ":*" of that one function.
  ...mediaRoutes.flatMap((name) => onPolicy(`Api/${name}Role`, ['Resource::<ApiInferenceFunction1E04C31A.Arn>:*'])),
  ...onPolicy('Api/AmlScreeningRole', [...S3_READ_ACTIONS, 'Resource::<StorageDataBucketB1B922FA.Arn>/aml/*']),
  ...onPolicy('Api/IpAnalysisRole', [...S3_READ_ACTIONS, 'Resource::<StorageDataBucketB1B922FA.Arn>/ip/*']),
  'TestStack/SatSigningKey/Secret/Resource AwsSolutions-SMG4',
  ...functionAcks('Events/Delivery', 'Events/DeliveryRole'),
  ...functionAcks('DataRefresh/Function', 'DataRefresh/FunctionRole'),
  // The Web SDK's public static files (lib/constructs/hosted-flow.ts).
  ...functionAcks('HostedFlow/Function', 'HostedFlow/FunctionRole'),
  ...['flow', 'flow/{proxy+}', 'sdk/{proxy+}'].flatMap((path) => {
    const method = `TestStack/Api/RestApi/Default/${path}/GET/Resource`;
    return [`${method} AwsSolutions-APIG4`, `${method} AwsSolutions-COG4`];
  }),
  ...onPolicy('DataRefresh/FunctionRole', [
    ...S3_PUT_ACTIONS,
    ...S3_READ_ACTIONS,
    'Resource::<StorageDataBucketB1B922FA.Arn>/aml/*',
    'Resource::<StorageDataBucketB1B922FA.Arn>/ip/*',
  ]),
].sort();

describe('cdk-nag AwsSolutionsChecks', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;

  beforeAll(() => {
    stubs = writeStubHandlers();
  });
  afterAll(() => stubs.cleanup());

  it('leaves no unacknowledged finding on the sandbox stack', () => {
    const { stack } = synthStack({ handlerRoot: stubs.handlerRoot });

    expect(findings(new AwsSolutionsChecks(), stack)).toEqual([]);
  });

  it('leaves no unacknowledged finding on a live stack with a web ACL and an alarm topic', () => {
    const { stack } = synthStack({
      handlerRoot: stubs.handlerRoot,
      stage: 'live',
      webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/kyc/0d1f6f2a-1111-2222-3333-444455556666',
      alarmTopic: 'create',
    });

    expect(findings(new AwsSolutionsChecks(), stack)).toEqual([]);
    expect(acknowledgements(stack).map((a) => a.id)).not.toContain('AwsSolutions-APIG3');
  });

  it('acknowledges exactly the reviewed findings, each on one resource with a reason', () => {
    const { stack } = synthStack({ handlerRoot: stubs.handlerRoot });
    const acks = acknowledgements(stack);

    expect(acks.map((a) => `${a.path} ${a.id}`).sort()).toEqual(expectedAcknowledgements);
    for (const ack of acks) {
      expect(ack.onResource, `${ack.path} ${ack.id} must sit on a CloudFormation resource`).toBe(true);
      expect(ack.reason.length, `${ack.path} ${ack.id} needs a reason a reviewer can check`).toBeGreaterThanOrEqual(60);
    }
  });

  it('has no stale acknowledgement: each one covers a finding that cdk-nag reports', () => {
    const { stack } = synthStack({ handlerRoot: stubs.handlerRoot });
    const checks = new RecordingChecks();

    findings(checks, stack);

    expect([...checks.acknowledgedFindings].sort()).toEqual(
      acknowledgements(stack)
        .map((a) => `${a.path} ${a.id}`)
        .sort(),
    );
  });

  it('reports a finding that nobody acknowledged (the check can fail)', () => {
    const { stack } = synthStack({ handlerRoot: stubs.handlerRoot });
    new s3.Bucket(stack, 'UnreviewedBucket');

    expect(findings(new AwsSolutionsChecks(), stack)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S1 at TestStack\/UnreviewedBucket\/Resource/)]),
    );
  });

  it('fails the synth through the Validations plugin, as bin/app.ts registers it, only on findings', () => {
    const build = (extraBucket: boolean): App => {
      const app = new App({
        context: { ...projectContext(), 'aws:cdk:bundling-stacks': [] },
        outdir: mkdtempSync(join(stubs.handlerRoot, 'cdk.out-')),
      });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      const stack = new VerificationStack(app, 'TestStack', { stage: 'sandbox', handlerRoot: stubs.handlerRoot });
      if (extraBucket) new s3.Bucket(stack, 'UnreviewedBucket');
      return app;
    };

    expect(() => build(false).synth()).not.toThrow();
    expect(() => build(true).synth()).toThrow(/ERROR The S3 Bucket has server access logs disabled\. \(AwsSolutions\)/);
  });
});
