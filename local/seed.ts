import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashApiKey } from '../functions/core/store/keys.ts';
import type { Repository } from '../functions/core/store/repository.ts';

/** The sandbox credentials written to `$DATA_DIR/sandbox.json` (issue 3: exactly these fields). */
export interface SandboxCredentials {
  /** The steps' base URL of SPEC.md 1, `http://host:port/api/v1/steps`. */
  baseUrl: string;
  appId: string;
  apiKey: string;
  publicKey: string;
  workflowId: string;
}

/** The sandbox organisation's name, so that operators can tell it apart. */
export const SANDBOX_ORG_NAME = 'Sandbox organisation';

/**
 * Seeds the sandbox organisation, application and default workflow, idempotently: when `sandbox.json` exists
 * and its secret key still resolves in the table, the same credentials are kept (only `baseUrl` is updated);
 * otherwise (first start, or the store was wiped) new ones are created. Keys are stored only hashed, so
 * `sandbox.json` is the one place the raw sandbox keys live; it is written with mode 0600.
 */
export async function seedSandbox(repo: Repository, dataDir: string, baseUrl: string): Promise<SandboxCredentials> {
  const file = path.join(dataDir, 'sandbox.json');
  let previous: SandboxCredentials | undefined;
  try {
    previous = JSON.parse(await readFile(file, 'utf8')) as SandboxCredentials;
  } catch {
    previous = undefined;
  }
  let creds: SandboxCredentials;
  const owner = previous?.apiKey ? await repo.findKeyOwner(hashApiKey(previous.apiKey)) : null;
  if (previous && owner && !owner.key.revokedAt && owner.app.appId === previous.appId) {
    creds = { ...previous, baseUrl };
  } else {
    const org = await repo.createOrg({ name: SANDBOX_ORG_NAME });
    const app = await repo.createApp({ orgId: org.orgId, name: 'Sandbox application' });
    creds = { baseUrl, appId: app.appId, apiKey: app.apiKey, publicKey: app.publicKey, workflowId: app.workflowId };
    // The webhook secret is not part of sandbox.json: `npm run admin -- get-webhook-secret --app <appId>` shows it.
  }
  await writeFile(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  return creds;
}
