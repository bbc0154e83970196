import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { Point } from '../../image/similarityTransform.ts';
import type { RgbImage } from '../../image/rgbImage.ts';
import { resizeImage } from '../../image/resizeImage.ts';
import { toChwTensor, type Normalisation } from '../../image/toTensor.ts';
import { nonMaxSuppression } from '../detect/nonMaxSuppression.ts';
import { l2Normalise } from '../embed/embedAlignedFace.ts';
import { runSession } from '../onnx/loadModelSession.ts';
import type { DetectedFace } from '../types.ts';

/**
 * ONNX candidate models for the comparisons in docs/accuracy.md ("Face match" and "Liveness", candidates), loaded
 * from a directory the evaluator is pointed at (`--onnx-candidates DIR`). Nothing here is shipped: the files are
 * whatever could be obtained (models/MODELS.md "Candidates" lists where each came from and under which licence), and
 * a file is recognised by its name:
 *
 * - `*yunet*.onnx`: YuNet face detector with 5 landmarks (libfacedetection.train, Apache-2.0; MIT in OpenCV Zoo).
 * - `*sface*.onnx`: OpenCV Zoo SFace recogniser (Apache-2.0): 112x112 ArcFace-aligned, RGB, raw 0-255, 128-d.
 * - `*w600k*`, `*arcface*`, `*glint*`, `*ms1m*` `.onnx`: insightface-style ArcFace recognisers, RGB,
 *   (v - 127.5) / 127.5.
 * - `*mobilefacenet*.onnx` and any other `*face*rec*` file: a 112x112 recogniser of undocumented input convention;
 *   every convention of {@link PROBED_NORMALISATIONS} is measured and the one best on the tuning folds is kept.
 * - `*MiniFASNet*.onnx` named as Silent-Face-Anti-Spoofing names them (`2.7_80x80_MiniFASNetV2.onnx`: crop scale
 *   2.7, 80x80): passive anti-spoofing, BGR raw 0-255, softmax index 1 = real (Minivision's `test.py`).
 *
 * Evaluation only: nothing in the service imports this file.
 */

/** One file found in the candidate directory. */
export interface CandidateFile {
  readonly file: string;
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** A face detector with 5 landmarks. */
export interface DetectorCandidate extends CandidateFile {
  readonly id: string;
  /** Faces (box, score, 5 landmarks in the order of `DetectedFace.landmarks`) in `img` pixels, highest score first. */
  detect(img: RgbImage): Promise<DetectedFace[]>;
}

/** A recogniser of 112x112 ArcFace-aligned faces; `norms` lists the input conventions to measure. */
export interface RecogniserCandidate extends CandidateFile {
  readonly id: string;
  readonly norms: ReadonlyArray<{ readonly label: string; readonly norm: Normalisation }>;
  /** Unit-length embedding of an aligned 112x112 face. */
  embed(aligned: RgbImage, norm: Normalisation): Promise<Float32Array>;
}

/** A passive anti-spoofing network scored on a crop around the detector box. */
export interface OnnxSpoofCandidate extends CandidateFile {
  readonly id: string;
  readonly note: string;
  /** Live probability 0-1 of the face in `box` (decoded-image pixels). */
  score(img: RgbImage, box: DetectedFace['box']): Promise<number>;
  /** Softmax of the network for that crop (index 1 = real), for ensembles. */
  probabilities(img: RgbImage, box: DetectedFace['box']): Promise<number[]>;
}

/** The conventions tried on a recogniser whose input convention is not documented. */
export const PROBED_NORMALISATIONS = [
  { label: 'BGR (v - 127.5) / 128', norm: { order: 'bgr', mean: 127.5, std: 128 } },
  { label: 'RGB (v - 127.5) / 128', norm: { order: 'rgb', mean: 127.5, std: 128 } },
] as const satisfies ReadonlyArray<{ label: string; norm: Normalisation }>;

/**
 * YuNet decoding constants (OpenCV `FaceDetectorYN`, 2023mar models): three strides, one anchor per cell, input BGR
 * raw 0-255 padded to a multiple of 32; score = sqrt(cls x obj); NMS IoU 0.3. The input is letterboxed to
 * `side` x `side` (OpenCV Zoo's demos run at 320x320).
 */
export const YUNET = { strides: [8, 16, 32], side: 320, minScore: 0.6, iouThreshold: 0.3 } as const;

async function describeFile(file: string): Promise<CandidateFile> {
  const bytes = await readFile(file);
  return { file, name: path.basename(file), bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function session(file: string, threads: number): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(file, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  });
}

/**
 * Loads every recognised candidate in `dir` (see the file comment); unrecognised files are ignored.
 * @param dir - directory of `.onnx` files
 * @param threads - ONNX Runtime intra-op threads (2, as the engine)
 */
export async function loadOnnxCandidates(
  dir: string,
  threads = 2,
): Promise<{ detectors: DetectorCandidate[]; recognisers: RecogniserCandidate[]; spoof: OnnxSpoofCandidate[] }> {
  const files = (await readdir(dir)).filter((f) => f.toLowerCase().endsWith('.onnx')).sort();
  const detectors: DetectorCandidate[] = [];
  const recognisers: RecogniserCandidate[] = [];
  const spoof: OnnxSpoofCandidate[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const lower = name.toLowerCase();
    let s: ort.InferenceSession;
    try {
      s = await session(file, threads);
    } catch (error) {
      process.stderr.write(`  candidate ${name}: ONNX Runtime cannot load it (${(error as Error).message.split('\n')[0]}), skipped\n`);
      continue;
    }
    const info = await describeFile(file);
    if (lower.includes('yunet')) {
      // A fixed-shape export (e.g. OpenCV Zoo 2023mar = libfacedetection.train yunet_s_640_640) runs at its own size.
      const meta = s.inputMetadata[0];
      const fixed = meta && 'shape' in meta && typeof meta.shape[2] === 'number' ? (meta.shape[2] as number) : undefined;
      const side = fixed ?? YUNET.side;
      detectors.push({ ...info, id: `YuNet ${name.replace(/\.onnx$/i, '')} at ${side}x${side}`, detect: (img) => detectYunet(s, img, side) });
    } else if (lower.includes('minifasnet')) {
      const m = /(?:^|_)(\d+\.\d+|\d+_\d+_\d+)_(\d+)x(\d+)_/.exec(name);
      if (!m) continue;
      const scale = Number(m[1]!.replace(/^(\d+)_(\d+)_\d+$/, '$1.$2'));
      const h = Number(m[2]);
      const w = Number(m[3]);
      const probabilities = async (img: RgbImage, box: DetectedFace['box']) => {
        const crop = resizeImage(img, w, h, silentFaceCropRect(box, img.width, img.height, scale));
        const out = await runSession(s, toChwTensor(crop, { order: 'bgr', mean: 0, std: 1 }), [1, 3, h, w]);
        return softmax(Object.values(out)[0]!);
      };
      spoof.push({
        ...info,
        id: name.replace(/\.onnx$/i, ''),
        note: `${w}x${h} BGR 0-255 of the detector box x${scale} (Silent-Face crop); softmax index 1 = real`,
        probabilities,
        score: async (img, box) => (await probabilities(img, box))[1]!,
      });
    } else {
      const dims = s.inputMetadata[0] && 'shape' in s.inputMetadata[0] ? (s.inputMetadata[0].shape as Array<number | string>) : [];
      if (dims.length !== 4 || dims[2] !== 112 || dims[3] !== 112) continue;
      const norms = lower.includes('sface')
        ? [{ label: 'RGB 0-255 (OpenCV FaceRecognizerSF)', norm: { order: 'rgb', mean: 0, std: 1 } as Normalisation }]
        : /w600k|arcface|glint|ms1m/.test(lower)
          ? [{ label: 'RGB (v - 127.5) / 127.5 (insightface)', norm: { order: 'rgb', mean: 127.5, std: 127.5 } as Normalisation }]
          : PROBED_NORMALISATIONS;
      recognisers.push({
        ...info,
        id: name.replace(/\.onnx$/i, ''),
        norms,
        embed: async (aligned, norm) => l2Normalise(Float32Array.from(Object.values(await runSession(s, toChwTensor(aligned, norm), [1, 3, 112, 112]))[0]!)),
      });
    }
  }
  return { detectors, recognisers, spoof };
}

/**
 * Runs YuNet on an image letterboxed into a `YUNET.side` square and decodes its three output scales.
 * @param s - the YuNet session (dynamic or 320x320 input)
 * @param img - the image
 * @param side - side of the square input, a multiple of 32 (the model's own when its input shape is fixed)
 */
export async function detectYunet(s: ort.InferenceSession, img: RgbImage, side: number = YUNET.side): Promise<DetectedFace[]> {
  const k = Math.min(side / img.width, side / img.height);
  const input = resizeImage(img, side, side, { x: 0, y: 0, width: side / k, height: side / k }, 0);
  const out = await runSession(s, toChwTensor(input, { order: 'bgr', mean: 0, std: 1 }), [1, 3, side, side]);
  const faces: DetectedFace[] = [];
  for (const stride of YUNET.strides) {
    const cls = out[`cls_${stride}`]!;
    const obj = out[`obj_${stride}`]!;
    const bbox = out[`bbox_${stride}`]!;
    const kps = out[`kps_${stride}`]!;
    const cols = Math.ceil(side / stride);
    for (let i = 0; i < cls.length; i++) {
      const score = Math.sqrt(clamp01(cls[i]!) * clamp01(obj[i]!));
      if (score < YUNET.minScore) continue;
      const r = Math.floor(i / cols);
      const c = i % cols;
      const cx = (c + bbox[i * 4]!) * stride;
      const cy = (r + bbox[i * 4 + 1]!) * stride;
      const w = Math.exp(bbox[i * 4 + 2]!) * stride;
      const h = Math.exp(bbox[i * 4 + 3]!) * stride;
      const p = (n: number): Point => [((kps[i * 10 + 2 * n]! + c) * stride) / k, ((kps[i * 10 + 2 * n + 1]! + r) * stride) / k];
      faces.push({ box: { x: (cx - w / 2) / k, y: (cy - h / 2) / k, width: w / k, height: h / k }, score, landmarks: [p(0), p(1), p(2), p(3), p(4)] });
    }
  }
  return nonMaxSuppression(faces, YUNET.iouThreshold);
}

/**
 * Silent-Face-Anti-Spoofing's `CropImage._get_new_box`: the detector box scaled by `scale` (width and height
 * separately, less if the image is too small) about its centre, shifted to lie inside the image.
 */
export function silentFaceCropRect(box: DetectedFace['box'], imgWidth: number, imgHeight: number, scale: number): DetectedFace['box'] {
  const s = Math.min((imgHeight - 1) / box.height, (imgWidth - 1) / box.width, scale);
  const w = box.width * s;
  const h = box.height * s;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x1 = Math.min(Math.max(0, cx - w / 2), imgWidth - 1 - w);
  const y1 = Math.min(Math.max(0, cy - h / 2), imgHeight - 1 - h);
  return { x: x1, y: y1, width: w, height: h };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function softmax(logits: ArrayLike<number>): number[] {
  const v = Array.from(logits);
  const max = Math.max(...v);
  const e = v.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** Where a candidate file was obtained and under which terms (keyed by sha256), for the tables in docs/accuracy.md. */
export const CANDIDATE_PROVENANCE: Readonly<Record<string, { readonly source: string; readonly licence: string }>> = {
  '8f2383e4dd3cfbb4553ea8718107fc0423210dc964f9f4280604804ed2552fa4': {
    source:
      'GitHub ShiqiYu/libfacedetection.train `onnx/yunet_s_640_640.onnx` (commit 0047ac24), byte-identical to OpenCV Zoo `face_detection_yunet_2023mar.onnx` (sha256 of its Git LFS pointer)',
    licence: 'Apache-2.0 (libfacedetection.train); MIT as OpenCV Zoo publishes it',
  },
  daede24002cc8590f457998cc5e6c9e8b82f45f6bd969506a8913cd4ed10a2d3: {
    source: 'GitHub ShiqiYu/libfacedetection.train `onnx/yunet_s_dynamic.onnx` (commit 0047ac24): the same YuNet-s weights with a dynamic input shape',
    licence: 'Apache-2.0 (libfacedetection.train)',
  },
  '104ee26c71d5c270ce79a6b3dced91c91013260d29a6bf18f9296c5b8c4c2b12': {
    source: 'GitHub ShiqiYu/libfacedetection.train `onnx/yunet_n_dynamic.onnx` (commit 0047ac24): the larger YuNet-n, dynamic input shape',
    licence: 'Apache-2.0 (libfacedetection.train)',
  },
  e72a5710cce378dc46472b6b845cb90647634f2738d8c3e581735cf195b9866f: {
    source: 'GitHub darzhz/pixamatch `models/mobilefacenet.onnx` (downloaded there from yywbxgl/face_detection; training data not stated)',
    licence: 'none stated: not shippable',
  },
  '929c8b1fc6e5d30ee03144280af43daabddd05f230494377fb1d6de7a18d74fe': {
    source: 'exported here for evaluation only (torch.onnx, Debian python3-torch 1.13) from minivision-ai/Silent-Face-Anti-Spoofing `4_0_0_80x80_MiniFASNetV1SE.pth` (sha256 84ee1d37…5990); no ONNX of it could be fetched',
    licence: 'Apache-2.0 (Minivision weights)',
  },
  f0616a1c7123d4978623910241b812943d2d5bba032eac26cc0416764517ef4a: {
    source: 'GitHub fizray/project-ineffa `models/2.7_80x80_MiniFASNetV2.onnx`: same 429,760 weights and outputs as an export of minivision-ai/Silent-Face-Anti-Spoofing `2.7_80x80_MiniFASNetV2.pth`',
    licence: 'Apache-2.0 (Minivision weights)',
  },
};
