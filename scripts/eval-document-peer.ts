/**
 * `npm run eval:document:peer -- --peer DIR`: the document engine beside a public MRZ reader on the same labelled
 * images, scored alike, written into docs/accuracy.md ("Document verification beside a peer").
 *
 * - Peer: PassportEye (konstantint/PassportEye, MIT; `read_mrz`: its own MRZ localisation by morphology, Tesseract
 *   with an MRZ character whitelist, its own OCR clean-up and field parsing), from a checkout given as `--peer DIR`
 *   (the repository's root, holding `passporteye/`; measured at commit d866f1b, version 2.2.2, e.g. `git clone
 *   https://github.com/konstantint/PassportEye DIR`, or `git archive` of a mirror). It runs on Debian's `/usr/bin/python3` with Debian's
 *   `python3-skimage`, `python3-sklearn`, `python3-pdfminer` and `tesseract-ocr` (apt-get install; nothing from PyPI:
 *   PassportEye's one call into `pytesseract`, which Debian does not package, is served by a stand-in this script
 *   writes to a temporary directory, running the `tesseract` command as pytesseract does).
 * - The peer's fields are taken as an integrator of it would take them, under this engine's acceptance rules so
 *   that only the reading differs: names as PassportEye cleans them (`surname`, `names`); the document number, the
 *   dates and the personal number only when their check digit and the composite verify (as mapMrzResult.ts accepts
 *   them); dates resolved as this engine resolves them (resolveMrzDate.ts); state codes through resolveMrzCountry;
 *   a visa (PassportEye's MRVA/MRVB) refused as `document_type_mismatch`. Barcodes are not PassportEye's task: the
 *   AAMVA cases count against it, and are also left out in a second row.
 * - Ours: the shipped engine (loadDocumentEngine defaults), each case as `npm run eval:document` sends it.
 * - Scoring: evaluation/scoreReading.ts, as `eval:document`.
 *
 * PassportEye's own test data are the source of the `passporteye/` set of ../shared/data/documents: the peer was
 * developed on those images. Options: --peer DIR (required), --data DIR, --python PATH (default /usr/bin/python3),
 * --no-write, --verbose.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { DOCUMENT_TEMPLATES_SEED, loadDocumentEngine, resolveMrzCountry, type DocumentReading } from '../functions/engines/document/index.ts';
import { loadDocumentCases, templateIdFor, type DocumentCase } from '../functions/engines/document/evaluation/labelSet.ts';
import { scoreReading, SCORED_FIELDS, type CaseScore } from '../functions/engines/document/evaluation/scoreReading.ts';
import { resolveBirthDate, resolveExpiryDate } from '../functions/engines/document/mrz/resolveMrzDate.ts';
import { editDocument, markdownTable, replaceSection } from '../functions/engines/evaluation/markdown.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    peer: { type: 'string' },
    data: { type: 'string', default: path.resolve(repoRoot, '..', 'shared', 'data', 'documents') },
    python: { type: 'string', default: '/usr/bin/python3' },
    'no-write': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
if (!args.peer) throw new Error('--peer DIR is required: a checkout of konstantint/PassportEye (the directory holding passporteye/)');

/** PassportEye's reading of one image, as the runner prints it (null fields when it found no MRZ). */
interface PeerReading {
  readonly file: string;
  readonly ms: number;
  readonly mrz: Record<string, string | number | boolean | null> | null;
  readonly error?: string;
}

/** The Python runner: one image path per stdin line, one JSON line per image on stdout. */
const RUNNER = `
import json, sys, time
from passporteye import read_mrz
for line in sys.stdin:
    f = line.rstrip('\\n')
    t0 = time.perf_counter()
    try:
        m = read_mrz(f)
        out = {'file': f, 'mrz': dict(m.to_dict()) if m else None}
    except Exception as e:  # a crash on one image is that image's failure
        out = {'file': f, 'mrz': None, 'error': repr(e)}
    out['ms'] = (time.perf_counter() - t0) * 1000
    print(json.dumps(out), flush=True)
`;

/** Stand-in for the two pytesseract calls PassportEye makes (run_tesseract, cleanup), as pytesseract 0.3 runs them. */
const PYTESSERACT_SHIM = `
import os, shlex, subprocess
class _Pytesseract:
    @staticmethod
    def run_tesseract(input_filename, output_filename_base, extension, lang=None, config=''):
        cmd = ['tesseract', input_filename, output_filename_base]
        if lang:
            cmd += ['-l', lang]
        cmd += shlex.split(config)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    @staticmethod
    def cleanup(name):
        try:
            os.remove(name)
        except OSError:
            pass
pytesseract = _Pytesseract()
`;

async function runPeer(files: readonly string[]): Promise<Map<string, PeerReading>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'peer-passporteye-'));
  try {
    await mkdir(path.join(dir, 'pytesseract'));
    await writeFile(path.join(dir, 'pytesseract', '__init__.py'), PYTESSERACT_SHIM);
    await writeFile(path.join(dir, 'runner.py'), RUNNER);
    const child = spawn(args.python as string, [path.join(dir, 'runner.py')], {
      env: { ...process.env, PYTHONPATH: [path.resolve(args.peer as string), dir].join(path.delimiter), OMP_THREAD_LIMIT: '2' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const out = new Map<string, PeerReading>();
    const lines = createInterface({ input: child.stdout });
    const done = (async () => {
      for await (const line of lines) {
        const r = JSON.parse(line) as PeerReading;
        out.set(r.file, r);
      }
    })();
    child.stdin.end(`${files.join('\n')}\n`);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await done;
    if (code !== 0) throw new Error(`${args.python} exited with ${code}: is PassportEye at --peer, with python3-skimage, python3-sklearn, python3-pdfminer and tesseract-ocr installed?`);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** `<` runs as single spaces, trimmed (`ZE184226B<<<<<` -> `ZE184226B`), null when empty. */
const cleaned = (v: unknown): string | null => str(v).replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null;

/**
 * The peer's fields as a reading of this engine's shape, under its acceptance rules (see the file's docstring).
 * @param mrz - PassportEye's `MRZ.to_dict()`, or null
 * @param now - the verification date (birth-date century)
 */
function peerReading(mrz: PeerReading['mrz'], now: Date): DocumentReading {
  const empty = Object.fromEntries(SCORED_FIELDS.map((f) => [f, null])) as Record<(typeof SCORED_FIELDS)[number], null>;
  const base = { outcome: 'read' as const, checks: [], timings: { totalMs: 0 } };
  if (!mrz) return { ...base, outcome: 'unprocessable', result: { ...empty, errorCategory: 'mrz_not_found' }, decision: 'Declined', reason: 'no MRZ' } as unknown as DocumentReading;
  if (mrz.mrz_type === 'MRVA' || mrz.mrz_type === 'MRVB') return { ...base, result: { ...empty, errorCategory: 'document_type_mismatch' }, decision: 'Declined', reason: 'visa' } as unknown as DocumentReading;
  const composite = mrz.valid_composite !== false;
  const ok = (k: string) => mrz[k] !== false && composite;
  const lastName = cleaned(mrz.surname);
  const firstName = cleaned(mrz.names);
  const nationality = resolveMrzCountry(str(mrz.nationality));
  const issuing = resolveMrzCountry(str(mrz.country));
  const personal = mrz.mrz_type === 'TD3' ? (ok('valid_personal_number') ? cleaned(mrz.personal_number) : null) : composite ? cleaned(mrz.optional1) : null;
  const result = {
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
    dateOfBirth: ok('valid_date_of_birth') ? resolveBirthDate(str(mrz.date_of_birth), now) : null,
    dateOfExpiry: ok('valid_expiration_date') ? resolveExpiryDate(str(mrz.expiration_date)) : null,
    documentNumber: ok('valid_number') ? cleaned(mrz.number)?.replace(/ /g, '') ?? null : null,
    personalNumber: personal,
    nationality: nationality.alpha3,
    nationalityCountryId: nationality.numeric,
    issuingCountry: issuing.alpha3,
    issuingCountryId: issuing.numeric,
    errorCategory: mrz.valid === true ? null : 'mrz_checksum_failed',
  };
  return { ...base, result, decision: mrz.valid === true ? 'Approved' : 'Declined', reason: null } as unknown as DocumentReading;
}

/** The fields a check digit protects: right in a document when none of them is wrong. */
const NUMBERS = ['documentNumber', 'dateOfBirth', 'dateOfExpiry', 'personalNumber'] as const;

interface Row {
  readonly c: DocumentCase;
  readonly score: CaseScore;
  readonly ms: number;
}

function summary(rows: readonly Row[]): { exact: number; numbers: number; read: number; negatives: number; negativesOk: number; accepted: number; p50: number } {
  const read = rows.filter((r) => r.c.document.expectedOutcome === 'read');
  const negatives = rows.filter((r) => r.c.document.expectedOutcome !== 'read');
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    exact: read.filter((r) => r.score.pass).length,
    numbers: read.filter((r) => NUMBERS.every((f) => r.score.fields[f] !== false)).length,
    read: read.length,
    negatives: negatives.length,
    negativesOk: negatives.filter((r) => r.score.pass).length,
    accepted: rows.filter((r) => r.score.acceptedFailingField).length,
    p50: ms[Math.floor((ms.length - 1) / 2)] ?? 0,
  };
}

async function main(): Promise<void> {
  const cases = await loadDocumentCases(args.data);
  const peer = await runPeer(cases.map((c) => c.file));
  const engine = await loadDocumentEngine();
  const ours: Row[] = [];
  const theirs: Row[] = [];
  for (const c of cases) {
    const now = new Date(`${c.referenceDate}T12:00:00Z`);
    const template = DOCUMENT_TEMPLATES_SEED.find((t) => t.id === templateIdFor(c.document));
    if (!template) throw new Error(`no seed template ${templateIdFor(c.document)}`);
    const bytes = await readFile(c.file);
    const both = c.side === 'back' || c.side === 'front+back';
    const t0 = performance.now();
    const reading = await engine.verify({ front: bytes, back: both ? bytes : null, template, now });
    ours.push({ c, score: scoreReading(c.document, reading), ms: performance.now() - t0 });
    const p = peer.get(c.file);
    const score = scoreReading(c.document, peerReading(p?.mrz ?? null, now));
    theirs.push({ c, score, ms: p?.ms ?? 0 });
    const name = `${c.set}/${path.basename(c.file)}`;
    const mine = ours[ours.length - 1] as Row;
    if (args.verbose || !score.pass || !mine.score.pass) console.log(`${mine.score.pass ? 'ok  ' : 'FAIL'} ${score.pass ? 'ok  ' : 'FAIL'} ${name} [${c.document.expectedOutcome}] ours: ${mine.score.notes.join('; ')} | peer: ${p?.error ?? ''}${score.notes.join('; ')}`);
  }
  const mrzOnly = (rows: readonly Row[]) => rows.filter((r) => r.c.document.documentType !== 'AAMVA');
  const row = (engineName: string, part: string, rows: readonly Row[]) => {
    const s = summary(rows);
    return [engineName, part, `${s.exact}/${s.read} (${((100 * s.exact) / Math.max(1, s.read)).toFixed(1)}%)`, `${s.numbers}/${s.read}`, `${s.negativesOk}/${s.negatives}`, String(s.accepted), `${s.p50.toFixed(0)} ms`];
  };
  const table = markdownTable(
    ['engine', 'cases', 'documents every field right', 'number, dates and personal number right', 'negatives refused as expected', 'fields returned on a failing check digit', 'p50 per case'],
    [row('this engine (shipped)', 'all', ours), row('PassportEye 2.2.2 (Tesseract 5)', 'all', theirs), row('this engine (shipped)', 'MRZ documents only (AAMVA cases left out)', mrzOnly(ours)), row('PassportEye 2.2.2 (Tesseract 5)', 'MRZ documents only (AAMVA cases left out)', mrzOnly(theirs))],
  );
  console.log(`\n${table}`);
  if (args['no-write']) return;
  const date = new Date().toISOString().slice(0, 10);
  const body = [
    `Written by \`npm run eval:document:peer -- --peer DIR\` (scripts/eval-document-peer.ts) on ${date}: ${cases.length} cases of ../shared/data/documents, each read by this engine and by PassportEye (konstantint/PassportEye 2.2.2, MIT, Tesseract 5.3 from Debian), scored alike (evaluation/scoreReading.ts). The peer's fields are taken under this engine's acceptance rules (a number or date only on its check digit and the composite; dates and countries resolved as here; visas refused): only the reading differs. This engine was developed on every one of these cases (the developer set) and PassportEye on the \`passporteye/\` half of them (its own test images): neither row is a held-out measurement; they show where each stands on the same images. Debian's \`eng.traineddata\` holds no legacy model (PassportEye suggests \`--oem 0\`), and Tesseract 5's LSTM reads many name fillers as \`K\`: most of the peer's failures are names (the column on the fields under a check digit shows its reading of numbers and dates). Times on the 2-core development machine, one case at a time (the peer's excludes Python's start).`,
    '',
    table,
  ].join('\n');
  const file = path.join(repoRoot, 'docs', 'accuracy.md');
  await editDocument(file, '# Accuracy\n\nMeasured accuracy of each engine, written by the evaluation scripts.', (doc) => replaceSection(doc, '## Document verification beside a peer', body));
  console.log(`\nwrote ${path.relative(repoRoot, file)} (## Document verification beside a peer)`);
}

await main();
