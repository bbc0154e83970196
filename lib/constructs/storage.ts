import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * Prefix of media objects in the bucket: `sessions/<sessionId>/<stepCode>/<uuid>.<ext>` (DESIGN.md "Table").
 * The lifecycle rule and the functions' S3 grants are scoped to it.
 */
export const SESSIONS_PREFIX = 'sessions/';

/** Name of the DynamoDB TTL attribute: epoch seconds after which DynamoDB deletes the item. */
export const TTL_ATTRIBUTE = 'expiresAt';

/** Props of {@link Storage}. */
export interface StorageProps {
  /**
   * What happens to the table and buckets when the stack is deleted or they are replaced.
   * Use `RETAIN` for live data; `DESTROY` deletes the table, and the buckets if they are empty.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Days after which media under `sessions/` expire. Keep it equal to the session TTL the functions write, so
   * that no image outlives its session record.
   * @default 30
   */
  readonly mediaRetentionDays?: number;
  /**
   * Days a replaced version of an object of the data bucket (a previous AML index or IP list snapshot) is kept,
   * so that a decision can be replayed against the data of its day.
   * @default 365
   */
  readonly dataVersionRetentionDays?: number;
  /**
   * Days S3 server access logs are kept.
   * @default 365
   */
  readonly accessLogRetentionDays?: number;
  /**
   * Bucket that receives the media bucket's server access logs. It must allow the S3 logging service to write
   * (bucket policy or ACL) and use SSE-S3, which S3 server access logging requires of its target.
   * @default a new bucket: SSE-S3, public access blocked, TLS only, logs expire after `accessLogRetentionDays`
   * @see https://docs.aws.amazon.com/AmazonS3/latest/userguide/enable-server-access-logging.html
   */
  readonly accessLogBucket?: s3.IBucket;
}

/** Defaults of {@link StorageProps}. */
const defaults = {
  removalPolicy: RemovalPolicy.RETAIN,
  mediaRetentionDays: 30,
  dataVersionRetentionDays: 365,
  accessLogRetentionDays: 365,
} as const;

/**
 * The service's state: one DynamoDB table (orgs, apps, keys, workflows, sessions, steps; DESIGN.md "Table"),
 * one S3 bucket for the media the steps receive, one for the engines' refreshed data (AML index, IP lists), plus
 * the bucket for the other buckets' access logs.
 *
 * Secure by default: the table has point-in-time recovery and KMS encryption with the AWS-managed key; the
 * buckets are encrypted (SSE-S3), block all public access and deny requests without TLS. Media expire after
 * `mediaRetentionDays`, and table items expire through the `expiresAt` TTL attribute the functions set. The data
 * bucket is versioned: each refresh keeps the previous snapshot for `dataVersionRetentionDays`.
 *
 * @see https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/PointInTimeRecovery.html
 * @see https://docs.aws.amazon.com/AmazonS3/latest/userguide/security-best-practices.html
 */
export class Storage extends Construct {
  /** The single table, keys `PK` and `SK` (strings), on-demand billing. */
  public readonly table: dynamodb.Table;
  /** The media bucket (`sessions/<sessionId>/<stepCode>/<uuid>.<ext>`). */
  public readonly mediaBucket: s3.Bucket;
  /**
   * The bucket of the engines' refreshed data: `aml/index.json.gz`, `aml/SOURCES.md`, `ip/…` (written by the
   * scheduled refresh, read by the aml-screening function). Kept apart from the media so that no grant on one
   * reaches the other.
   */
  public readonly dataBucket: s3.Bucket;
  /** The bucket receiving the media and data buckets' server access logs: `accessLogBucket` or the one created. */
  public readonly accessLogBucket: s3.IBucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
    super(scope, id);
    const { removalPolicy, mediaRetentionDays, dataVersionRetentionDays, accessLogRetentionDays } = { ...defaults, ...props };
    for (const [name, days] of Object.entries({ mediaRetentionDays, dataVersionRetentionDays })) {
      if (!Number.isInteger(days) || days < 1) {
        throw new Error(`Storage: ${name} must be a whole number of days >= 1, got ${days}.`);
      }
    }

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // A retained table is live data: also refuse deletion through the console or API.
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });

    this.accessLogBucket =
      props.accessLogBucket ??
      new s3.Bucket(this, 'AccessLogBucket', {
        encryption: s3.BucketEncryption.S3_MANAGED,
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        enforceSSL: true,
        lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(accessLogRetentionDays) }],
        removalPolicy,
      });

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'media/',
      lifecycleRules: [
        { id: 'expire-session-media', prefix: SESSIONS_PREFIX, expiration: Duration.days(mediaRetentionDays) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy,
    });

    this.dataBucket = new s3.Bucket(this, 'DataBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'data/',
      lifecycleRules: [
        { id: 'expire-replaced-snapshots', noncurrentVersionExpiration: Duration.days(dataVersionRetentionDays) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy,
    });
  }
}
