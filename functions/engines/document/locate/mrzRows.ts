import { quadAngle, quadCentre, quadSize, type Point, type Quad } from '../geometry/quad.ts';

/** Options of {@link mrzRows}. */
export interface MrzRowsOptions {
  /** Rows are searched this many line heights above the first and below the last anchor. @default 3.2 */
  readonly reach?: number;
  /** Boxes whose centres are within this many line heights across belong to one row. @default 0.4 */
  readonly rowTolerance?: number;
  /**
   * Rows are made at least this long along the text (in pixels from the anchors' start), for when the detector
   * missed the faint fillers at the end of every line.
   * @default 0
   */
  readonly minLength?: number;
}

const defaults = { reach: 3.2, rowTolerance: 0.4, minLength: 0 } as const;

/**
 * The text rows of an MRZ, given lines already known to be MRZ text ("anchors") and every detected box.
 *
 * ICAO Doc 9303 Part 3 §4.2 prints all lines of an MRZ with the same length, left-aligned, at a fixed line pitch.
 * The detector, however, often finds only part of a line (it stops at a faint run of fillers, or splits the line
 * in pieces). So: the anchors give the MRZ's direction and horizontal extent; every box whose centre lies within
 * that extent and within `reach` line heights of the anchors is a piece of some row; pieces at the same height
 * form one row; and each row is returned spanning the whole extent, and further where its own pieces reach beyond it
 * (seen obliquely, the zone is sheared: the lines start and end a little further along from one to the next, and a
 * row cut at the anchors' extent loses its first or last character; a name line has no check digit to notice it).
 *
 * @param anchors - quads of lines read as MRZ text, all of one MRZ
 * @param boxes - every detected box of the image
 * @returns row quads, top to bottom in the text direction
 */
export function mrzRows(anchors: readonly Quad[], boxes: readonly Quad[], opts: MrzRowsOptions = {}): Quad[] {
  const { reach, rowTolerance, minLength } = { ...defaults, ...opts };
  if (anchors.length === 0) return [];
  const widest = anchors.reduce((a, b) => (quadSize(b).width > quadSize(a).width ? b : a));
  const dir = quadAngle(widest);
  const ux = Math.cos(dir), uy = Math.sin(dir);
  const along = (p: Point) => p.x * ux + p.y * uy;
  const across = (p: Point) => -p.x * uy + p.y * ux;
  let minAlong = Infinity, maxAlong = -Infinity, minAcross = Infinity, maxAcross = -Infinity;
  const heights: number[] = [];
  for (const q of anchors) {
    for (const p of q) {
      minAlong = Math.min(minAlong, along(p));
      maxAlong = Math.max(maxAlong, along(p));
    }
    const c = across(quadCentre(q));
    minAcross = Math.min(minAcross, c);
    maxAcross = Math.max(maxAcross, c);
    heights.push(quadSize(q).height);
  }
  maxAlong = Math.max(maxAlong, minAlong + minLength);
  const alongExtent = (q: Quad) => ({ start: Math.min(...q.map(along)), end: Math.max(...q.map(along)) });
  heights.sort((a, b) => a - b);
  const h = heights[Math.floor(heights.length / 2)] as number;
  // Pieces: any box centred inside the extent and near the anchors.
  const pieces = boxes
    .map((q) => ({ q, c: quadCentre(q), s: quadSize(q) }))
    .filter(({ c, s }) => {
      const a = along(c);
      const x = across(c);
      return a >= minAlong && a <= maxAlong && x >= minAcross - reach * h && x <= maxAcross + reach * h && s.height < 2 * h && s.height > 0.5 * h;
    })
    .map(({ q, c, s }) => ({ across: across(c), weight: s.width, ...alongExtent(q) }));
  for (const q of anchors) pieces.push({ across: across(quadCentre(q)), weight: quadSize(q).width * 4, ...alongExtent(q) });
  pieces.sort((a, b) => a.across - b.across);
  // Rows: pieces within `rowTolerance` heights of the row's width-weighted centre (long pieces, anchors most).
  const rows: Array<{ sum: number; weight: number; start: number; end: number }> = [];
  for (const p of pieces) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(p.across - last.sum / last.weight) <= rowTolerance * h) {
      last.sum += p.across * p.weight;
      last.weight += p.weight;
      last.start = Math.min(last.start, p.start);
      last.end = Math.max(last.end, p.end);
    } else rows.push({ sum: p.across * p.weight, weight: p.weight, start: p.start, end: p.end });
  }
  return rows.map((row) => {
    const centre = row.sum / row.weight;
    // A row spans the extent, and further where its own pieces reach beyond it (a document seen obliquely shears
    // the zone: each line starts a little further along than the one above it).
    const start = Math.min(minAlong, row.start), end = Math.max(maxAlong, row.end);
    // Back from (along, across) to image coordinates: x = a*ux - c*uy, y = a*uy + c*ux.
    const at = (a: number, c: number): Point => ({ x: a * ux - c * uy, y: a * uy + c * ux });
    return [at(start, centre - h / 2), at(end, centre - h / 2), at(end, centre + h / 2), at(start, centre + h / 2)] as Quad;
  });
}
