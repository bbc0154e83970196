import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { scaleQuad } from '../../geometry/quad.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import { dbPostprocess, type DbPostprocessOptions, type DetectedBox } from './dbPostprocess.ts';

/** Options of {@link detectText}. */
export interface DetectTextOptions extends DbPostprocessOptions {
  /**
   * The image is scaled (up or down) so that its longer side is this many pixels, rounded to multiples of 32, before
   * detection. 960 keeps MRZ characters of a full passport page and of a 300-px thumbnail in the size range the
   * model was trained on.
   * @default 960
   */
  readonly side?: number;
}

/** PaddleOCR det normalisation (ImageNet mean and std, applied to BGR channels in this order). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/**
 * Finds text regions (lines or words) in an image with the PP-OCRv4 DB detector.
 *
 * @param session - the detection model's session
 * @param image - RGB pixels
 * @returns boxes in the image's pixel coordinates
 */
export async function detectText(session: ort.InferenceSession, image: RgbImage, opts: DetectTextOptions = {}): Promise<DetectedBox[]> {
  const side = opts.side ?? 960;
  const scale = side / Math.max(image.width, image.height);
  const w = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const resized = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const plane = w * h;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    // BGR order, as PaddleOCR's cv2 pipeline feeds it.
    for (let c = 0; c < 3; c++) input[c * plane + i] = ((resized[i * 3 + (2 - c)] as number) / 255 - (MEAN[c] as number)) / (STD[c] as number);
  }
  const feeds = { [session.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, h, w]) };
  const out = await session.run(feeds);
  const prob = out[session.outputNames[0] as string]?.data as Float32Array;
  const boxes = dbPostprocess(prob, w, h, opts);
  return boxes.map((b) => ({ score: b.score, quad: scaleQuad(b.quad, image.width / w, image.height / h) }));
}
