import type { RgbImage } from '../../image/rgbImage.ts';
import { estimateSimilarity } from '../../image/similarityTransform.ts';
import { warpAffine } from '../../image/warpAffine.ts';
import { ALIGNED_FACE_SIZE, ARCFACE_TEMPLATE_112 } from '../constants.ts';
import type { DetectedFace } from '../types.ts';

/**
 * Crops the face to the 112x112 aligned image the embedding network takes: the least-squares similarity transform
 * from the five landmarks to {@link ARCFACE_TEMPLATE_112} (insightface `norm_crop`), bilinear sampling, black
 * outside the image.
 *
 * @param img - the decoded image
 * @param face - a face with landmarks in `img` coordinates
 */
export function alignFace(img: RgbImage, face: DetectedFace): RgbImage {
  const m = estimateSimilarity(face.landmarks, ARCFACE_TEMPLATE_112);
  return warpAffine(img, m, ALIGNED_FACE_SIZE, ALIGNED_FACE_SIZE);
}
