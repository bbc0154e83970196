import { convexHull, minAreaRect } from '../geometry/minAreaRect.ts';
import type { Point, Quad } from '../geometry/quad.ts';
import type { RgbImage } from '../image/loadImage.ts';
import { luma } from '../image/luma.ts';

/** Options of {@link locatePdf417}. */
export interface LocatePdf417Options {
  /** Side of the square cells the image is divided into, as a share of its longer side. @default 0.01 */
  readonly cellShare?: number;
  /** Least share of a cell's pixels on a strong edge for the cell to count as barcode. @default 0.3 */
  readonly minEdgeShare?: number;
  /** Least sum of the horizontal and vertical luma differences (0-510) at a pixel on a strong edge. @default 60 */
  readonly minEdge?: number;
  /** Fewest cells of a region that may be a symbol. @default 30 */
  readonly minCells?: number;
}

const defaults = { cellShare: 0.01, minEdgeShare: 0.3, minEdge: 60, minCells: 30 } as const;

/**
 * The four corners of the densest patch of strong edges in an image, where a PDF417 symbol is: a symbol is black and
 * white modules of a pixel or two, so nearly every pixel of it lies on a strong edge, while text, guilloches and a
 * card's borders leave most pixels of their cells flat. The image is cut into square cells; cells with at least
 * `minEdgeShare` of their pixels on an edge (luma differences of the neighbours across and along, summed, at least
 * `minEdge`) are joined 8-connected, and the largest region taken. Its corners are the region's extreme points along
 * the diagonals of its minimum-area rectangle: a symbol seen obliquely is a quadrilateral, not a rectangle, and these
 * corners follow it (its perspective, then, can be undone: readPdf417.ts). The corners lie on cell boundaries, so
 * within about a cell of the symbol's.
 *
 * Not a finder-pattern detector (ISO/IEC 15438 start and stop patterns): it only says where the edges are densest.
 * The defaults were set once on a generated licence back (npm run gen:documents -- --licences), not tuned.
 *
 * @param image - RGB pixels
 * @returns the corners in reading order of the region's rectangle (top-left first, for a symbol lying level), or
 *   null when no region has `minCells` cells
 */
export function locatePdf417(image: RgbImage, opts: LocatePdf417Options = {}): Quad | null {
  const { cellShare, minEdgeShare, minEdge, minCells } = { ...defaults, ...opts };
  const { width: W, height: H } = image;
  const grey = luma(image);
  const cell = Math.max(3, Math.round(Math.max(W, H) * cellShare));
  const cw = Math.ceil(W / cell), ch = Math.ceil(H / cell);
  const edges = new Uint32Array(cw * ch), pixels = new Uint32Array(cw * ch);
  for (let y = 1; y < H - 1; y++) {
    const row = Math.floor(y / cell) * cw;
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const c = row + Math.floor(x / cell);
      pixels[c] = (pixels[c] as number) + 1;
      const d = Math.abs((grey[i + 1] as number) - (grey[i - 1] as number)) + Math.abs((grey[i + W] as number) - (grey[i - W] as number));
      if (d >= minEdge) edges[c] = (edges[c] as number) + 1;
    }
  }
  const dense = (c: number) => (pixels[c] as number) > 0 && (edges[c] as number) >= minEdgeShare * (pixels[c] as number);
  const seen = new Uint8Array(cw * ch);
  let largest: number[] = [];
  for (let start = 0; start < cw * ch; start++) {
    if (seen[start] || !dense(start)) continue;
    seen[start] = 1;
    const region: number[] = [];
    const stack = [start];
    while (stack.length > 0) {
      const c = stack.pop() as number;
      region.push(c);
      const cx = c % cw, cy = Math.floor(c / cw);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx, ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cw || ny >= ch) continue;
          const n = ny * cw + nx;
          if (!seen[n] && dense(n)) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (region.length > largest.length) largest = region;
  }
  if (largest.length < minCells) return null;
  const corners: Point[] = largest.flatMap((c) => {
    const x = (c % cw) * cell, y = Math.floor(c / cw) * cell;
    return [{ x, y }, { x: Math.min(W, x + cell), y }, { x, y: Math.min(H, y + cell) }, { x: Math.min(W, x + cell), y: Math.min(H, y + cell) }];
  });
  const hull = convexHull(corners);
  const { angle } = minAreaRect(hull);
  const cos = Math.cos(angle), sin = Math.sin(angle);
  // Coordinates along and across the rectangle's longer side; each corner is the hull point farthest along a diagonal.
  const extreme = (su: number, sv: number): Point =>
    hull.reduce((best, p) => (su * (p.x * cos + p.y * sin) + sv * (p.y * cos - p.x * sin) > su * (best.x * cos + best.y * sin) + sv * (best.y * cos - best.x * sin) ? p : best));
  return [extreme(-1, -1), extreme(1, -1), extreme(1, 1), extreme(-1, 1)];
}
