/**
 * `npm run aml:ingest -- [options]`: builds the AML index (data/aml/index.json.gz + SOURCES.md) from the
 * official lists (functions/engines/aml/index/officialSources.ts), from their URLs or from local files.
 * A source that cannot be fetched or parsed keeps its previous snapshot (and the output says so); the index is
 * replaced only when the new one is complete enough to write. See docs/aml-screening.md, "Ingestion".
 *
 * Options:
 *   --out <dir>                 output directory (default data/aml)
 *   --offline <dir>             read the official sources from a local mirror laid out like ../shared/data/sanctions
 *   --source <id>=<loc>[,<loc>] read one official source from other URLs/files (comma-separated, format order)
 *   --only <id>[,<id>]          refresh only these sources; the others are kept from the existing index
 *   --published <id>=<date>     publication date (YYYY-MM-DD) for files that carry none (OFAC legacy CSV)
 *   --add <id>:<format>:<loc>[,<loc>][:<listType>]
 *                               add another source, e.g. an OpenSanctions export (format ftm_json,
 *                               targets_simple_csv or senzing_json); needs --allow-noncommercial
 *   --allow-noncommercial       allow sources whose licence forbids commercial use (test indexes only)
 *   --timeout <ms>              per-download timeout (default 60000)
 *   --note <text>               a provenance note written into SOURCES.md (e.g. where offline files came from)
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  AML_DATE_BASIS,
  AML_INDEX_FILE_NAME,
  AML_LIST_TYPE,
  AML_SOURCE_FORMAT,
  AmlIndexFileSchema,
  OFFICIAL_SOURCES,
  ingestSources,
  renderSourcesMarkdown,
  serializeIndexFile,
  type AmlIndexFile,
  type AmlListType,
  type AmlSourceFormat,
  type ReadResult,
  type SourceSpec,
} from '../functions/engines/aml/index.ts';

/** Where each official source lives in a mirror laid out like ../shared/data/sanctions. */
const OFFLINE_LAYOUT: Readonly<Record<string, readonly string[]>> = {
  us_ofac_sdn: ['ofac_sdn/sdn.csv', 'ofac_sdn/add.csv', 'ofac_sdn/alt.csv'],
  us_ofac_cons: ['ofac_consolidated_non_sdn/CONS_ENHANCED.ZIP'],
  un_sc: ['un_sc_consolidated/consolidated.xml'],
  gb_ofsi: ['uk_ofsi_conlist/ConList.xlsx'],
};

/** Formats whose publisher (OpenSanctions) licenses the data CC BY-NC. */
const NONCOMMERCIAL_FORMATS: ReadonlySet<AmlSourceFormat> = new Set([
  AML_SOURCE_FORMAT.FtmJson,
  AML_SOURCE_FORMAT.TargetsSimpleCsv,
  AML_SOURCE_FORMAT.SenzingJson,
]);

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/aml' },
    offline: { type: 'string' },
    source: { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
    published: { type: 'string', multiple: true, default: [] },
    add: { type: 'string', multiple: true, default: [] },
    'allow-noncommercial': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '60000' },
    note: { type: 'string', default: '' },
  },
  strict: true,
});

/** `id=value` pairs to a record; exits on a malformed pair. */
function pairs(list: readonly string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const at = item.indexOf('=');
    if (at <= 0) fail(`--${what} expects <id>=<value>, got "${item}"`);
    out[item.slice(0, at)] = item.slice(at + 1);
  }
  return out;
}

function fail(message: string): never {
  console.error(`aml:ingest: ${message}`);
  process.exit(2);
}

const timeoutMs = Number(values.timeout);

/** Reads a URL with global fetch (timeout, HTTP errors are failures) or a local file. */
async function read(location: string): Promise<ReadResult> {
  if (/^https?:\/\//i.test(location)) {
    let response: Response;
    try {
      response = await fetch(location, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`cannot fetch ${location}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message ?? ''})` : ''}`);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${location}`);
    const lastModified = response.headers.get('last-modified');
    const parsed = lastModified === null ? Number.NaN : Date.parse(lastModified);
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      ...(Number.isFinite(parsed) ? { modifiedAt: new Date(parsed).toISOString(), modifiedBasis: AML_DATE_BASIS.HttpLastModified } : {}),
    };
  }
  const path = resolve(location);
  const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
  return { bytes: new Uint8Array(bytes), modifiedAt: info.mtime.toISOString(), modifiedBasis: AML_DATE_BASIS.FileTime };
}

/** The index currently in `dir`, or undefined (a broken one is reported and ignored). */
async function previousIndex(dir: string): Promise<AmlIndexFile | undefined> {
  try {
    const raw = await readFile(join(dir, AML_INDEX_FILE_NAME));
    const parsed = AmlIndexFileSchema.safeParse(JSON.parse(gunzipSync(raw).toString('utf8')));
    if (parsed.success) return parsed.data;
    console.warn(`aml:ingest: existing index in ${dir} is not valid; it will not be used as a fallback`);
  } catch {
    // No previous index: first build.
  }
  return undefined;
}

const overrides = pairs(values.source, 'source');
const published = pairs(values.published, 'published');
const only = values.only === undefined ? null : new Set(values.only.split(',').map((s) => s.trim()));
const specs: SourceSpec[] = OFFICIAL_SOURCES.map((spec) => {
  const override = overrides[spec.id];
  if (override !== undefined) return { ...spec, files: override.split(',') };
  const offline = OFFLINE_LAYOUT[spec.id];
  if (values.offline !== undefined) return { ...spec, files: offline === undefined ? [] : offline.map((f) => join(values.offline as string, f)) };
  return spec;
});
for (const id of Object.keys(overrides)) {
  if (!OFFICIAL_SOURCES.some((s) => s.id === id)) fail(`--source ${id}: unknown source (known: ${OFFICIAL_SOURCES.map((s) => s.id).join(', ')})`);
}
for (const item of values.add) {
  const [id, format, locations, listType] = item.split(/:(?!\/\/)/);
  if (id === undefined || format === undefined || locations === undefined) fail(`--add expects <id>:<format>:<loc>[,<loc>][:<listType>], got "${item}"`);
  if (!Object.values(AML_SOURCE_FORMAT).includes(format as AmlSourceFormat)) fail(`--add ${id}: unknown format ${format}`);
  if (listType !== undefined && !Object.values(AML_LIST_TYPE).includes(listType as AmlListType)) fail(`--add ${id}: unknown list type ${listType}`);
  const commercialUse = !NONCOMMERCIAL_FORMATS.has(format as AmlSourceFormat);
  if (!commercialUse && !values['allow-noncommercial']) {
    fail(`--add ${id}: ${format} is an OpenSanctions format (CC BY-NC 4.0); pass --allow-noncommercial to build a test index`);
  }
  specs.push({
    id,
    title: id,
    publisher: commercialUse ? 'operator-supplied' : 'OpenSanctions',
    format: format as AmlSourceFormat,
    licence: commercialUse ? 'as supplied by the operator' : 'CC BY-NC 4.0 (OpenSanctions): not for commercial use without a licence',
    url: commercialUse ? '' : 'https://www.opensanctions.org/licensing/',
    files: locations.split(','),
    listType: listType as AmlListType | undefined,
    commercialUse,
  });
}

const outDir = resolve(values.out);
const previous = await previousIndex(outDir);
const selected = specs.filter((s) => s.files.length > 0 && (only === null || only.has(s.id)));
const keptOnly = specs.filter((s) => !selected.includes(s) && previous?.sources.some((p) => p.id === s.id));
console.log(`aml:ingest: ${selected.length} source(s) to read into ${outDir}${previous ? ` (previous index built ${previous.builtAt})` : ''}`);
const failing: SourceSpec[] = keptOnly.map((s) => ({ ...s, files: ['(not refreshed in this run)'] }));
const started = Date.now();
const { file, reports } = await ingestSources([...selected, ...failing], {
  read: (location) => (location === '(not refreshed in this run)' ? Promise.reject(new Error('not selected')) : read(location)),
  previous,
  published,
  log: (line) => console.log(line),
}).catch((error: Error) => fail(`${error.message}; the existing index (if any) is unchanged`));

if (!reports.some((r) => r.status === 'fresh')) {
  console.error('aml:ingest: no source could be refreshed; the existing index is unchanged.');
  process.exit(1);
}
if (file.sources.some((s) => s.licence.startsWith('CC BY-NC'))) {
  console.warn('aml:ingest: WARNING: this index contains CC BY-NC data (OpenSanctions). It must not be shipped or used commercially without a licence.');
}
await mkdir(outDir, { recursive: true });
const target = join(outDir, AML_INDEX_FILE_NAME);
const bytes = serializeIndexFile(file);
await writeFile(`${target}.tmp`, bytes);
await rename(`${target}.tmp`, target);
const kept = reports.filter((r) => r.status !== 'fresh');
const note = kept.length === 0 ? '' : `Not refreshed in the last run: ${kept.map((r) => `\`${r.id}\` (${r.status}: ${r.error ?? ''})`).join('; ')}.`;
await writeFile(join(outDir, 'SOURCES.md'), renderSourcesMarkdown(file, [values.note, note].filter((s) => s.length > 0).join('\n\n')));
console.log(`aml:ingest: wrote ${target} (${(bytes.byteLength / 1e6).toFixed(2)} MB, ${file.entities.length} entities) in ${Date.now() - started} ms`);
for (const r of reports) console.log(`  ${r.id.padEnd(14)} ${r.status.padEnd(8)} ${String(r.entityCount).padStart(6)} entities  published ${r.publishedAt ?? 'unknown'}`);
if (kept.some((r) => r.status === 'kept')) console.log('aml:ingest: some sources could not be refreshed; their previous snapshot was kept (see above).');
