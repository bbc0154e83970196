import type ort from 'onnxruntime-node';
import { resizeImage } from '../../image/resizeImage.ts';
import type { RgbImage } from '../../image/rgbImage.ts';
import type { Point } from '../../image/similarityTransform.ts';
import { toGrayTensor } from '../../image/toTensor.ts';
import { runSession } from '../onnx/loadModelSession.ts';
import type { DetectedFace, FaceBox } from '../types.ts';

/** Input side of the landmark network (models.ts `landmarks`), pixels; grey values are divided by 256. */
export const LANDMARK_INPUT = { size: 64, mean: 0, std: 256 } as const;

/**
 * The square the landmark network reads: the detector box made square on its height, same centre (faceplugin's
 * `scaleResult`, the crop the network was trained on).
 */
export function landmarkSquare(box: FaceBox): FaceBox {
  const side = box.height;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
}

/**
 * Locates 68 landmarks in a detector box and reduces them to the five points the alignment template uses.
 *
 * 68-point indices (iBUG 300-W, 0-based): eyelids 37, 38, 40, 41 (left eye) and 43, 44, 46, 47 (right eye), nose tip
 * 30, mouth corners 48/60 (left) and 54/64 (right).
 *
 * @param session - the landmark session
 * @param img - the decoded image
 * @param detection - a detector box and score
 * @returns the face with its five landmarks, in `img` coordinates
 */
export async function locateLandmarks(session: ort.InferenceSession, img: RgbImage, detection: { box: FaceBox; score: number }): Promise<DetectedFace> {
  const sq = landmarkSquare(detection.box);
  const crop = resizeImage(img, LANDMARK_INPUT.size, LANDMARK_INPUT.size, sq, 0);
  const out = await runSession(session, toGrayTensor(crop, LANDMARK_INPUT.mean, LANDMARK_INPUT.std), [1, 1, LANDMARK_INPUT.size, LANDMARK_INPUT.size]);
  const v = Object.values(out)[0]!;
  const p = (i: number): Point => [sq.x + v[2 * i]! * sq.width, sq.y + v[2 * i + 1]! * sq.height];
  const mean = (...ps: Point[]): Point => [ps.reduce((s, q) => s + q[0], 0) / ps.length, ps.reduce((s, q) => s + q[1], 0) / ps.length];
  return {
    box: detection.box,
    score: detection.score,
    landmarks: [mean(p(37), p(38), p(40), p(41)), mean(p(43), p(44), p(46), p(47)), p(30), mean(p(48), p(60)), mean(p(54), p(64))],
  };
}
