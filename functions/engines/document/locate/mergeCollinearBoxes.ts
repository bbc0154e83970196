import { minAreaRect, rectToQuad } from '../geometry/minAreaRect.ts';
import { quadAngle, quadCentre, quadSize, type Point, type Quad } from '../geometry/quad.ts';
import type { DetectedBox } from '../ocr/paddle/dbPostprocess.ts';

/** Options of {@link mergeCollinearBoxes}. */
export interface MergeOptions {
  /** Largest angle between two boxes that may be one line, in degrees. @default 6 */
  readonly maxAngleDeg?: number;
  /** Largest offset across the line between the boxes' centre lines, in box heights. @default 0.45 */
  readonly maxOffset?: number;
  /** Largest gap along the line between the boxes, in box heights. @default 2.5 */
  readonly maxGap?: number;
}

const defaults = { maxAngleDeg: 6, maxOffset: 0.45, maxGap: 2.5 } as const;

/**
 * Joins boxes that are pieces of one text line. The detector sometimes cuts an MRZ line where a long run of `<`
 * fillers is printed faintly; the pieces are parallel, of similar height, on one centre line and close along it.
 * Runs until no pair can be joined.
 *
 * @param boxes - detector boxes
 * @returns the boxes with fragments joined (score: the mean of the joined boxes)
 */
export function mergeCollinearBoxes(boxes: readonly DetectedBox[], opts: MergeOptions = {}): DetectedBox[] {
  const { maxAngleDeg, maxOffset, maxGap } = { ...defaults, ...opts };
  const work = [...boxes];
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let i = 0; i < work.length; i++) {
      for (let j = i + 1; j < work.length; j++) {
        const a = work[i] as DetectedBox;
        const b = work[j] as DetectedBox;
        if (!sameLine(a.quad, b.quad, maxAngleDeg, maxOffset, maxGap)) continue;
        const points: Point[] = [...a.quad, ...b.quad];
        const rect = minAreaRect(points);
        let quad: Quad = rectToQuad(rect);
        // Keep the reading direction of the larger piece.
        const dir = quadAngle(quadSize(a.quad).width >= quadSize(b.quad).width ? a.quad : b.quad);
        if (Math.cos(quadAngle(quad) - dir) < 0) quad = [quad[2], quad[3], quad[0], quad[1]];
        work.splice(j, 1);
        work[i] = { quad, score: (a.score + b.score) / 2 };
        merged = true;
        break outer;
      }
    }
  }
  return work;
}

function sameLine(a: Quad, b: Quad, maxAngleDeg: number, maxOffset: number, maxGap: number): boolean {
  const sa = quadSize(a), sb = quadSize(b);
  const h = Math.max(sa.height, sb.height);
  if (Math.min(sa.height, sb.height) < 0.6 * h) return false;
  const angleA = quadAngle(a);
  const angleB = quadAngle(b);
  let dAngle = Math.abs(angleA - angleB) % Math.PI;
  if (dAngle > Math.PI / 2) dAngle = Math.PI - dAngle;
  // The direction of the wider box is the line's direction; short pieces have unreliable angles.
  if (Math.min(sa.width, sb.width) > 3 * h && dAngle > (maxAngleDeg * Math.PI) / 180) return false;
  const dir = sa.width >= sb.width ? angleA : angleB;
  const ux = Math.cos(dir), uy = Math.sin(dir);
  const ca = quadCentre(a), cb = quadCentre(b);
  const along = (cb.x - ca.x) * ux + (cb.y - ca.y) * uy;
  const across = -(cb.x - ca.x) * uy + (cb.y - ca.y) * ux;
  if (Math.abs(across) > maxOffset * h) return false;
  const gap = Math.abs(along) - (sa.width + sb.width) / 2;
  return gap <= maxGap * h;
}
