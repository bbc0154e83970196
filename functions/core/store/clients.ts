import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * AWS SDK v3 clients, built once per process from the configuration. They are the only way the code talks to
 * storage, on AWS and locally (dynalite and s3rver speak the same APIs).
 */
export interface Clients {
  /** Document client: marshals plain JS values, drops `undefined` attributes. */
  readonly ddb: DynamoDBDocumentClient;
  readonly s3: S3Client;
}

let cached: { key: string; clients: Clients } | undefined;

/** Returns the clients for a configuration, reusing them while the configuration is the same. */
export function getClients(config: Config): Clients {
  const key = `${config.AWS_REGION}|${config.DYNAMODB_ENDPOINT ?? ''}|${config.S3_ENDPOINT ?? ''}`;
  if (cached?.key === key) return cached.clients;
  const local = Boolean(config.DYNAMODB_ENDPOINT);
  // Locally the endpoints need no real credentials; on AWS the default provider chain supplies them.
  const credentials = local ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined;
  const base = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(config.DYNAMODB_ENDPOINT ? { endpoint: config.DYNAMODB_ENDPOINT } : {}),
    ...(credentials ? { credentials } : {}),
    maxAttempts: 3,
  });
  const ddb = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  const s3 = new S3Client({
    region: config.AWS_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(credentials && config.S3_ENDPOINT ? { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
  });
  cached = { key, clients: { ddb, s3 } };
  return cached.clients;
}
