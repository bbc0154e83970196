import { quadAngle, quadCentre, quadSize, type Quad } from '../geometry/quad.ts';

/** A line with its geometry, as {@link orderLines} sorts it. */
export interface PlacedLine<T> {
  readonly item: T;
  readonly quad: Quad;
  /** Position across the text direction (top to bottom of the text), in pixels. */
  readonly across: number;
  /** Position of the centre along the text direction, in pixels. */
  readonly along: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Sorts lines from top to bottom in the frame of their text direction (the median direction of the lines), so that
 * a rotated document's MRZ lines come out in reading order.
 *
 * @param items - anything with a quad
 */
export function orderLines<T extends { readonly quad: Quad }>(items: readonly T[]): PlacedLine<T>[] {
  if (items.length === 0) return [];
  const angles = items.map((i) => quadAngle(i.quad)).sort((a, b) => a - b);
  const dir = angles[Math.floor(angles.length / 2)] as number;
  const ux = Math.cos(dir), uy = Math.sin(dir);
  return items
    .map((item) => {
      const c = quadCentre(item.quad);
      const s = quadSize(item.quad);
      return { item, quad: item.quad, across: -c.x * uy + c.y * ux, along: c.x * ux + c.y * uy, width: s.width, height: s.height };
    })
    .sort((a, b) => a.across - b.across);
}

/**
 * Runs of consecutive lines that can form one MRZ: each line below the previous by at most `maxSpacing` line
 * heights, of similar length (within 30%), and overlapping along the text direction.
 *
 * @param lines - lines from {@link orderLines}
 * @param maxSpacing - largest centre-to-centre distance in line heights
 * @default maxSpacing 3
 */
export function stackedRuns<T>(lines: readonly PlacedLine<T>[], maxSpacing = 3): PlacedLine<T>[][] {
  const runs: PlacedLine<T>[][] = [];
  let current: PlacedLine<T>[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev) {
      const h = Math.max(prev.height, line.height);
      const spacing = line.across - prev.across;
      const similar = Math.min(prev.width, line.width) >= 0.7 * Math.max(prev.width, line.width);
      const overlap = Math.abs(line.along - prev.along) < Math.max(prev.width, line.width) / 2;
      if (spacing > 0.5 * h && spacing <= maxSpacing * h && similar && overlap) {
        current.push(line);
        continue;
      }
      runs.push(current);
    }
    current = [line];
  }
  if (current.length > 0) runs.push(current);
  return runs;
}
