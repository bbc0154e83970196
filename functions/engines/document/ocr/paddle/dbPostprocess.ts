import { minAreaRect, rectToQuad } from '../../geometry/minAreaRect.ts';
import type { Point, Quad } from '../../geometry/quad.ts';

/** A text region found by the detector, in probability-map pixels. */
export interface DetectedBox {
  readonly quad: Quad;
  /** Mean text probability over the region's pixels, 0-1. */
  readonly score: number;
}

/** Options of {@link dbPostprocess}; defaults are PaddleOCR's for PP-OCRv4 det (`tools/infer/utility.py`). */
export interface DbPostprocessOptions {
  /** Pixel probability above which a pixel is text. @default 0.3 */
  readonly threshold?: number;
  /** Mean probability a region needs to be kept. @default 0.6 */
  readonly boxThreshold?: number;
  /** DB unclip ratio: the shrunk region is grown by area x ratio / perimeter. @default 1.5 */
  readonly unclipRatio?: number;
  /** Regions of fewer pixels are dropped. @default 12 */
  readonly minPixels?: number;
}

const defaults = { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minPixels: 12 } as const;

/**
 * Turns a DB (Differentiable Binarization) probability map into rotated text boxes: binarise, label 8-connected
 * regions, fit each region's minimum-area rectangle, drop weak regions, and grow ("unclip") each rectangle by
 * `area x unclipRatio / perimeter`, undoing the shrinking the model was trained with.
 * @see https://arxiv.org/abs/1911.08947 (Liao et al., DB)
 *
 * @param prob - probability map, row-major
 * @param width - map width
 * @param height - map height
 */
export function dbPostprocess(prob: Float32Array, width: number, height: number, opts: DbPostprocessOptions = {}): DetectedBox[] {
  const { threshold, boxThreshold, unclipRatio, minPixels } = { ...defaults, ...opts };
  const labels = new Int32Array(width * height);
  const boxes: DetectedBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || (prob[start] as number) <= threshold) continue;
    next++;
    labels[start] = next;
    stack.push(start);
    let count = 0;
    let sum = 0;
    // Extreme x per row is enough for the convex hull.
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % width;
      const y = (i - x) / width;
      count++;
      sum += prob[i] as number;
      const lo = rowMin.get(y);
      if (lo === undefined || x < lo) rowMin.set(y, x);
      const hi = rowMax.get(y);
      if (hi === undefined || x > hi) rowMax.set(y, x);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || (dx === 0 && dy === 0)) continue;
          const j = yy * width + xx;
          if (labels[j] === 0 && (prob[j] as number) > threshold) {
            labels[j] = next;
            stack.push(j);
          }
        }
      }
    }
    if (count < minPixels) continue;
    const score = sum / count;
    if (score < boxThreshold) continue;
    const points: Point[] = [];
    for (const [y, x] of rowMin) {
      points.push({ x, y }, { x: x + 1, y }, { x, y: y + 1 }, { x: x + 1, y: y + 1 });
      const xr = rowMax.get(y) as number;
      points.push({ x: xr, y }, { x: xr + 1, y }, { x: xr, y: y + 1 }, { x: xr + 1, y: y + 1 });
    }
    const rect = minAreaRect(points);
    if (rect.height < 2) continue;
    const d = (rect.width * rect.height * unclipRatio) / (2 * (rect.width + rect.height));
    boxes.push({ quad: rectToQuad({ ...rect, width: rect.width + 2 * d, height: rect.height + 2 * d }), score });
  }
  return boxes;
}
