import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import type {} from './provided.ts';
import type { LocalEndpoints } from '../../local/stores.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** The sandbox credentials of the service started by global-setup.ts. */
export const sandbox = () => inject('sandbox');

/** An HTTP answer: status, content type and parsed JSON body. */
export interface Answer<T = any> {
  status: number;
  contentType: string;
  body: T;
}

/**
 * POSTs a JSON body to a step, as an integrator would.
 * @param step path under {baseUrl}, e.g. `ip-analysis`.
 * @param body object (sent as JSON) or raw string.
 * @param opts.key X-API-KEY value; the sandbox secret key unless null (then no header).
 */
export async function post(
  step: string,
  body: unknown,
  opts: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const key = opts.key === undefined ? sandbox().apiKey : opts.key;
  const res = await fetch(`${sandbox().baseUrl}/${step}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key !== null ? { 'x-api-key': key } : {}),
      ...opts.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: parsed };
}

/**
 * Calls any route of the service (sessions API, document templates) by path, with an API key or a session access
 * token. `path` starts with `/api/v1/`; the body, when given, is sent as JSON.
 */
export async function call(
  method: string,
  path: string,
  opts: { key?: string; sat?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${new URL(sandbox().baseUrl).origin}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.key ? { 'x-api-key': opts.key } : {}),
      ...(opts.sat ? { authorization: `Bearer ${opts.sat}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Runs `npm run admin -- <args> --json` against the test service's DATA_DIR and returns its last JSON line. */
export async function admin(...args: string[]): Promise<Record<string, any>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', ...args, '--json'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir') },
  }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr }));
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? '{}') as Record<string, any>;
}

/** A document client on the test service's local DynamoDB (read from `$DATA_DIR/local.json`). */
export async function table(): Promise<{ ddb: DynamoDBDocumentClient; name: string }> {
  const endpoints = JSON.parse(await readFile(path.join(inject('dataDir'), 'local.json'), 'utf8')) as LocalEndpoints;
  const client = new DynamoDBClient({
    region: endpoints.region,
    endpoint: endpoints.dynamodbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { ddb: DynamoDBDocumentClient.from(client), name: endpoints.tableName };
}

/** Every item of the table whose PK starts with `prefix`. */
export async function scan(prefix: string): Promise<Record<string, any>[]> {
  const { ddb, name } = await table();
  const items: Record<string, any>[] = [];
  let start: Record<string, any> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({
        TableName: name,
        FilterExpression: 'begins_with(PK, :p)',
        ExpressionAttributeValues: { ':p': prefix },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A new organisation and application made with the admin CLI; returns their ids and keys. */
export async function newTenant(orgArgs: string[] = []): Promise<{ orgId: string; appId: string; apiKey: string; publicKey: string; workflowId: string }> {
  const { orgId } = await admin('create-org', '--name', 'Test org', ...orgArgs);
  const app = await admin('create-app', '--org', orgId, '--name', 'Test app');
  return { orgId, appId: app['appId'], apiKey: app['apiKey'], publicKey: app['publicKey'], workflowId: app['workflowId'] };
}

/** A tiny valid PNG (1x1, generated here) and JPEG/MP4 signatures for media validation tests. */
export const MEDIA = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  ).toString('base64'),
  jpg: Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]).toString('base64'),
  mp4: Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom'), Buffer.from('00000200', 'hex'), Buffer.from('isomiso2'), Buffer.alloc(32)]).toString('base64'),
} as const;
