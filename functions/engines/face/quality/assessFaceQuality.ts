import type { RgbImage } from '../../image/rgbImage.ts';
import type { DetectedFace, FaceQuality } from '../types.ts';

/**
 * Limits below/above which a face is `low_quality`. They are deliberately loose: they catch faces that are
 * unusable, not faces that are merely imperfect, since the similarity score already falls for hard faces.
 *
 * - `minInterocularPx` 20: the template places the eyes 35 px apart in the 112 px crop; under 20 px in the photo
 *   the crop is upsampled by more than 1.75x and holds little identity detail (ISO/IEC 19794-5 asks for 60 px in
 *   face images for automated recognition; the LFW faces we evaluate on are about 45 px and work well).
 * - `minSharpness` 12: variance of the Laplacian (Pech-Pacheco et al., ICPR 2000, the usual focus measure) of the
 *   aligned grey crop's inner region. On the 5,367 LFW development images (`npm run eval:face` prints the
 *   distribution) the 0.1st percentile is 16 and the median 145; 12 flags only faces blurrier than all but a handful
 *   of those news photos.
 * - `minBrightness` 35 / `maxBrightness` 225: mean grey of the inner face region. On LFW the 0.1st percentile is 60
 *   and the 99.9th 199; the limits sit well outside, catching only grossly under- or over-exposed faces.
 */
export const FACE_QUALITY_LIMITS = {
  minInterocularPx: 20,
  minSharpness: 12,
  minBrightness: 35,
  maxBrightness: 225,
} as const;

/** Inner region of the 112x112 aligned crop used for sharpness and brightness: eyes to chin, cheek to cheek. */
const INNER = { x0: 24, x1: 88, y0: 36, y1: 104 } as const;

/**
 * Measures focus, exposure and size of an aligned face.
 * @param aligned - the 112x112 aligned crop
 * @param face - the face in decoded-image coordinates
 * @param decodeScale - factor from decoded to original pixels (`DecodedImage.scale`)
 */
export function assessFaceQuality(aligned: RgbImage, face: DetectedFace, decodeScale: number): FaceQuality {
  const [le, re] = face.landmarks;
  const interocularPx = Math.hypot(re[0] - le[0], re[1] - le[1]) * decodeScale;
  const { width, data } = aligned;
  const grey = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  let sum = 0;
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = INNER.y0; y < INNER.y1; y++) {
    for (let x = INNER.x0; x < INNER.x1; x++) {
      const g = grey(x, y);
      const lap = grey(x - 1, y) + grey(x + 1, y) + grey(x, y - 1) + grey(x, y + 1) - 4 * g;
      sum += g;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const brightness = sum / n;
  const lapMean = lapSum / n;
  const sharpness = lapSq / n - lapMean * lapMean;
  const reasons: string[] = [];
  if (interocularPx < FACE_QUALITY_LIMITS.minInterocularPx) reasons.push('too_small');
  if (sharpness < FACE_QUALITY_LIMITS.minSharpness) reasons.push('blurred');
  if (brightness < FACE_QUALITY_LIMITS.minBrightness) reasons.push('too_dark');
  if (brightness > FACE_QUALITY_LIMITS.maxBrightness) reasons.push('too_bright');
  return { interocularPx, sharpness, brightness, lowQualityReasons: reasons };
}
