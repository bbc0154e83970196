import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  ALL_STEP_CODES,
  KeyEnvironment,
  KeyKind,
  OrgStatus,
  SubscriptionStatus,
  type StepCode,
} from '../constants.ts';
import { NotFoundError } from '../errors.ts';
import { Keys, type ApiKeyRecord, type App, type Org, type WhitelistEntry, type Workflow } from './model.ts';
import { generateApiKey, hashApiKey, keyLabel, newAppId, newOrgId, newWorkflowId, randomBase62 } from './keys.ts';

/** What {@link Repository.createApp} returns: the only moment the raw keys exist outside their owner. */
export interface CreatedApp {
  appId: string;
  apiKey: string;
  publicKey: string;
  workflowId: string;
  /** Key of webhook signatures (README.md "Webhooks"). */
  webhookSecret: string;
}

/** The caller behind a key: the key record and the application and organisation it belongs to. */
export interface KeyOwner {
  key: ApiKeyRecord;
  app: App;
  org: Org;
}

const now = (): string => new Date().toISOString();
const strip = <T>(item: Record<string, unknown> | undefined): T | undefined => {
  if (!item) return undefined;
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as T;
};

/**
 * Organisations, applications, keys and workflows in the single table. The DynamoDB document client is
 * injected (tests pass an `aws-sdk-client-mock` or a dynalite-backed client). Conditional-write failures
 * become domain errors (STYLE.md 6).
 */
export class Repository {
  /** Workflows found so far; they are immutable once created, so a hit never goes stale. */
  private readonly workflows = new Map<string, Workflow>();

  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Creates an organisation with an active subscription and, unless given, every step feature. */
  async createOrg(input: { name: string; subscription?: SubscriptionStatus; features?: StepCode[] }): Promise<Org> {
    const org: Org = {
      orgId: newOrgId(),
      name: input.name,
      status: OrgStatus.Active,
      subscription: input.subscription ?? SubscriptionStatus.Active,
      features: input.features ?? [...ALL_STEP_CODES],
      createdAt: now(),
    };
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.org(org.orgId), type: 'org', ...org },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return org;
  }

  /** Loads an organisation. @throws NotFoundError when absent. */
  async getOrg(orgId: string): Promise<Org> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.org(orgId) }));
    const org = strip<Org>(out.Item);
    if (!org) throw new NotFoundError(`Organisation ${orgId} not found.`);
    return org;
  }

  /**
   * Creates an application under an organisation, with a default workflow of all five steps, one secret and one
   * public sandbox key. @throws NotFoundError when the organisation does not exist.
   */
  async createApp(input: { orgId: string; name: string; appId?: string; environment?: KeyEnvironment }): Promise<CreatedApp> {
    await this.getOrg(input.orgId);
    const appId = input.appId ?? newAppId();
    const workflowId = newWorkflowId();
    const app: App = {
      appId,
      orgId: input.orgId,
      name: input.name,
      status: OrgStatus.Active,
      defaultWorkflowId: workflowId,
      webhookSecret: `whsec_${randomBase62(32)}`,
      createdAt: now(),
    };
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.app(appId), type: 'app', ...app },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    await this.ddb.send(
      new PutCommand({ TableName: this.table, Item: { ...Keys.orgApp(input.orgId, appId), type: 'org-app', appId } }),
    );
    await this.putWorkflow({ workflowId, appId, name: 'default', steps: [...ALL_STEP_CODES], createdAt: now() });
    const environment = input.environment ?? KeyEnvironment.Sandbox;
    const apiKey = await this.createKey({ appId, kind: KeyKind.Secret, environment });
    const publicKey = await this.createKey({ appId, kind: KeyKind.Public, environment });
    return { appId, apiKey, publicKey, workflowId, webhookSecret: app.webhookSecret! };
  }

  /** Loads an application. @throws NotFoundError when absent. */
  async getApp(appId: string): Promise<App> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.app(appId) }));
    const app = strip<App>(out.Item);
    if (!app) throw new NotFoundError(`Application ${appId} not found.`);
    return app;
  }

  /** Lists the applications of an organisation. */
  async listApps(orgId: string): Promise<App[]> {
    await this.getOrg(orgId);
    const out = await this.ddb.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :app)',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':app': 'APP#' },
      }),
    );
    const ids = (out.Items ?? []).map((i) => String(i['appId']));
    return Promise.all(ids.map((id) => this.getApp(id)));
  }

  /** Creates a key for an application and returns the raw key (shown once). @throws NotFoundError for an unknown app. */
  async createKey(input: { appId: string; kind: KeyKind; environment: KeyEnvironment }): Promise<string> {
    const app = await this.getApp(input.appId);
    const raw = generateApiKey(input.kind, input.environment);
    const record: ApiKeyRecord = {
      keyHash: hashApiKey(raw),
      appId: app.appId,
      orgId: app.orgId,
      kind: input.kind,
      environment: input.environment,
      label: keyLabel(raw),
      createdAt: now(),
    };
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.key(record.keyHash), type: 'key', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.appKey(app.appId, record.keyHash), type: 'app-key', keyHash: record.keyHash, label: record.label },
      }),
    );
    return raw;
  }

  /** Revokes a key given in full. @throws NotFoundError when the key is unknown. */
  async revokeKey(rawKey: string): Promise<ApiKeyRecord> {
    try {
      const out = await this.ddb.send(
        new UpdateCommand({
          TableName: this.table,
          Key: Keys.key(hashApiKey(rawKey)),
          UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': now() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return strip<ApiKeyRecord>(out.Attributes)!;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new NotFoundError('API key not found.');
      throw err;
    }
  }

  /** Sets an organisation's or application's status (suspend / reinstate). @throws NotFoundError when absent. */
  async setStatus(target: { orgId: string } | { appId: string }, status: OrgStatus): Promise<void> {
    const key = 'orgId' in target ? Keys.org(target.orgId) : Keys.app(target.appId);
    await this.update(key, 'SET #status = :v', { '#status': 'status' }, { ':v': status }, describe(target));
  }

  /** Sets (or, with null, clears) an application's default webhook URL. @throws NotFoundError when absent. */
  async setWebhookUrl(appId: string, url: string | null): Promise<void> {
    if (url === null) await this.update(Keys.app(appId), 'REMOVE webhookUrl', undefined, {}, `Application ${appId}`);
    else await this.update(Keys.app(appId), 'SET webhookUrl = :v', undefined, { ':v': url }, `Application ${appId}`);
  }

  /** Sets an organisation's subscription status. @throws NotFoundError when absent. */
  async setSubscription(orgId: string, subscription: SubscriptionStatus): Promise<void> {
    await this.update(Keys.org(orgId), 'SET subscription = :v', undefined, { ':v': subscription }, `Organisation ${orgId}`);
  }

  /** Sets the step features on an organisation's plan. @throws NotFoundError when absent. */
  async setFeatures(orgId: string, features: StepCode[]): Promise<void> {
    await this.update(Keys.org(orgId), 'SET features = :v', undefined, { ':v': features }, `Organisation ${orgId}`);
  }

  /**
   * Creates a workflow for an application; `documentIds` limits the document templates it accepts (checked by the caller).
   * @throws NotFoundError for an unknown app.
   */
  async createWorkflow(input: { appId: string; name?: string; steps: StepCode[]; documentIds?: string[] }): Promise<Workflow> {
    await this.getApp(input.appId);
    const wf: Workflow = {
      workflowId: newWorkflowId(),
      appId: input.appId,
      name: input.name ?? 'custom',
      steps: input.steps,
      ...(input.documentIds ? { documentIds: input.documentIds } : {}),
      createdAt: now(),
    };
    await this.putWorkflow(wf);
    return wf;
  }

  /**
   * Loads a workflow of an application; null when absent or owned by another application. Workflows are never
   * changed after creation, so found ones are kept per process (at most 1,000; absent ones are not cached).
   */
  async findWorkflow(appId: string, workflowId: string): Promise<Workflow | null> {
    const cacheKey = `${appId}/${workflowId}`;
    const hit = this.workflows.get(cacheKey);
    if (hit) return hit;
    const out = await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.workflow(appId, workflowId) }));
    const wf = strip<Workflow>(out.Item) ?? null;
    if (wf) {
      if (this.workflows.size >= 1000) this.workflows.delete(this.workflows.keys().next().value!);
      this.workflows.set(cacheKey, wf);
    }
    return wf;
  }

  /**
   * Resolves a key hash to its owner in two round trips (key, then app and org in one batch).
   * Returns null when the key is unknown; revocation and statuses are left to the caller to judge.
   */
  async findKeyOwner(keyHash: string): Promise<KeyOwner | null> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.key(keyHash) }));
    const key = strip<ApiKeyRecord>(out.Item);
    if (!key) return null;
    const batch = await this.ddb.send(
      new BatchGetCommand({ RequestItems: { [this.table]: { Keys: [Keys.app(key.appId), Keys.org(key.orgId)] } } }),
    );
    const items = batch.Responses?.[this.table] ?? [];
    const app = strip<App>(items.find((i) => i['SK'] === 'APP'));
    const org = strip<Org>(items.find((i) => i['SK'] === 'ORG'));
    if (!app || !org) return null;
    return { key, app, org };
  }

  /** Whitelists a list entity for a screened person of an application. @throws NotFoundError for an unknown app. */
  async addWhitelist(input: { appId: string; subjectKey: string; entityId: string; reason: string }): Promise<WhitelistEntry> {
    await this.getApp(input.appId);
    const entry: WhitelistEntry = { ...input, createdAt: now() };
    await this.ddb.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...Keys.whitelist(input.appId, input.subjectKey, input.entityId), type: 'whitelist', ...entry },
      }),
    );
    return entry;
  }

  /** Removes a whitelist entry. @throws NotFoundError when it does not exist. */
  async removeWhitelist(appId: string, subjectKey: string, entityId: string): Promise<void> {
    try {
      await this.ddb.send(
        new DeleteCommand({
          TableName: this.table,
          Key: Keys.whitelist(appId, subjectKey, entityId),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new NotFoundError(`No whitelist entry for ${entityId}.`);
      throw err;
    }
  }

  /** The whitelist entries of an application, for one screened person or (subjectKey absent) all of them. */
  async listWhitelist(appId: string, subjectKey?: string): Promise<WhitelistEntry[]> {
    const out = await this.ddb.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :wl)',
        ExpressionAttributeValues: { ':pk': `APP#${appId}`, ':wl': subjectKey ? `WL#${subjectKey}#` : 'WL#' },
      }),
    );
    return (out.Items ?? []).map((i) => strip<WhitelistEntry>(i)!);
  }

  /**
   * An application and its organisation; null when either is absent, or when `orgId` is given and is not the app's.
   * One round trip (BatchGetItem) when the caller knows the organisation (a session access token's `org` claim), else
   * two (the app, then the org it names).
   */
  async findAppOwner(appId: string, orgId?: string): Promise<{ app: App; org: Org } | null> {
    if (orgId) {
      const batch = await this.ddb.send(
        new BatchGetCommand({ RequestItems: { [this.table]: { Keys: [Keys.app(appId), Keys.org(orgId)] } } }),
      );
      const items = batch.Responses?.[this.table] ?? [];
      const app = strip<App>(items.find((i) => i['SK'] === 'APP'));
      const org = strip<Org>(items.find((i) => i['SK'] === 'ORG'));
      return app && org && app.orgId === org.orgId ? { app, org } : null;
    }
    const app = strip<App>((await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.app(appId) }))).Item);
    if (!app) return null;
    const org = strip<Org>((await this.ddb.send(new GetCommand({ TableName: this.table, Key: Keys.org(app.orgId) }))).Item);
    return org ? { app, org } : null;
  }

  private async putWorkflow(wf: Workflow): Promise<void> {
    await this.ddb.send(
      new PutCommand({ TableName: this.table, Item: { ...Keys.workflow(wf.appId, wf.workflowId), type: 'workflow', ...wf } }),
    );
  }

  private async update(
    key: { PK: string; SK: string },
    expression: string,
    names: Record<string, string> | undefined,
    values: Record<string, unknown>,
    what: string,
  ): Promise<void> {
    try {
      await this.ddb.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: expression,
          ConditionExpression: 'attribute_exists(PK)',
          ...(names ? { ExpressionAttributeNames: names } : {}),
          ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        }),
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw new NotFoundError(`${what} not found.`);
      throw err;
    }
  }
}

function describe(target: { orgId: string } | { appId: string }): string {
  return 'orgId' in target ? `Organisation ${target.orgId}` : `Application ${target.appId}`;
}
