/**
 * `npm run ip:ingest -- [options]`: refreshes the IP list snapshot (`data/ip/` by default) from the official sources,
 * or from local files and directories.
 *
 * Options:
 *   --from <dir|file|url|source=location|source/part=location>   input (repeatable); none = the official URLs
 *   --out <dir>          snapshot directory to update (default: <repo>/data/ip)
 *   --optional           also read the providers' files that state no licence (GCP, Azure, Oracle, DigitalOcean,
 *                        Linode, Fastly, Cloudflare); such a snapshot must not be committed to a public repository
 *   --drop <source>      remove a source from the snapshot (repeatable)
 *   --timeout <ms>       per-URL timeout (default 20000)
 *   --list               print the source catalogue and exit
 *   --help               print this help
 *
 * Sources that cannot be read keep their data from the existing snapshot; when nothing could be read, the snapshot is
 * left untouched. Examples:
 *   npm run ip:ingest                                  # official URLs
 *   npm run ip:ingest -- --from ../shared/data/ip      # the shared snapshots (how the shipped data/ip is built)
 *   npm run ip:ingest -- --from ./ip-ranges.json       # one file, recognised by its format
 *   npm run ip:ingest -- --from azure=./ServiceTags_Public_20261123.json --optional
 * See docs/ip-analysis.md.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { IpEngineError } from '../functions/engines/ip/errors.ts';
import { SOURCE_CATALOGUE } from '../functions/engines/ip/ingest/catalogue.ts';
import { createInputReader } from '../functions/engines/ip/ingest/readInput.ts';
import { runIngest } from '../functions/engines/ip/ingest/runIngest.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const defaults = { out: resolve(repoRoot, 'data', 'ip'), timeout: '20000' } as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string', multiple: true, default: [] },
      out: { type: 'string', default: defaults.out },
      optional: { type: 'boolean', default: false },
      drop: { type: 'string', multiple: true, default: [] },
      timeout: { type: 'string', default: defaults.timeout },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    const source = await import('node:fs').then((fs) => fs.readFileSync(fileURLToPath(import.meta.url), 'utf8'));
    process.stdout.write(`${(/\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '').replace(/^ \* ?/gm, '')}\n`);
    return 0;
  }
  if (values.list) {
    for (const s of SOURCE_CATALOGUE) {
      process.stdout.write(`${s.id.padEnd(14)} ${s.tier.padEnd(8)} ${s.licence}\n  ${s.name}\n`);
      for (const p of s.parts) process.stdout.write(`    ${p.part.padEnd(20)} ${p.format.padEnd(18)} ${p.category.padEnd(13)} ${p.url ?? '(no stable URL)'}\n`);
    }
    return 0;
  }
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new IpEngineError('bad_option', `--timeout must be a positive integer of milliseconds, got ${values.timeout}`);
  const started = performance.now();
  const report = await runIngest({
    outDir: resolve(values.out),
    from: values.from,
    optional: values.optional,
    drop: values.drop,
    read: createInputReader({ timeoutMs }),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s; ${report.written ? 'snapshot written' : 'snapshot unchanged'}.\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ip-ingest: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
