/**
 * `npm run gen:documents`: writes a labelled set of synthetic identity documents (TD3 passport pages and TD1 cards in
 * OCR-B, with negatives and photo-like degradations) for tests and `npm run eval:document -- --synthetic DIR`.
 * Needs the OCR-B font of Debian's `fonts-ocr-b` (family "OCR B") and DejaVu Sans (`fonts-dejavu-core`).
 *
 * Options: --out DIR (default /tmp/synthetic-documents), --count N (default 200), --seed S (default 1),
 * --reference-date yyyy-MM-dd (default 2026-11-21), --typesetting cells|mixed (default cells: every MRZ character at
 * its cell; mixed: half the MRZs set as letter-spaced strings, see generateSet.ts), --licences N (default 0: driving
 * licence backs with an AAMVA PDF417 appended after the --count documents, from a random stream of their own),
 * --french-ids N (default 0: French national identity cards of 1988-2021, 2 x 36 MRZ, appended after the licences,
 * from a random stream of their own), --td2 N (default 0: ICAO TD2 identity cards, appended after those, from a
 * random stream of their own), --mrz-font FAMILY (default "OCR B": the MRZs drawn in another font family, e.g.
 * "DejaVu Sans Mono", to measure the reader on faces its recogniser was not trained on).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateSet } from '../functions/engines/document/synthetic/generateSet.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/synthetic-documents' },
    count: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    'reference-date': { type: 'string', default: '2026-11-21' },
    typesetting: { type: 'string', default: 'cells' },
    licences: { type: 'string', default: '0' },
    'french-ids': { type: 'string', default: '0' },
    td2: { type: 'string', default: '0' },
    'mrz-font': { type: 'string', default: 'OCR B' },
  },
});
if (values.typesetting !== 'cells' && values.typesetting !== 'mixed') throw new Error('--typesetting is cells or mixed');
const started = performance.now();
const docs = await generateSet({ dir: path.resolve(values.out), count: Number(values.count), seed: Number(values.seed), referenceDate: values['reference-date'], typesetting: values.typesetting, licences: Number(values.licences), frenchIds: Number(values['french-ids']), td2Cards: Number(values.td2), mrzFont: values['mrz-font'] });
const byOutcome = docs.reduce<Record<string, number>>((acc, d) => ({ ...acc, [d.expectedOutcome]: (acc[d.expectedOutcome] ?? 0) + 1 }), {});
console.log(`wrote ${docs.length} documents to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(byOutcome)}`);
