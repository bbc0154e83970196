import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxCredentials } from '../../local/seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A service started by {@link spawnService}. */
export interface SpawnedService {
  sandbox: SandboxCredentials;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the service the way an integrator does (`npm start`'s entry point, bin/local.ts) in a fresh DATA_DIR on
 * a free port, and waits until `GET /` answers 200.
 * @param env extra environment (e.g. a broken `IP_DATA_DIR` to test provider failure).
 * @throws Error with the service's output when it exits or is not ready within two minutes.
 */
export async function spawnService(env: Record<string, string> = {}): Promise<SpawnedService> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'svs-it-'));
  // The test runner's own Node (22 under `npm test`), with tsx's loader, as `npm start` runs it.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as SandboxCredentials;
      if ((await fetch(new URL('/', sandbox.baseUrl))).status === 200) return { sandbox, dataDir, stop };
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the service did not become ready:\n${output}`);
}
