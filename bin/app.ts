/**
 * The CDK app: one {@link VerificationStack} for the stage named in context (`cdk.context.json`, or
 * `npx cdk synth -c stage=live`), checked by cdk-nag's AWS Solutions rules on every synth.
 *
 * The account and region come from the CLI's credentials (`CDK_DEFAULT_ACCOUNT`/`CDK_DEFAULT_REGION`) when it
 * has them; without credentials the stack is environment-agnostic and still synthesizes.
 *
 * @see docs/deploy.md
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readStageSettings } from '../lib/stage.ts';
import { VerificationStack } from '../lib/verification-stack.ts';

const app = new App();
const settings = readStageSettings(app.node);
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

new VerificationStack(app, `StepVerification-${settings.stage}`, {
  stage: settings.stage,
  ...((account !== undefined || region !== undefined) && { env: { account, region } }),
  retentionDays: settings.retentionDays,
  throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
  ...(settings.webAclArn !== undefined && { webAclArn: settings.webAclArn }),
  logLevel: settings.logLevel,
  ...(settings.amlIndexMaxAgeDays !== undefined && { amlIndexMaxAgeDays: settings.amlIndexMaxAgeDays }),
  satKeyGeneration: settings.satKeyGeneration,
  ...(settings.alarmTopic !== undefined && { alarmTopic: settings.alarmTopic }),
  tags: { service: 'step-verification', stage: settings.stage },
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
