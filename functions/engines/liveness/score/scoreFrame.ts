import type ort from 'onnxruntime-node';
import { detectFaceBoxes } from '../../face/detect/detectFaceBoxes.ts';
import { countProminentFaces, pickFace } from '../../face/match/pickFace.ts';
import { runSession } from '../../face/onnx/loadModelSession.ts';
import type { FaceBox } from '../../face/types.ts';
import type { RgbImage } from '../../image/rgbImage.ts';
import { toChwTensor } from '../../image/toTensor.ts';
import { LIVENESS_CROP, livenessCrop } from './livenessCrop.ts';

/** Input normalisation of the anti-spoofing network: BGR, raw 0-255 (faceplugin `preprocessLiveness`). */
export const LIVENESS_INPUT = { order: 'bgr', mean: 0, std: 1 } as const;
/** Index of the "live" class in the network's softmax output (measured: index 0 separates live from spoof). */
export const LIVE_CLASS_INDEX = 0;

/** Score of one frame. */
export interface FrameScore {
  /** Prominent faces found. */
  readonly faceCount: number;
  /** The scored face (largest), if any. */
  readonly face?: FaceBox;
  /** Live probability of that face, 0-1, if a face was found. */
  readonly live?: number;
}

/**
 * Detects the faces of one frame and scores the largest with the anti-spoofing network.
 * @param sessions - the detector and the anti-spoofing sessions
 * @param img - the frame
 * @param minFaceScore - detector threshold
 */
export async function scoreFrame(sessions: { detector: ort.InferenceSession; liveness: ort.InferenceSession }, img: RgbImage, minFaceScore: number): Promise<FrameScore> {
  const faces = await detectFaceBoxes(sessions.detector, img, minFaceScore);
  const main = pickFace(faces, 'largest', img.width, img.height);
  if (!main) return { faceCount: 0 };
  const crop = livenessCrop(img, main.box);
  const out = await runSession(sessions.liveness, toChwTensor(crop, LIVENESS_INPUT), [1, 3, LIVENESS_CROP.size, LIVENESS_CROP.size]);
  return { faceCount: countProminentFaces(faces), face: main.box, live: softmax(Object.values(out)[0]!)[LIVE_CLASS_INDEX]! };
}

/** Numerically stable softmax. */
export function softmax(logits: ArrayLike<number>): number[] {
  const values = Array.from(logits);
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}
