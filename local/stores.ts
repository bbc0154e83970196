import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import S3rver from 's3rver';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';

/**
 * The two AWS stand-ins of the one-machine service (DESIGN.md "What runs where"): dynalite speaks the DynamoDB
 * API and persists in LevelDB (in a worker thread of this process, so that it uses the second core), s3rver
 * speaks the S3 API and persists in a directory. Both listen on loopback
 * at ports the OS chooses; `$DATA_DIR/local.json` tells other processes (the admin CLI, tests) where.
 */

/** Where the running stores are, as written to `$DATA_DIR/local.json`. */
export interface LocalEndpoints {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  bucketName: string;
  region: string;
  pid: number;
}

/** Defaults of the local stores. */
export const LOCAL_DEFAULTS = { tableName: 'verification', bucketName: 'verification-media', region: 'us-east-1' } as const;

/** Running stores and how to stop them. */
export interface LocalStores {
  endpoints: LocalEndpoints;
  close(): Promise<void>;
}

/**
 * Starts dynalite on a loopback port in a worker thread (local/dynalite-worker.mjs).
 * @throws Error when dynalite cannot open its LevelDB directory (e.g. another service holds its lock).
 */
async function startDynalite(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const worker = new Worker(new URL('./dynalite-worker.mjs', import.meta.url), { workerData: { path: dir } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`dynalite worker exited with code ${code}`)));
    worker.once('message', (msg: { port?: number; error?: string }) =>
      msg.port ? resolve(msg.port) : reject(new Error(`dynalite could not start: ${msg.error}`)),
    );
  });
  worker.removeAllListeners('exit');
  worker.unref();
  return {
    port,
    close: async () => {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
      await worker.terminate();
    },
  };
}

/**
 * Starts dynalite (LevelDB under `<dataDir>/dynamodb`) and, unless `withS3` is false, s3rver (`<dataDir>/s3`),
 * then creates the table and bucket when absent.
 * @throws Error when the LevelDB directory is locked by another running service.
 */
export async function startLocalStores(dataDir: string, opts: { withS3?: boolean } = {}): Promise<LocalStores> {
  await mkdir(path.join(dataDir, 'dynamodb'), { recursive: true });
  await mkdir(path.join(dataDir, 's3'), { recursive: true });
  const ddb = await startDynalite(path.join(dataDir, 'dynamodb'));
  let s3: S3rver | undefined;
  let s3Endpoint = '';
  if (opts.withS3 ?? true) {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: LOCAL_DEFAULTS.bucketName }],
    });
    const { port } = await s3.run();
    s3Endpoint = `http://127.0.0.1:${port}`;
  }
  const endpoints: LocalEndpoints = {
    dynamodbEndpoint: `http://127.0.0.1:${ddb.port}`,
    s3Endpoint,
    ...LOCAL_DEFAULTS,
    pid: process.pid,
  };
  await ensureTable(endpoints);
  return {
    endpoints,
    close: async () => {
      await s3?.close();
      await ddb.close();
    },
  };
}

/** Creates the single table (PK/SK, on demand) when it does not exist. */
export async function ensureTable(endpoints: LocalEndpoints): Promise<void> {
  const client = new DynamoDBClient({
    region: endpoints.region,
    endpoint: endpoints.dynamodbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await client.send(new DescribeTableCommand({ TableName: endpoints.tableName }));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
    await client.send(
      new CreateTableCommand({
        TableName: endpoints.tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
      }),
    );
  } finally {
    client.destroy();
  }
}

/** The service environment for a set of local endpoints (what `functions/core/config.ts` reads). */
export function localEnvironment(endpoints: LocalEndpoints): Record<string, string> {
  return {
    TABLE_NAME: endpoints.tableName,
    BUCKET_NAME: endpoints.bucketName,
    AWS_REGION: endpoints.region,
    DYNAMODB_ENDPOINT: endpoints.dynamodbEndpoint,
    ...(endpoints.s3Endpoint ? { S3_ENDPOINT: endpoints.s3Endpoint } : {}),
  };
}
