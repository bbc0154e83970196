import type { FaceBox } from '../../face/types.ts';
import { resizeImage } from '../../image/resizeImage.ts';
import type { RgbImage } from '../../image/rgbImage.ts';

/**
 * Crop geometry of the anti-spoofing network (models.ts `liveness`): the face box made square on its height, enlarged
 * 2.7x about its centre (less if the image is too small), shifted to lie inside the image, and resized to 128x128.
 * This is Silent-Face-Anti-Spoofing's `CropImage._get_new_box` with scale 2.7, as faceplugin's `alignLivenessImage`
 * uses it; the enlarged crop lets the network see the medium's edges, glare and moiré around the face.
 */
export const LIVENESS_CROP = { scale: 2.7, size: 128 } as const;

/**
 * The crop rectangle for a face box.
 * @param box - detector box in `img` pixels
 * @param imgWidth - image width, pixels
 * @param imgHeight - image height, pixels
 */
export function livenessCropRect(box: FaceBox, imgWidth: number, imgHeight: number): FaceBox {
  const side = box.height;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const scale = Math.min((imgHeight - 1) / side, (imgWidth - 1) / side, LIVENESS_CROP.scale);
  const w = side * scale;
  const h = side * scale;
  let x1 = cx - w / 2;
  let y1 = cy - h / 2;
  x1 = Math.min(Math.max(0, x1), imgWidth - 1 - w);
  y1 = Math.min(Math.max(0, y1), imgHeight - 1 - h);
  return { x: x1, y: y1, width: w, height: h };
}

/**
 * Cuts and resizes the crop the anti-spoofing network reads.
 * @param img - the image
 * @param box - detector box in `img` pixels
 */
export function livenessCrop(img: RgbImage, box: FaceBox): RgbImage {
  return resizeImage(img, LIVENESS_CROP.size, LIVENESS_CROP.size, livenessCropRect(box, img.width, img.height));
}
