import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { INFERENCE_RUNTIME_MODULES } from '../../lib/constructs/step-api.ts';
import { stepBundleOptions } from '../../scripts/lib/stack-bundle.ts';

/**
 * The real handlers bundled with the stack's esbuild options (test/infra/bundling.test.ts bundles stubs): a bundle may
 * reach the container-only packages (sharp, onnxruntime-node, …) through a dynamic `import()` that the function never
 * takes, but never through a static import, which would fail the function at init with ERR_MODULE_NOT_FOUND since its
 * zip has no node_modules. `npm run bench:coldstart` imports these bundles in fresh processes.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const out = mkdtempSync(path.join(tmpdir(), 'step-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('step bundles (real handlers, stack esbuild options)', () => {
  for (const route of routes.filter((r) => r.stepCode)) {
    it(`${route.name}: no static import of a package its zip does not carry`, async () => {
      const outfile = path.join(out, route.name, 'index.mjs');
      const result = await build({ ...stepBundleOptions(ROOT, route, outfile), metafile: true });
      const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports);
      const containerOnly = (p: string) => INFERENCE_RUNTIME_MODULES.some((m) => p === m || p.startsWith(`${m}/`));
      const statics = imports.filter((i) => i.external && i.kind === 'import-statement' && !i.path.startsWith('node:'));
      expect(statics.filter((i) => containerOnly(i.path) || i.path.startsWith('@ip-location-db/'))).toEqual([]);
    }, 120_000);
  }
});
