import type { TestProject } from 'vitest/node';
import type {} from './provided.ts';
import { spawnService, type SpawnedService } from './spawn.ts';

let service: SpawnedService | undefined;

/**
 * Starts one service for the integration project and provides its sandbox credentials and DATA_DIR. It runs as
 * if behind one trusted reverse proxy (`TRUST_PROXY_HOPS=1`), so that tests can present a browser's public
 * address with X-Forwarded-For; a request without that header is seen from its socket, as by default.
 */
export async function setup(project: TestProject): Promise<void> {
  service = await spawnService({ TRUST_PROXY_HOPS: '1' });
  project.provide('sandbox', service.sandbox);
  project.provide('dataDir', service.dataDir);
}

export async function teardown(): Promise<void> {
  await service?.stop();
}
