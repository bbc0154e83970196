/**
 * `npm run eval:document-portrait`: how often the portrait check of ID verification (functions/core/inference.ts
 * `countPortraitFaces`) finds the holder's photo on real documents, and how long it takes. Three ways are measured:
 * the face engine's detector on the image as sent; on the image as sent, then its three other upright orientations
 * (what the step does when the page's orientation is unknown); and as the step checks it, inside the document engine's
 * `verify` (with the seed template of the document's kind, as `npm run eval:document` sends it), where the direction
 * of an MRZ read on the image gives the one orientation searched. Data: the shared real specimens
 * (../shared/data/documents, labels.json per set; see its README). An image shows a portrait when its side is
 * `front` or `front+back` and the document has machine-readable data (`documentType` other than `none`); `back`
 * images (TD1 MRZ sides, licence barcodes) show none. Writes docs/document-verification.md "Portrait check".
 *
 * Options: --data DIR (default ../shared/data/documents).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countPortraitFaces } from '../functions/core/inference.ts';
import { DOCUMENT_TEMPLATES_SEED, loadDocumentEngine } from '../functions/engines/document/index.ts';
import { templateIdFor, type LabelledDocument } from '../functions/engines/document/evaluation/labelSet.ts';
import { loadFaceEngine } from '../functions/engines/face/index.ts';
import { writeMarkedSection } from '../functions/engines/evaluation/markdown.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { data: { type: 'string' } } });
const dataDir = path.resolve(values.data ?? path.join(ROOT, '..', 'shared', 'data', 'documents'));

type Label = LabelledDocument & { images: Array<{ file: string; side: string }> };

const face = await loadFaceEngine({ modelsDir: path.join(ROOT, 'models') });
const documents = await loadDocumentEngine({ modelsDir: path.join(ROOT, 'models') });
const rows: Array<{ set: string; file: string; portrait: boolean; asSent: number; rotated: number; ms: number; step: { faces: number; turns: number | null; ms: number } | null }> = [];
for (const set of (await readdir(dataDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const labels = JSON.parse(await readFile(path.join(dataDir, set, 'labels.json'), 'utf8').catch(() => '{"documents":[]}')) as { documents: Label[] };
  for (const doc of labels.documents) {
    for (const image of doc.images) {
      const bytes = await readFile(path.join(dataDir, set, image.file));
      const started = performance.now();
      const rotated = await countPortraitFaces(face, bytes);
      const ms = performance.now() - started;
      const asSent = (await face.detect(bytes)).length;
      // As the step checks it: the engine calls the hook after reading, with the orientation it found (or null).
      let step: { faces: number; turns: number | null; ms: number } | null = null;
      const template = DOCUMENT_TEMPLATES_SEED.find((t) => t.id === templateIdFor(doc));
      if (!template) throw new Error(`no seed template ${templateIdFor(doc)}`);
      const both = image.side === 'back' || image.side === 'front+back';
      await documents.verify({
        front: bytes,
        back: both ? bytes : null,
        template,
        detectFaces: async (img, turns) => {
          const t0 = performance.now();
          const n = await countPortraitFaces(face, img, turns);
          step = { faces: n, turns, ms: performance.now() - t0 };
          return n;
        },
      });
      rows.push({ set, file: image.file, portrait: doc.documentType !== 'none' && image.side !== 'back', asSent, rotated, ms, step });
    }
  }
}

const withPortrait = rows.filter((r) => r.portrait);
const without = rows.filter((r) => !r.portrait);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}% (${n}/${d})`;
const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 'n/a' : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0);
};
const q = (p: number) => quantile(rows.map((r) => r.ms), p);
const misses = withPortrait.filter((r) => r.rotated === 0).map((r) => `${r.set}/${r.file}`);
const checked = rows.filter((r) => r.step !== null);
const stepOf = (r: (typeof rows)[number]) => r.step as unknown as { faces: number; turns: number | null; ms: number };
const stepCell = (list: typeof rows) => {
  const reached = list.filter((r) => r.step !== null);
  return `${pct(reached.filter((r) => stepOf(r).faces > 0).length, reached.length)}, ${reached.filter((r) => stepOf(r).turns !== null).length} with the MRZ's orientation`;
};
const stepMisses = checked.filter((r) => r.portrait && stepOf(r).faces === 0).map((r) => `${r.set}/${r.file}`);
const markdown = [
  `Written by \`npm run eval:document-portrait\` (scripts/eval-document-portrait.ts) on ${new Date().toISOString().slice(0, 10)}: ${rows.length} images of the shared real specimens (${dataDir.endsWith(path.join('shared', 'data', 'documents')) ? '../shared/data/documents' : dataDir}); detector faceplugin-fr_detect (models/MODELS.md). The rotation fallback was added after seeing this set's sideways pages, so these are developer figures, not held-out ones.`,
  '',
  '| images | portrait found as sent | portrait found with rotations | as the step checks it (images whose document was read) |',
  '| --- | --- | --- | --- |',
  `| front or front+back, document with machine-readable data (portrait expected) | ${pct(withPortrait.filter((r) => r.asSent > 0).length, withPortrait.length)} | ${pct(withPortrait.filter((r) => r.rotated > 0).length, withPortrait.length)} | ${stepCell(withPortrait)} |`,
  `| back sides and documents without MRZ (no portrait expected) | ${pct(without.filter((r) => r.asSent > 0).length, without.length)} | ${pct(without.filter((r) => r.rotated > 0).length, without.length)} | ${stepCell(without)} |`,
  '',
  `Missed portraits with rotations: ${misses.length === 0 ? 'none' : misses.join(', ')}; as the step checks: ${stepMisses.length === 0 ? 'none' : stepMisses.join(', ')}.`,
  `Time of the check per image (2 cores, one at a time): with rotations p50 ${q(0.5)} ms, p95 ${q(0.95)} ms; as the step checks p50 ${quantile(checked.map((r) => stepOf(r).ms), 0.5)} ms, p95 ${quantile(checked.map((r) => stepOf(r).ms), 0.95)} ms.`,
].join('\n');
console.log(markdown);
await writeMarkedSection(path.join(ROOT, 'docs', 'document-verification.md'), 'portrait:document', markdown);
