/**
 * `npm run eval:document-portrait`: how often the portrait check of ID verification (functions/core/inference.ts
 * `countPortraitFaces`: the face engine's detector on the image as sent, then on its three other upright
 * orientations) finds the holder's photo on real documents, and how long it takes. Data: the shared real specimens
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
import { loadFaceEngine } from '../functions/engines/face/index.ts';
import { writeMarkedSection } from '../functions/engines/evaluation/markdown.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { data: { type: 'string' } } });
const dataDir = path.resolve(values.data ?? path.join(ROOT, '..', 'shared', 'data', 'documents'));

interface Label {
  documentType: string;
  images: Array<{ file: string; side: string }>;
}

const face = await loadFaceEngine({ modelsDir: path.join(ROOT, 'models') });
const rows: Array<{ set: string; file: string; portrait: boolean; asSent: number; rotated: number; ms: number }> = [];
for (const set of (await readdir(dataDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const labels = JSON.parse(await readFile(path.join(dataDir, set, 'labels.json'), 'utf8').catch(() => '{"documents":[]}')) as { documents: Label[] };
  for (const doc of labels.documents) {
    for (const image of doc.images) {
      const bytes = await readFile(path.join(dataDir, set, image.file));
      const started = performance.now();
      const rotated = await countPortraitFaces(face, bytes);
      const ms = performance.now() - started;
      const asSent = (await face.detect(bytes)).length;
      rows.push({ set, file: image.file, portrait: doc.documentType !== 'none' && image.side !== 'back', asSent, rotated, ms });
    }
  }
}

const withPortrait = rows.filter((r) => r.portrait);
const without = rows.filter((r) => !r.portrait);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}% (${n}/${d})`;
const times = rows.map((r) => r.ms).sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
const misses = withPortrait.filter((r) => r.rotated === 0).map((r) => `${r.set}/${r.file}`);
const markdown = [
  `Written by \`npm run eval:document-portrait\` (scripts/eval-document-portrait.ts) on ${new Date().toISOString().slice(0, 10)}: ${rows.length} images of the shared real specimens (${dataDir.endsWith(path.join('shared', 'data', 'documents')) ? '../shared/data/documents' : dataDir}); detector faceplugin-fr_detect (models/MODELS.md). The rotation fallback was added after seeing this set's sideways pages, so these are developer figures, not held-out ones.`,
  '',
  '| images | portrait found as sent | portrait found with rotations |',
  '| --- | --- | --- |',
  `| front or front+back, document with machine-readable data (portrait expected) | ${pct(withPortrait.filter((r) => r.asSent > 0).length, withPortrait.length)} | ${pct(withPortrait.filter((r) => r.rotated > 0).length, withPortrait.length)} |`,
  `| back sides and documents without MRZ (no portrait expected) | ${pct(without.filter((r) => r.asSent > 0).length, without.length)} | ${pct(without.filter((r) => r.rotated > 0).length, without.length)} |`,
  '',
  `Missed portraits: ${misses.length === 0 ? 'none' : misses.join(', ')}. Time of the check per image (2 cores, one at a time): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms.`,
].join('\n');
console.log(markdown);
await writeMarkedSection(path.join(ROOT, 'docs', 'document-verification.md'), 'portrait:document', markdown);
