import type { TestProject } from 'vitest/node';
import type {} from './provided.ts';
import { spawnService, type SpawnedService } from './spawn.ts';

let service: SpawnedService | undefined;

/** Starts one service for the integration project and provides its sandbox credentials and DATA_DIR. */
export async function setup(project: TestProject): Promise<void> {
  service = await spawnService();
  project.provide('sandbox', service.sandbox);
  project.provide('dataDir', service.dataDir);
}

export async function teardown(): Promise<void> {
  await service?.stop();
}
