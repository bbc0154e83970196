import { Authenticator } from './auth.ts';
import { getConfig, type Config } from './config.ts';
import { getClients } from './store/clients.ts';
import { Repository } from './store/repository.ts';
import { SessionStore } from './store/sessions.ts';

/** The service's collaborators, built once per process from the configuration. */
export interface Service {
  readonly config: Config;
  readonly repo: Repository;
  readonly sessions: SessionStore;
  readonly auth: Authenticator;
}

let cached: Service | undefined;

/** Returns the process-wide service, building it on first use. @throws Error when the configuration is invalid. */
export function getService(): Service {
  if (cached) return cached;
  const config = getConfig();
  const { ddb } = getClients(config);
  const repo = new Repository(ddb, config.TABLE_NAME);
  cached = {
    config,
    repo,
    sessions: new SessionStore(ddb, config.TABLE_NAME, config.RETENTION_DAYS),
    auth: new Authenticator(repo, config.AUTH_CACHE_SECONDS),
  };
  return cached;
}

/** Forgets the process-wide service (tests that change the configuration). */
export function resetService(): void {
  cached = undefined;
}
