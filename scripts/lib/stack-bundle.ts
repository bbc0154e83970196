import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { Route } from '../../functions/routes.ts';
import { ESM_REQUIRE_BANNER } from '../../lib/constructs/service-function.ts';
import { INFERENCE_RUNTIME_MODULES, STEP_BUNDLE_DEFINE } from '../../lib/constructs/step-api.ts';

/**
 * The esbuild options with which the stack bundles a route's function, for measuring and testing a real handler's
 * bundle without a CDK synth: those of `createServiceFunction` (lib/constructs/service-function.ts: ESM with the
 * `createRequire` banner, node22, `module,main` fields, minified, source maps, names kept, `@ip-location-db/*`
 * external) plus, for `inference` routes, the externals {@link INFERENCE_RUNTIME_MODULES} and the define
 * {@link STEP_BUNDLE_DEFINE} of lib/constructs/step-api.ts. CDK passes the same settings as esbuild CLI flags.
 *
 * @param root - repository root (the stack's `handlerRoot`, holding tsconfig.json)
 * @param route - the route whose `handler` is bundled
 * @param outfile - where the bundle is written (`index.mjs`, with `index.mjs.map` beside it)
 * @see https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_lambda_nodejs.BundlingOptions.html
 */
export function stepBundleOptions(root: string, route: Pick<Route, 'handler' | 'runtime'>, outfile: string): BuildOptions {
  const inference = route.runtime === 'inference';
  return {
    entryPoints: [path.join(root, route.handler)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    sourcemap: true,
    minify: true,
    keepNames: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    external: ['@ip-location-db/*', ...(inference ? INFERENCE_RUNTIME_MODULES : [])],
    ...(inference ? { define: { ...STEP_BUNDLE_DEFINE } } : {}),
    logLevel: 'error',
  };
}
