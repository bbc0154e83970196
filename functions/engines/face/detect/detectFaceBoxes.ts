import type ort from 'onnxruntime-node';
import { resizeImage } from '../../image/resizeImage.ts';
import type { RgbImage } from '../../image/rgbImage.ts';
import { toChwTensor } from '../../image/toTensor.ts';
import { runSession } from '../onnx/loadModelSession.ts';
import { nonMaxSuppression, type ScoredBox } from './nonMaxSuppression.ts';

/**
 * Fixed input geometry and decoding constants of the detector (models.ts `detector`): the network takes 320x240,
 * normalises with (v - 127) / 128 in BGR order, and outputs 4420 anchors. The IoU threshold 0.3 is the
 * Ultra-Light-Fast-Generic-Face-Detector's `hard_nms` default.
 */
export const DETECTOR_INPUT = { width: 320, height: 240, anchors: 4420, mean: 127, std: 128, iouThreshold: 0.3 } as const;

/** Grey of the letterbox padding; 127 becomes 0 after normalisation, i.e. "no signal". */
const PAD_VALUE = 127;

/**
 * Runs the face detector on an image of any aspect ratio.
 *
 * The image is letterboxed (scaled to fit 320x240 with its aspect ratio kept, the rest padded with mid-grey), not
 * stretched: a portrait 3:4 phone selfie stretched to 4:3 distorts faces by 1.8x and both the detector boxes and the
 * liveness crop suffer (measured on the TrainingData selfies, docs/accuracy.md).
 *
 * @param session - the detector session
 * @param img - the decoded image
 * @param minScore - smallest face probability kept, 0-1
 * @returns boxes in `img` pixel coordinates, after non-maximum suppression, highest score first
 */
export async function detectFaceBoxes(session: ort.InferenceSession, img: RgbImage, minScore: number): Promise<ScoredBox[]> {
  const { width: W, height: H, anchors } = DETECTOR_INPUT;
  const scale = Math.min(W / img.width, H / img.height);
  const rect = { x: -(W / scale - img.width) / 2, y: -(H / scale - img.height) / 2, width: W / scale, height: H / scale };
  const input = resizeImage(img, W, H, rect, PAD_VALUE);
  const out = await runSession(session, toChwTensor(input, { order: 'bgr', mean: DETECTOR_INPUT.mean, std: DETECTOR_INPUT.std }), [1, 3, H, W]);
  const scores = out['scores']!;
  const boxes = out['boxes']!;
  const candidates: ScoredBox[] = [];
  for (let i = 0; i < anchors; i++) {
    const score = scores[i * 2 + 1]!;
    if (score < minScore) continue;
    const x1 = rect.x + boxes[i * 4]! * rect.width;
    const y1 = rect.y + boxes[i * 4 + 1]! * rect.height;
    const x2 = rect.x + boxes[i * 4 + 2]! * rect.width;
    const y2 = rect.y + boxes[i * 4 + 3]! * rect.height;
    if (x2 <= x1 || y2 <= y1) continue;
    candidates.push({ box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }, score });
  }
  return nonMaxSuppression(candidates, DETECTOR_INPUT.iouThreshold);
}
