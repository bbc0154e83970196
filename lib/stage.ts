import { RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { z } from 'zod';

/**
 * The deployment stages, matching the key environments of DESIGN.md ("Identifiers and keys": `sk_sandbox_…`,
 * `sk_live_…`). A closed set (STYLE.md 4): `sandbox` is disposable, `live` holds customers' data.
 */
export const Stage = {
  /** Integration and testing; its resources are destroyed with the stack. */
  Sandbox: 'sandbox',
  /** Production; data resources are retained when the stack is deleted. */
  Live: 'live',
} as const;

/** One of the values of {@link Stage}. */
export type Stage = (typeof Stage)[keyof typeof Stage];

/**
 * The settings a deployment reads from CDK context (`cdk.context.json`, `cdk.json` or `-c key=value`).
 * Values given with `-c` arrive as strings, so numbers are coerced; anything out of range fails the synth
 * with a message naming the key, instead of deploying a surprising stack.
 *
 * @example
 * { "stage": "live", "retentionDays": 30, "apiRateLimit": 100, "apiBurstLimit": 200 }
 * @see https://docs.aws.amazon.com/cdk/v2/guide/context.html
 */
export const StageSettingsSchema = z.object({
  /** Which stage to deploy; see {@link Stage}. Required: there is no safe default between sandbox and live. */
  stage: z.enum([Stage.Sandbox, Stage.Live]),
  /**
   * Days sessions live: media under `sessions/` expire after this many days (S3 lifecycle) and the functions
   * receive it as `RETENTION_DAYS` for the DynamoDB TTL they write. @default 30
   */
  retentionDays: z.coerce.number().int().min(1).max(3650).default(30),
  /** Steady-state request rate of the API stage, requests per second. @default 100 */
  apiRateLimit: z.coerce.number().positive().max(10_000).default(100),
  /** Burst capacity of the API stage, requests. @default 200 */
  apiBurstLimit: z.coerce.number().int().positive().max(5_000).default(200),
  /** ARN of a regional AWS WAFv2 web ACL to attach to the API stage. @default none */
  webAclArn: z.string().startsWith('arn:').optional(),
  /** `POWERTOOLS_LOG_LEVEL` of every function. @default "INFO" */
  logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']).default('INFO'),
  /**
   * Largest age in days of the AML index's oldest source publication before the aml-screening step declines
   * (`AML_INDEX_MAX_AGE_DAYS`, docs/aml-screening.md). Set it once the scheduled refresh has written an index to
   * the data bucket: the shipped snapshot is older than any sensible limit. @default none (no age check)
   */
  amlIndexMaxAgeDays: z.coerce.number().int().positive().max(3650).optional(),
  /**
   * Generation of the session token signing key; raise it by one and deploy to rotate the key (the secret is
   * replaced; open SDK sessions need a new token). @default 1
   */
  satKeyGeneration: z.coerce.number().int().min(1).default(1),
  /**
   * Where the CloudWatch alarms notify: `create` for a new encrypted SNS topic (subscribe to it after the deploy),
   * or the ARN of a topic you bring. @default none (the alarms only change state)
   */
  alarmTopic: z.union([z.literal('create'), z.string().startsWith('arn:')]).optional(),
});

/** Validated deployment settings; see {@link StageSettingsSchema} for each field. */
export type StageSettings = z.infer<typeof StageSettingsSchema>;

/**
 * Reads the deployment settings from the context of `node` (usually the app's).
 *
 * @throws Error naming each bad key, its value and what is allowed.
 */
export function readStageSettings(node: Node): StageSettings {
  const keys = Object.keys(StageSettingsSchema.shape) as (keyof StageSettings)[];
  const raw = Object.fromEntries(keys.map((key) => [key, node.tryGetContext(key)]).filter(([, v]) => v !== undefined));
  const parsed = StageSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}=${JSON.stringify(raw[issue.path[0] as string])}: ${issue.message}`,
    );
    throw new Error(
      `Invalid CDK context (set it in cdk.context.json or with -c key=value):\n${lines.join('\n')}`,
    );
  }
  return parsed.data;
}

/**
 * What happens to data resources (table, buckets, log groups) when the stack is deleted or they are replaced:
 * `live` keeps them (customers' verification records), `sandbox` deletes them.
 *
 * @see https://docs.aws.amazon.com/cdk/v2/guide/resources.html#resources_removal
 */
export function removalPolicyFor(stage: Stage): RemovalPolicy {
  return stage === Stage.Live ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
