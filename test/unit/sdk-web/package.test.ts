import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage, SDK_ROOT } from '../../../sdk-web/build.ts';

/**
 * The Web SDK as an integrator gets it (SPEC.md 9, issue 7 "How it is checked"): the package is built and packed
 * with `npm pack`, a consumer project installs the tarball, imports it as an ES module and as CommonJS, and
 * type-checks both against the shipped declarations with tsc.
 */

const run = promisify(execFile);
const ROOT = path.resolve(SDK_ROOT, '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
let dir: string;
let consumer: string;
let tarball: string;
let sizes: Record<string, { raw: number; gzip: number }>;

async function sh(cmd: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run(cmd, args, { cwd, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } }).catch(
    (err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${cmd} ${args.join(' ')} failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    },
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'svs-sdk-pack-'));
  sizes = await buildPackage();
  const packed = await sh('npm', ['pack', '--json', '--pack-destination', dir], SDK_ROOT);
  const info = JSON.parse(packed.stdout) as Array<{ filename: string }>;
  tarball = path.join(dir, path.basename(info[0]!.filename));
  consumer = path.join(dir, 'consumer');
  await mkdir(consumer);
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  // The shared npm cache is guarded by /tmp/npm.lock on this machine (a local tarball without dependencies).
  await sh('flock', ['-w', '300', '/tmp/npm.lock', 'npm', 'install', '--offline', '--no-package-lock', '--ignore-scripts', tarball], consumer);
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the packed @step-verification/sdk-web', () => {
  it('ships the ES module, CommonJS, script bundle and both declaration flavours, at version 0.1.0, with no dependencies', async () => {
    const { stdout } = await sh('tar', ['-tzf', tarball], dir);
    const files = stdout.trim().split('\n').sort();
    expect(files).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.mjs', 'package/dist/index.cjs', 'package/dist/index.d.mts', 'package/dist/index.d.cts', 'package/dist/sdk.min.js']));
    expect(files.filter((f) => /\/(src|flow)\/|build\.ts|\.tgz$/.test(f))).toEqual([]);
    const pkg = JSON.parse(await readFile(path.join(consumer, 'node_modules', '@step-verification', 'sdk-web', 'package.json'), 'utf8'));
    expect(pkg.version).toBe('0.1.0');
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.peerDependencies ?? {}).toEqual({});
    // Zero runtime dependencies also means the bundles import and require nothing.
    for (const f of ['index.mjs', 'index.cjs']) {
      const code = await readFile(path.join(consumer, 'node_modules', '@step-verification', 'sdk-web', 'dist', f), 'utf8');
      expect(code).not.toMatch(/^\s*import\s.+from\s/m);
      expect(code).not.toMatch(/\brequire\(/);
    }
  });

  it('imports as an ES module and as CommonJS in Node, where launch reports unsupported_browser instead of throwing', async () => {
    const probe = (load: string) => `${load}
      const handle = sdk.launch({ mode: 'create', serviceUrl: 'https://be.example.com', apiKey: 'pk_sandbox_abcdefgh12345678' });
      handle.finished.then((t) => console.log(JSON.stringify({
        version: sdk.VERSION, protocol: sdk.PROTOCOL_VERSION, codes: Object.values(sdk.ErrorCode).length,
        launch: typeof sdk.launch, terminal: t.type, code: t.error.code, isError: t.error instanceof Error, state: handle.state,
      })));`;
    await writeFile(path.join(consumer, 'esm.mjs'), probe("import * as sdk from '@step-verification/sdk-web';"));
    await writeFile(path.join(consumer, 'cjs.cjs'), probe("const sdk = require('@step-verification/sdk-web');"));
    for (const file of ['esm.mjs', 'cjs.cjs']) {
      const { stdout } = await sh(process.execPath, [file], consumer);
      expect(JSON.parse(stdout), file).toEqual({ version: '0.1.0', protocol: 1, codes: 9, launch: 'function', terminal: 'error', code: 'unsupported_browser', isError: true, state: 'closed' });
    }
  });

  it('type-checks a consumer in both module formats against the shipped declarations, and rejects misuse', async () => {
    const usage = (load: string) => `${load}
      const options: VerificationOptions = {
        mode: 'create', serviceUrl: 'https://be.example.com', apiKey: 'pk_sandbox_x', clientData: 'user-42',
        onCompleted: ({ decision, externalId }) => { const d: 'Approved' | 'Declined' | 'InReview' = decision; void d; void externalId; },
        onError: (err, message) => { const c: ErrorCode = err.code; void c; void message; },
        onCancelled: ({ reason }) => { const r: CancelReason = reason; void r; },
      };
      const handle: VerificationHandle = launch(options);
      handle.finished.then((t: TerminalEvent) => t.type === 'completed' ? t.event.decision : null);
      launch({ mode: 'token', serviceUrl: 'https://be.example.com', sat: 'a.b.c', container: '#inline' });
      // @ts-expect-error mode is create or token
      launch({ mode: 'resume', serviceUrl: 'https://be.example.com' });
      // @ts-expect-error clientData is set by the server in token mode
      launch({ mode: 'token', serviceUrl: 'https://be.example.com', sat: 'a.b.c', clientData: 'x' });
      // @ts-expect-error create mode needs the public key
      launch({ mode: 'create', serviceUrl: 'https://be.example.com' });
      // @ts-expect-error not an error code
      const wrong: ErrorCode = 'camera_broken';
      void wrong;
      const codes: readonly string[] = Object.values(ErrorCode);
      void codes;
    `;
    const names = 'launch, ErrorCode, type VerificationOptions, type VerificationHandle, type TerminalEvent, type CancelReason';
    await writeFile(path.join(consumer, 'types-esm.mts'), usage(`import { ${names} } from '@step-verification/sdk-web';`));
    await writeFile(
      path.join(consumer, 'types-cjs.cts'),
      usage(`import sdk = require('@step-verification/sdk-web');
      const { launch, ErrorCode } = sdk;
      type ErrorCode = sdk.ErrorCode;
      type VerificationOptions = sdk.VerificationOptions;
      type VerificationHandle = sdk.VerificationHandle;
      type TerminalEvent = sdk.TerminalEvent;
      type CancelReason = sdk.CancelReason;`),
    );
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: false, verbatimModuleSyntax: true },
        files: ['types-esm.mts', 'types-cjs.cts'],
      }),
    );
    const { stdout } = await sh(process.execPath, [TSC, '-p', 'tsconfig.json', '--listFiles'], consumer);
    const listed = stdout.split('\n').map((l) => l.trim());
    // Each format resolved the declarations of its own format.
    expect(listed.some((f) => f.endsWith('sdk-web/dist/index.d.mts'))).toBe(true);
    expect(listed.some((f) => f.endsWith('sdk-web/dist/index.d.cts'))).toBe(true);
  });

  it('keeps the SDK under 15 kB gzipped', () => {
    console.log(`SDK sizes (bytes): ${JSON.stringify(Object.fromEntries(Object.entries(sizes).filter(([k]) => /\.(m?js|cjs)$/.test(k))))}`);
    expect(sizes['sdk.min.js']!.gzip).toBeLessThan(15 * 1024);
    expect(sizes['index.mjs']!.gzip).toBeLessThan(15 * 1024);
  });
});
