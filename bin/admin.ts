/**
 * `npm run admin -- <command> [options] [--json]`: the operator's CLI (README.md "Admin CLI").
 *
 * Where it works:
 * - AWS: when `TABLE_NAME` is set in the environment (credentials and region from the AWS default chain).
 * - Locally otherwise: it reads `$DATA_DIR/local.json` (DATA_DIR default `.data`) to find the running service's
 *   DynamoDB endpoint; when no service runs, it opens the same LevelDB store itself for the command.
 *
 * With `--json` the last line printed is one JSON object (the command's answer, or `{"error": …}`).
 */
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_STEP_CODES, KeyEnvironment, KeyKind, OrgStatus, SubscriptionStatus, type StepCode } from '../functions/core/constants.ts';
import { getConfig } from '../functions/core/config.ts';
import { getClients } from '../functions/core/store/clients.ts';
import { Repository } from '../functions/core/store/repository.ts';
import { SessionStore } from '../functions/core/store/sessions.ts';
import { TemplateStore } from '../functions/core/store/templates.ts';
import { amlSubjectKey } from '../functions/core/steps/aml-screening.ts';
import { MediaStore } from '../functions/core/store/media.ts';
import { callbackRefusal } from '../functions/core/webhooks/target.ts';
import { localEnvironment, startLocalStores, type LocalEndpoints, type LocalStores } from '../local/stores.ts';

const USAGE = `Usage: npm run admin -- <command> [options] [--json]

Commands:
  create-org --name N [--no-subscription] [--features step_ip_analysis,...]   -> {"orgId"}
  create-app --org ORG --name N                                               -> {"appId","apiKey","publicKey","workflowId"}
  create-key --app APP [--public] [--live]                                    -> {"key","kind","environment"}
  revoke-key --key KEY                                                        -> {"revoked","appId"}
  suspend    --org ORG | --app APP
  reinstate  --org ORG | --app APP
  set-subscription --org ORG --status active|none
  set-features --org ORG --features step_ip_analysis,step_aml_screening,...
  create-workflow --app APP --steps step_ip_analysis,... [--name N] [--documents doc_passport,...]
                                (--documents: the document templates the workflow accepts; default all enabled)
  list-apps --org ORG                                                         -> {"apps":[…]}
  show-session --session ID     (session, steps and each decision's provenance)
  whitelist --app APP --entity ENTITY_ID (--name "FULL NAME" | --first F --last L) [--dob yyyy-MM-dd] --reason TEXT
                                (an AML list entity is not this person: still reported, no longer decisive)
  unwhitelist --app APP --entity ENTITY_ID (--name … | --first … --last …) [--dob …]
  list-whitelist --app APP
  set-webhook --app APP (--url URL | --clear)   (default webhook address of the app's sessions)
  get-webhook-secret --app APP                  (the whsec_… key that signs the app's webhooks)
  delete-session --session ID                   (erasure: the session, its steps and its media)
  list-templates                                (document templates: seed and operator's, enabled or not)
  create-template (--file template.json | --template '{…}') [--replace]
                                (a doc_<id> template, e.g. doc_fra_id_card; format: docs/document-verification.md)
  disable-template --id doc_…  /  enable-template --id doc_…

Features and steps: ${ALL_STEP_CODES.join(', ')} (the step_ prefix may be left out).`;

class UsageError extends Error {}

function stepList(value: string | undefined, option: string): StepCode[] {
  if (!value) throw new UsageError(`--${option} is required`);
  const codes = value
    .split(',')
    .map((s) => s.trim().replace(/-/g, '_'))
    .filter(Boolean)
    .map((s) => (s.startsWith('step_') ? s : `step_${s}`));
  const unknown = codes.filter((c) => !(ALL_STEP_CODES as readonly string[]).includes(c));
  if (unknown.length > 0) throw new UsageError(`unknown step(s) in --${option}: ${unknown.join(', ')}; allowed: ${ALL_STEP_CODES.join(', ')}`);
  if (codes.length === 0) throw new UsageError(`--${option} names no step`);
  return [...new Set(codes)] as StepCode[];
}

async function templateList(value: string, templates: TemplateStore): Promise<string[]> {
  const ids = [...new Set(value.split(',').map((x) => x.trim()).filter(Boolean))];
  if (ids.length === 0) throw new UsageError('--documents names no template');
  for (const id of ids) {
    const t = await templates.get(id);
    if (!t) throw new UsageError(`--documents: no template ${id} (list-templates shows them)`);
    if (!t.enabled) throw new UsageError(`--documents: template ${id} is disabled`);
  }
  return ids;
}

function need(value: string | undefined, option: string): string {
  if (!value) throw new UsageError(`--${option} is required`);
  return value;
}

function target(values: { org?: string | undefined; app?: string | undefined }): { orgId: string } | { appId: string } {
  if (values.org && values.app) throw new UsageError('give either --org or --app, not both');
  if (values.org) return { orgId: values.org };
  if (values.app) return { appId: values.app };
  throw new UsageError('--org ORG or --app APP is required');
}

interface Connection {
  repo: Repository;
  sessions: SessionStore;
  templates: TemplateStore;
  media: MediaStore;
  close: () => Promise<void>;
}

async function connect(): Promise<Connection> {
  let stores: LocalStores | undefined;
  if (!process.env['TABLE_NAME']) {
    const dataDir = path.resolve(process.env['DATA_DIR'] ?? '.data');
    let endpoints: LocalEndpoints | undefined;
    try {
      const candidate = JSON.parse(await readFile(path.join(dataDir, 'local.json'), 'utf8')) as LocalEndpoints;
      process.kill(candidate.pid, 0); // throws when that service is gone
      endpoints = candidate;
    } catch {
      endpoints = undefined;
    }
    if (!endpoints) {
      stores = await startLocalStores(dataDir);
      endpoints = stores.endpoints;
    }
    Object.assign(process.env, localEnvironment(endpoints));
    process.env['BUCKET_NAME'] ??= endpoints.bucketName;
  }
  const config = getConfig();
  const { ddb, s3 } = getClients(config);
  return {
    repo: new Repository(ddb, config.TABLE_NAME),
    sessions: new SessionStore(ddb, config.TABLE_NAME, config.RETENTION_DAYS),
    templates: new TemplateStore(ddb, config.TABLE_NAME),
    media: new MediaStore(s3, config.BUCKET_NAME),
    close: async () => {
      ddb.destroy();
      s3.destroy();
      await stores?.close();
    },
  };
}

async function run(command: string, v: Record<string, string | boolean | undefined>, conn: Connection): Promise<Record<string, unknown>> {
  const { repo, sessions } = conn;
  const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  switch (command) {
    case 'create-org': {
      const org = await repo.createOrg({
        name: need(s('name'), 'name'),
        subscription: v['no-subscription'] ? SubscriptionStatus.None : SubscriptionStatus.Active,
        ...(s('features') !== undefined ? { features: stepList(s('features'), 'features') } : {}),
      });
      return { orgId: org.orgId };
    }
    case 'create-app':
      return { ...(await repo.createApp({ orgId: need(s('org'), 'org'), name: need(s('name'), 'name') })) };
    case 'create-key': {
      const kind = v['public'] ? KeyKind.Public : KeyKind.Secret;
      const environment = v['live'] ? KeyEnvironment.Live : KeyEnvironment.Sandbox;
      const key = await repo.createKey({ appId: need(s('app'), 'app'), kind, environment });
      return { key, kind, environment };
    }
    case 'revoke-key': {
      const record = await repo.revokeKey(need(s('key'), 'key'));
      return { revoked: record.label, appId: record.appId };
    }
    case 'suspend':
    case 'reinstate': {
      const t = target({ org: s('org'), app: s('app') });
      const status = command === 'suspend' ? OrgStatus.Suspended : OrgStatus.Active;
      await repo.setStatus(t, status);
      return { ...t, status };
    }
    case 'set-subscription': {
      const status = need(s('status'), 'status');
      if (status !== SubscriptionStatus.Active && status !== SubscriptionStatus.None) throw new UsageError('--status must be active or none');
      await repo.setSubscription(need(s('org'), 'org'), status);
      return { orgId: s('org'), subscription: status };
    }
    case 'set-features': {
      const features = stepList(s('features'), 'features');
      await repo.setFeatures(need(s('org'), 'org'), features);
      return { orgId: s('org'), features };
    }
    case 'create-workflow': {
      const documentIds = s('documents') === undefined ? undefined : await templateList(s('documents')!, conn.templates);
      const wf = await repo.createWorkflow({
        appId: need(s('app'), 'app'),
        steps: stepList(s('steps'), 'steps'),
        ...(s('name') ? { name: s('name')! } : {}),
        ...(documentIds ? { documentIds } : {}),
      });
      return { workflowId: wf.workflowId, steps: wf.steps, ...(wf.documentIds ? { documentIds: wf.documentIds } : {}) };
    }
    case 'list-templates':
      return { templates: await conn.templates.list() };
    case 'create-template': {
      if (!s('file') === !s('template')) throw new UsageError('give one of --file PATH or --template JSON');
      const text = s('file') ? await readFile(s('file')!, 'utf8') : s('template')!;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (err) {
        throw new UsageError(`the template is not JSON: ${(err as Error).message}`);
      }
      return { template: await conn.templates.create(json, { replace: v['replace'] === true }) };
    }
    case 'disable-template':
    case 'enable-template':
      return { template: await conn.templates.setEnabled(need(s('id'), 'id'), command === 'enable-template') };
    case 'list-apps': {
      const apps = await repo.listApps(need(s('org'), 'org'));
      return { apps: apps.map((a) => ({ appId: a.appId, name: a.name, status: a.status, defaultWorkflowId: a.defaultWorkflowId, createdAt: a.createdAt })) };
    }
    case 'show-session': {
      const id = need(s('session'), 'session');
      const session = await sessions.getSession(id);
      if (!session) return { error: `session ${id} not found` };
      const steps = await sessions.listSteps(id);
      const clean = ({ PK: _p, SK: _s, type: _t, claimToken: _c, ...rest }: Record<string, unknown>) => rest;
      return { session: clean(session as never), steps: steps.map((x) => clean(x as never)) };
    }
    case 'whitelist':
    case 'unwhitelist': {
      const appId = need(s('app'), 'app');
      const entityId = need(s('entity'), 'entity');
      if (!s('name') && !s('first') && !s('last')) throw new UsageError('--name, or --first and/or --last, is required');
      const subjectKey = amlSubjectKey({ fullName: s('name') ?? null, firstName: s('first') ?? null, lastName: s('last') ?? null, dateOfBirth: s('dob') ?? null });
      if (command === 'unwhitelist') {
        await repo.removeWhitelist(appId, subjectKey, entityId);
        return { removed: entityId, subjectKey };
      }
      const entry = await repo.addWhitelist({ appId, subjectKey, entityId, reason: need(s('reason'), 'reason') });
      return { ...entry };
    }
    case 'set-webhook': {
      const appId = need(s('app'), 'app');
      const url = v['clear'] ? null : need(s('url'), 'url');
      // The live-mode address checks (https, public addresses) run at each delivery, per session environment.
      const refusal = url === null ? null : await callbackRefusal(url, 'sandbox');
      if (refusal) throw new UsageError(`--url ${refusal}`);
      await repo.setWebhookUrl(appId, url);
      return { appId, webhookUrl: url };
    }
    case 'get-webhook-secret': {
      const app = await repo.getApp(need(s('app'), 'app'));
      return { appId: app.appId, webhookSecret: app.webhookSecret ?? null };
    }
    case 'delete-session': {
      const id = need(s('session'), 'session');
      const items = await sessions.eraseSession(id);
      const media = await conn.media.eraseSession(id);
      if (items === 0 && media === 0) return { error: `session ${id} not found` };
      return { sessionId: id, deletedItems: items, deletedMedia: media };
    }
    case 'list-whitelist':
      return { entries: await repo.listWhitelist(need(s('app'), 'app')) };
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    name: { type: 'string' },
    org: { type: 'string' },
    app: { type: 'string' },
    key: { type: 'string' },
    session: { type: 'string' },
    status: { type: 'string' },
    features: { type: 'string' },
    steps: { type: 'string' },
    public: { type: 'boolean' },
    live: { type: 'boolean' },
    'no-subscription': { type: 'boolean' },
    entity: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    dob: { type: 'string' },
    reason: { type: 'string' },
    url: { type: 'string' },
    clear: { type: 'boolean' },
    documents: { type: 'string' },
    file: { type: 'string' },
    template: { type: 'string' },
    replace: { type: 'boolean' },
    id: { type: 'string' },
  },
});
const command = positionals[0] ?? '';
if (values.help || !command) {
  console.log(USAGE);
  process.exit(command || values.help ? 0 : 2);
}
let exitCode = 0;
let conn: Awaited<ReturnType<typeof connect>> | undefined;
try {
  conn = await connect();
  const answer = await run(command, values, conn);
  if ('error' in answer) exitCode = 1;
  if (values.json) console.log(JSON.stringify(answer));
  else console.log(JSON.stringify(answer, null, 2));
} catch (err) {
  exitCode = err instanceof UsageError ? 2 : 1;
  const message = (err as Error).message;
  if (values.json) console.log(JSON.stringify({ error: message }));
  else console.error(`error: ${message}${err instanceof UsageError ? `\n\n${USAGE}` : ''}`);
} finally {
  await conn?.close();
}
process.exit(exitCode);
