import type { RgbImage } from './rgbImage.ts';

/** How pixel values become model input values: `(value - mean) / std`, channels in `order`. */
export interface Normalisation {
  /** Channel order the model expects. */
  readonly order: 'rgb' | 'bgr';
  /** Subtracted from each 0-255 value. */
  readonly mean: number;
  /** Divides the result. */
  readonly std: number;
}

/**
 * Converts an image to a planar (NCHW, batch 1) float tensor: `out[c * H * W + y * W + x]`.
 * @param img - the image
 * @param norm - normalisation and channel order
 * @param out - optional destination of length `3 * W * H` (reused between calls to avoid allocation)
 */
export function toChwTensor(img: RgbImage, norm: Normalisation, out?: Float32Array): Float32Array {
  const { data, width, height } = img;
  const plane = width * height;
  const t = out ?? new Float32Array(plane * 3);
  const scale = 1 / norm.std;
  const bias = -norm.mean / norm.std;
  const bgr = norm.order === 'bgr';
  const p0 = bgr ? 2 * plane : 0;
  const p2 = bgr ? 0 : 2 * plane;
  for (let i = 0, j = 0; i < plane; i++, j += 3) {
    t[p0 + i] = data[j]! * scale + bias;
    t[plane + i] = data[j + 1]! * scale + bias;
    t[p2 + i] = data[j + 2]! * scale + bias;
  }
  return t;
}

/**
 * Converts an image to a single-channel (NCHW, batch 1, C = 1) float tensor of luma, ITU-R BT.601
 * (Y = 0.299 R + 0.587 G + 0.114 B, as OpenCV's `COLOR_RGB2GRAY`), then `(Y - mean) / std`.
 */
export function toGrayTensor(img: RgbImage, mean: number, std: number): Float32Array {
  const { data, width, height } = img;
  const t = new Float32Array(width * height);
  for (let i = 0, j = 0; i < t.length; i++, j += 3) {
    t[i] = (0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]! - mean) / std;
  }
  return t;
}
