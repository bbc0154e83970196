import { readFile } from 'node:fs/promises';
import { alignFace } from '../align/alignFace.ts';
import { FACE_PICK_POLICY } from '../constants.ts';
import { embedAlignedFace } from '../embed/embedAlignedFace.ts';
import { cosineSimilarity } from '../match/cosineSimilarity.ts';
import { pickFace } from '../match/pickFace.ts';
import { FACE_MODELS } from '../models.ts';
import { loadModelSession } from '../onnx/loadModelSession.ts';
import type { DetectedFace } from '../types.ts';
import { decodeImage } from '../../image/decodeImage.ts';
import { markdownTable } from '../../evaluation/markdown.ts';
import { allPairScores, type LabelledImage } from './faceDatasets.ts';
import { CANDIDATE_PROVENANCE, loadOnnxCandidates } from './onnxCandidates.ts';
import { rateAtOrAbove, verificationMetrics, type VerificationMetrics } from './verificationMetrics.ts';

/** What the evaluator already measured for the shipped engine on one image. */
export interface OursOnImage {
  /** Our embedding, or null without a face. */
  readonly vector: Float32Array | null;
  /** The compared face in caller pixels (as `FaceEngine.embed` reports it), or null. */
  readonly face: DetectedFace | null;
  /** Our whole pipeline's time on the image, ms. */
  readonly ms: number;
}

/** One measured pipeline: a vector (or none) and a time per image. */
interface Pipeline {
  readonly id: string;
  readonly detector: string;
  readonly recogniser: string;
  readonly licence: string;
  readonly note: string;
  readonly vectors: Map<string, Float32Array | null>;
  readonly ms: Map<string, number>;
}

const FARS = [1e-2, 1e-3, 1e-4] as const;

/**
 * Measures every ONNX candidate of `dir` on the labelled images with the all-pairs protocol and returns the markdown
 * block for docs/accuracy.md ("Face match", candidates:face-onnx).
 *
 * Pipelines: ours (reference); our embedding on faces aligned with the YuNet detector's landmarks; each recogniser
 * on our faces and on YuNet's faces; and the score-level fusion (mean cosine) of ours with each recogniser, obtained
 * exactly by concatenating the two unit vectors scaled by 1/sqrt(2). A recogniser with several candidate input
 * conventions is measured in each and the convention with the best TAR at FAR 1e-3 on the tuning folds is kept.
 * Decision thresholds are read on the tuning folds (FAR 1e-3) and applied unchanged to the held-out folds.
 *
 * Time per image (2 cores, one image at a time): measured components added up: decoding, detection (+ landmarks),
 * alignment and embedding(s); for pipelines on our faces it is our measured pipeline time with our embedding time
 * replaced by (or, for fusion, added to) the candidate's.
 */
export async function evaluateOnnxCandidates(opts: {
  dir: string;
  modelsDir: string;
  images: readonly LabelledImage[];
  tuningFolds: ReadonlySet<number>;
  ours: (file: string) => OursOnImage;
}): Promise<string> {
  const { detectors, recognisers } = await loadOnnxCandidates(opts.dir);
  const ourEmbedding = await loadModelSession(opts.modelsDir, FACE_MODELS.embedding, { threads: 2 });
  const provenance = (sha: string) => CANDIDATE_PROVENANCE[sha] ?? { source: 'not recorded', licence: 'not recorded' };

  const pipelines: Pipeline[] = [];
  const add = (p: Omit<Pipeline, 'vectors' | 'ms'>) => {
    const q = { ...p, vectors: new Map<string, Float32Array | null>(), ms: new Map<string, number>() };
    pipelines.push(q);
    return q;
  };
  const ours = add({ id: 'ours', detector: FACE_MODELS.detector.id + ' + ' + FACE_MODELS.landmarks.id, recogniser: FACE_MODELS.embedding.id, licence: 'MIT', note: 'shipped' });
  const recNorms = recognisers.flatMap((r) => r.norms.map((n) => ({ r, n })));
  const onOurs = recNorms.map(({ r, n }) =>
    add({ id: `${r.id} [${n.label}]`, detector: 'ours', recogniser: r.id, licence: provenance(r.sha256).licence, note: n.label }),
  );
  const fusedOurs = recNorms.map(({ r, n }) =>
    add({ id: `fusion: ours + ${r.id} [${n.label}]`, detector: 'ours', recogniser: `${FACE_MODELS.embedding.id} + ${r.id}`, licence: provenance(r.sha256).licence, note: `mean of the two cosines; ${n.label}` }),
  );
  const perDetector = detectors.map((d) => ({
    d,
    oursOn: add({ id: `ours on ${d.id}`, detector: d.id, recogniser: FACE_MODELS.embedding.id, licence: provenance(d.sha256).licence, note: 'our embedding, YuNet landmarks for the alignment' }),
    bothAlignments: add({
      id: `ours, two alignments averaged (ours + ${d.id})`,
      detector: `ours + ${d.id}`,
      recogniser: FACE_MODELS.embedding.id,
      licence: provenance(d.sha256).licence,
      note: 'our embedding of the face aligned on our landmarks and on YuNet\'s, mean of the two cosines',
    }),
    recs: recNorms.map(({ r, n }) => ({
      r,
      n,
      p: add({ id: `${r.id} on ${d.id} [${n.label}]`, detector: d.id, recogniser: r.id, licence: `${provenance(d.sha256).licence}; ${provenance(r.sha256).licence}`, note: n.label }),
    })),
  }));

  let done = 0;
  for (const img of opts.images) {
    const o = opts.ours(img.file);
    ours.vectors.set(img.file, o.vector);
    ours.ms.set(img.file, o.ms);
    const t0 = performance.now();
    const decoded = await decodeImage(await readFile(img.file));
    const decodeMs = performance.now() - t0;
    // On our faces.
    if (o.face) {
      const face = inDecodedPixels(o.face, decoded.scale);
      const t1 = performance.now();
      const aligned = alignFace(decoded, face);
      await embedAlignedFace(ourEmbedding, aligned, false);
      const ourEmbedMs = performance.now() - t1;
      for (const [k, { r, n }] of recNorms.entries()) {
        const t2 = performance.now();
        const v = await r.embed(alignFace(decoded, face), n.norm);
        const ms = performance.now() - t2;
        onOurs[k]!.vectors.set(img.file, v);
        onOurs[k]!.ms.set(img.file, o.ms - ourEmbedMs + ms);
        fusedOurs[k]!.vectors.set(img.file, o.vector ? fuse(o.vector, v) : null);
        fusedOurs[k]!.ms.set(img.file, o.ms + ms);
      }
    } else {
      for (const p of [...onOurs, ...fusedOurs]) {
        p.vectors.set(img.file, null);
        p.ms.set(img.file, o.ms);
      }
    }
    // On each candidate detector's faces.
    for (const { d, oursOn, bothAlignments, recs } of perDetector) {
      const t3 = performance.now();
      const faces = await d.detect(decoded);
      const chosen = pickFace(faces, FACE_PICK_POLICY.Central, decoded.width, decoded.height);
      const detectMs = performance.now() - t3;
      if (!chosen) {
        bothAlignments.vectors.set(img.file, null);
        bothAlignments.ms.set(img.file, o.ms + decodeMs + detectMs);
        for (const p of [oursOn, ...recs.map((x) => x.p)]) {
          p.vectors.set(img.file, null);
          p.ms.set(img.file, decodeMs + detectMs);
        }
        continue;
      }
      const t4 = performance.now();
      oursOn.vectors.set(img.file, await embedAlignedFace(ourEmbedding, alignFace(decoded, chosen), false));
      const oursOnMs = performance.now() - t4;
      oursOn.ms.set(img.file, decodeMs + detectMs + oursOnMs);
      const ynVector = oursOn.vectors.get(img.file)!;
      bothAlignments.vectors.set(img.file, o.vector ? fuse(o.vector, ynVector) : null);
      // Our pipeline (decoded once) plus YuNet's detection and a second embedding.
      bothAlignments.ms.set(img.file, o.ms + detectMs + oursOnMs);
      for (const { r, n, p } of recs) {
        const t5 = performance.now();
        p.vectors.set(img.file, await r.embed(alignFace(decoded, chosen), n.norm));
        p.ms.set(img.file, decodeMs + detectMs + performance.now() - t5);
      }
    }
    if (++done % 500 === 0) process.stderr.write(`  onnx candidates: ${done}/${opts.images.length}\n`);
  }

  // Metrics per pipeline: tuning part, held-out part, and the tuning threshold applied to the held-out part.
  type Measured = { p: Pipeline; tune: VerificationMetrics; held: VerificationMetrics; heldAtTuned: { far: number; tar: number; accepted: number; impostors: number; genuineAccepted: number; genuine: number } | null; fte: number; ms: number };
  const measured: Measured[] = [];
  for (const p of pipelines) {
    const part = (tuning: boolean) =>
      opts.images.filter((i) => opts.tuningFolds.has(i.fold) === tuning).map((i) => ({ identity: i.identity, vector: p.vectors.get(i.file) ?? null }));
    const t = allPairScores(part(true), cosineSimilarity);
    const tune = verificationMetrics(t.genuine, t.impostor, FARS);
    const h = allPairScores(part(false), cosineSimilarity);
    const held = verificationMetrics(h.genuine, h.impostor, FARS);
    const threshold = tune.atFar[1]!.threshold;
    let heldAtTuned: Measured['heldAtTuned'] = null;
    if (threshold !== null) {
      const gi = Float64Array.from(h.impostor).sort();
      const gg = Float64Array.from(h.genuine).sort();
      const far = rateAtOrAbove(gi, threshold);
      const tar = rateAtOrAbove(gg, threshold);
      heldAtTuned = { far, tar, accepted: Math.round(far * gi.length), impostors: gi.length, genuineAccepted: Math.round(tar * gg.length), genuine: gg.length };
    }
    const fte = opts.images.filter((i) => !p.vectors.get(i.file)).length;
    const ms = [...p.ms.values()].reduce((a, b) => a + b, 0) / Math.max(1, p.ms.size);
    measured.push({ p, tune, held, heldAtTuned, fte, ms });
  }

  // Keep, per recogniser and pipeline kind, the input convention that is best on the tuning folds.
  const tar3 = (m: VerificationMetrics) => m.atFar[1]!.tar ?? -1;
  const group = (p: Pipeline) => p.id.replace(/ \[[^\]]*\]$/, '');
  const kept = measured.filter((m) => measured.filter((x) => group(x.p) === group(m.p)).every((x) => tar3(x.tune) <= tar3(m.tune)));
  const dropped = measured.filter((m) => !kept.includes(m));

  const pct = (x: number | null | undefined, digits = 2) => (x === null || x === undefined || Number.isNaN(x) ? 'n/a' : `${(x * 100).toFixed(digits)}%`);
  const num = (x: number) => x.toLocaleString('en-GB');
  const rows = kept.map((m) => [
    m.p.id,
    m.p.licence,
    `${m.fte} / ${opts.images.length}`,
    `${num(m.held.genuine)} / ${num(m.held.impostor)}`,
    pct(m.held.atFar[1]!.tar),
    pct(m.held.eer),
    m.held.auc.toFixed(5),
    pct(m.tune.atFar[1]!.tar),
    m.heldAtTuned
      ? `${m.tune.atFar[1]!.threshold!.toFixed(4)}: FAR ${pct(m.heldAtTuned.far, 3)} (${num(m.heldAtTuned.accepted)}), TAR ${pct(m.heldAtTuned.tar)} (${num(m.heldAtTuned.genuineAccepted)} of ${num(m.heldAtTuned.genuine)})`
      : 'n/a',
    `${m.ms.toFixed(0)} ms`,
  ]);
  const files = [...detectors, ...recognisers].map((f) => {
    const pv = provenance(f.sha256);
    return [f.name, num(f.bytes), `\`${f.sha256}\``, pv.licence, pv.source];
  });
  return [
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run eval:face -- --onnx-candidates DIR\` on all ${num(opts.images.length)} developer images, all pairs: ` +
      `tuning folds 1-4 (${num(measured[0]!.tune.genuine)} genuine / ${num(measured[0]!.tune.impostor)} impostor comparisons for ours) choose the input convention and the threshold, ` +
      'held-out folds 5-7 are reported. "Held-out at the tuning threshold" applies the cosine that gives FAR 1e-3 on the tuning folds to the held-out folds, as FACE_THRESHOLDS are derived. ' +
      'Images where a pipeline found no face are left out of its all-pairs counts (column "no face"). Time per image: decoding, detection, landmarks, alignment and embedding(s), 2 cores.',
    '',
    markdownTable(
      ['pipeline', 'licence', 'no face', 'held-out genuine / impostor', 'held-out TAR @ FAR 1e-3', 'held-out EER', 'held-out AUC', 'tuning TAR @ FAR 1e-3', 'held-out at the tuning threshold (cosine)', 'time / image'],
      rows,
    ),
    '',
    dropped.length
      ? `Input conventions measured and not kept (worse on the tuning folds): ${dropped.map((m) => `${m.p.id} (tuning TAR ${pct(m.tune.atFar[1]!.tar)})`).join('; ')}.`
      : '',
    '',
    markdownTable(['candidate file', 'bytes', 'sha256', 'licence', 'obtained from'], files),
  ].join('\n');
}

/**
 * Score-level fusion as one vector: for unit vectors, the cosine of two fused vectors is the mean of the two cosines.
 * @param a - unit vector of the first recogniser
 * @param b - unit vector of the second recogniser
 */
export function fuse(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  const k = Math.SQRT1_2;
  for (let i = 0; i < a.length; i++) out[i] = a[i]! * k;
  for (let i = 0; i < b.length; i++) out[a.length + i] = b[i]! * k;
  return out;
}

/** Maps a face from the caller's pixels (as the engine reports it) to the decoded image's pixels. */
function inDecodedPixels(face: DetectedFace, scale: number): DetectedFace {
  if (scale === 1) return face;
  const [a, b, c, d, e] = face.landmarks.map(([x, y]) => [x / scale, y / scale] as const) as unknown as DetectedFace['landmarks'];
  return { score: face.score, box: { x: face.box.x / scale, y: face.box.y / scale, width: face.box.width / scale, height: face.box.height / scale }, landmarks: [a, b, c, d, e] };
}

