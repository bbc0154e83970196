/**
 * `npm run build:name-model`: writes `models/name-ngrams.json.gz`, the character n-gram model of names and the word
 * list it was counted from (schema `kyc-name-ngrams/2`), that the document engine uses as a prior over name letters
 * the recognisers leave in doubt (functions/engines/document/names/nameModel.ts, reading/arbitrateNames.ts).
 *
 * Words: every first, middle and last name of every locale of the `@faker-js/faker` devDependency (MIT; the version
 * is written into the file), transliterated as an MRZ prints it (checks/matchName.ts `mrzForm`: npm `any-ascii`, then
 * capitals), split into words, each distinct word counted once. The locale `en_BORK` (mock Swedish) is left out.
 * Not one document image, label or name of `../shared/data` goes in. The output is deterministic for a given faker
 * version (sorted keys, gzip without a timestamp); models/MODELS.md records its sha256.
 *
 * Options: --order N (default 4), --out FILE (default models/name-ngrams.json.gz), --overlap DIRS (comma-separated
 * label sets, e.g. `../shared/data/documents,/tmp/syn7`: instead of writing the model, prints how many distinct words
 * of their labelled names are in the model's word list, the overlap docs/document-verification-log.md "A prior over
 * names" reports).
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { allLocales } from '@faker-js/faker';
import { mrzForm } from '../functions/engines/document/checks/matchName.ts';
import { loadDocumentCases } from '../functions/engines/document/evaluation/labelSet.ts';
import { END, START, nameModel, type NameModelFile } from '../functions/engines/document/names/nameModel.ts';

const { values } = parseArgs({ options: { order: { type: 'string', default: '4' }, out: { type: 'string', default: 'models/name-ngrams.json.gz' }, overlap: { type: 'string' } } });
const order = Number(values.order);
if (!Number.isInteger(order) || order < 1 || order > 6) throw new Error('--order takes an integer from 1 to 6');

const EXCLUDED_LOCALES = new Set(['en_BORK']);
const words = new Set<string>();
const collect = (value: unknown): void => {
  if (typeof value === 'string') {
    for (const w of mrzForm(value).split(' ')) if (w.length > 0) words.add(w);
  } else if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') Object.values(value).forEach(collect);
};
for (const [locale, definition] of Object.entries(allLocales)) {
  if (EXCLUDED_LOCALES.has(locale)) continue;
  const person = (definition as { person?: Record<string, unknown> }).person;
  if (person) for (const key of ['first_name', 'middle_name', 'last_name']) collect(person[key]);
}

if (values.overlap) {
  for (const dir of values.overlap.split(',')) {
    const labelled = new Set<string>();
    for (const c of await loadDocumentCases(path.resolve(dir))) {
      for (const name of [c.document.expected?.firstName, c.document.expected?.lastName]) for (const w of (name ?? '').split(' ')) if (w) labelled.add(w);
    }
    const missing = [...labelled].filter((w) => !words.has(w)).sort();
    console.log(`${dir}: ${labelled.size - missing.length} of ${labelled.size} distinct name words in the word list; not: ${missing.join(' ')}`);
  }
  process.exit(0);
}

const counts = new Map<string, Map<string, number>>();
for (const word of words) {
  const text = START.repeat(order - 1) + word + END;
  for (let i = order - 1; i < text.length; i++) {
    for (let k = 0; k < order; k++) {
      const context = text.slice(i - k, i);
      const next = counts.get(context) ?? new Map<string, number>();
      next.set(text.charAt(i), (next.get(text.charAt(i)) ?? 0) + 1);
      counts.set(context, next);
    }
  }
}
const fakerVersion = (createRequire(import.meta.url)('@faker-js/faker/package.json') as { version: string }).version;
const file: NameModelFile = {
  schema: 'kyc-name-ngrams/2',
  order,
  words: words.size,
  source: `@faker-js/faker ${fakerVersion} (MIT): person first_name, middle_name and last_name of every locale but ${[...EXCLUDED_LOCALES].join(', ')}, transliterated by any-ascii to MRZ capitals`,
  counts: Object.fromEntries([...counts.keys()].sort().map((c) => [c, Object.fromEntries([...(counts.get(c) as Map<string, number>).entries()].sort(([a], [b]) => (a < b ? -1 : 1)))])),
  lexicon: [...words].sort(),
};
nameModel(file); // validates
const gz = gzipSync(Buffer.from(JSON.stringify(file)), { level: 9 });
const out = path.resolve(values.out);
writeFileSync(out, gz);
console.log(`wrote ${out}: order ${order}, ${words.size} words, ${counts.size} contexts, ${gz.length} bytes, sha256 ${createHash('sha256').update(gz).digest('hex')}`);
