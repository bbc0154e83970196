import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The sandbox credentials `npm start` writes to `$DATA_DIR/sandbox.json` (the fields the scripts use). */
export interface Sandbox {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly workflowId: string;
}

/**
 * Starts the whole local service (`bin/local.ts`, what `npm start` runs) in a child process on a free port with a
 * fresh DATA_DIR, so that a script measuring it through HTTP does not share its event loop, and waits until it
 * answers (up to 120 s).
 *
 * @param name - prefix of the temporary DATA_DIR
 * @returns the sandbox credentials and `stop`, which ends the process and removes the DATA_DIR
 * @throws Error when the service does not answer within 120 s
 */
export async function startServiceProcess(name: string): Promise<{ sandbox: Sandbox; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `svs-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', POWERTOOLS_LOG_LEVEL: 'WARN' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const sandbox = JSON.parse(await readFile(path.join(dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
      if ((await fetch(new URL('/', sandbox.baseUrl))).ok) {
        return {
          sandbox,
          stop: async () => {
            child.kill('SIGTERM');
            await new Promise((r) => child.once('exit', r));
            await rm(dataDir, { recursive: true, force: true });
          },
        };
      }
    } catch {
      // not ready
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not start');
}
