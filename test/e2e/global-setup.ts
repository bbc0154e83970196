import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { spawnService, type SpawnedService } from '../integration/spawn.ts';
import { writeFakeCamera } from './camera.ts';
import type { E2eContext } from './provided.ts';

/**
 * Starts, once for the browser tests: the service as `npm start` runs it (with the flow served at /flow/), the
 * workflows the tests need (admin CLI), the example integrator server on another origin, and the fake camera files.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);
let service: SpawnedService | undefined;
let example: ChildProcess | undefined;
let scratch: string | undefined;

async function admin(dataDir: string, ...args: string[]): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', ...args, '--json'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  const last = stdout.trim().split('\n').pop() ?? '{}';
  const answer = JSON.parse(last) as Record<string, string>;
  if (answer['error']) throw new Error(`admin ${args.join(' ')}: ${answer['error']}`);
  return answer;
}

function startExampleServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['examples/server.mjs'], { cwd: ROOT, env: { ...process.env, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the example server did not start:\n${output}`)), 15_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /page at (http:\/\/[^/\s]+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the example server exited with ${code}:\n${output}`)));
  });
}

export async function setup(project: TestProject): Promise<void> {
  scratch = await mkdtemp(path.join(tmpdir(), 'svs-e2e-'));
  const [svc, good, blurred] = await Promise.all([spawnService(), writeFakeCamera(scratch, 'none'), writeFakeCamera(scratch, 'blur')]);
  service = svc;
  const { sandbox, dataDir } = service;
  const serviceUrl = new URL(sandbox.baseUrl).origin;
  const workflow = async (steps: string) => (await admin(dataDir, 'create-workflow', '--app', sandbox.appId, '--steps', steps)).workflowId!;
  const [background, camera, faces] = await Promise.all([
    workflow('step_ip_analysis,step_aml_screening'),
    workflow('step_face_match,step_liveness_check,step_aml_screening,step_ip_analysis'),
    workflow('step_face_match,step_liveness_check'),
  ]);
  const started = await startExampleServer({ SERVICE_URL: serviceUrl, SECRET_KEY: sandbox.apiKey, PUBLIC_KEY: sandbox.publicKey, WORKFLOW_ID: camera, DATA_DIR: dataDir });
  example = started.child;
  const context: E2eContext = {
    serviceUrl,
    appId: sandbox.appId,
    secretKey: sandbox.apiKey,
    publicKey: sandbox.publicKey,
    dataDir,
    workflows: { background, camera, faces, all: sandbox.workflowId },
    exampleUrl: started.url,
    camera: { good, blurred },
  };
  project.provide('e2e', context);
}

export async function teardown(): Promise<void> {
  example?.kill('SIGTERM');
  await service?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}
