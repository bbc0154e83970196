import type { FaceBox } from '../types.ts';

/** A scored box. */
export interface ScoredBox {
  readonly box: FaceBox;
  readonly score: number;
}

/** Intersection over union of two boxes, 0-1. */
export function intersectionOverUnion(a: FaceBox, b: FaceBox): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * Greedy non-maximum suppression: keeps the highest-scoring box and drops every box overlapping it by more than
 * `iouThreshold`, then repeats (the standard SSD post-processing, Liu et al. ECCV 2016, as in the
 * Ultra-Light-Fast-Generic-Face-Detector's `hard_nms`).
 *
 * @param boxes - candidates, any order
 * @param iouThreshold - overlap above which the lower-scoring box is dropped (the ULFG default is 0.3)
 * @returns kept boxes, highest score first
 */
export function nonMaxSuppression<T extends ScoredBox>(boxes: readonly T[], iouThreshold: number): T[] {
  const sorted = [...boxes].sort((a, b) => b.score - a.score);
  const kept: T[] = [];
  for (const candidate of sorted) {
    if (kept.every((k) => intersectionOverUnion(k.box, candidate.box) <= iouThreshold)) kept.push(candidate);
  }
  return kept;
}
