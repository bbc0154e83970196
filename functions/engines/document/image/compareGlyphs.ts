import type { RgbImage } from './loadImage.ts';
import { characterCentres } from './glyphHeights.ts';

/** One recognised MRZ line as a recogniser saw it: its line image, and where each character of `text` lies. */
export interface GlyphLine {
  /** The line image the recogniser read (grey as RGB: only R is read; the line level and filling its width). */
  readonly image: RgbImage;
  /** Width in pixels of one recogniser frame in `image`. */
  readonly framePixels: number;
  /** The line's text (MRZ characters), one per entry of `spans`. */
  readonly text: string;
  /** Per character of `text`, its first and last frame (inclusive) in the recogniser's CTC alignment; [-1, -1] when none. */
  readonly spans: ReadonlyArray<readonly [number, number]>;
}

/** A position of a zone: line `line` (index into the lines given), character `index`. */
export interface GlyphPosition {
  readonly line: number;
  readonly index: number;
}

/**
 * How alike the glyph at a position is to the other glyphs of the same zone printed as `char` (the exemplars): the
 * highest normalised cross-correlation (-1..1) between its cell and an exemplar's, over shifts of up to
 * {@link GLYPH_SHIFT_PX} pixels each way; null when the zone holds no exemplar of `char` (or the position no cell).
 *
 * The same document prints each character with the same font, size and printer, so where the recognisers cannot tell
 * two characters apart (a `G` and a `6` in a face the recogniser was not trained on, an `O` and a `0` on a small
 * photo), the zone's own other glyphs of each can: a font-independent opinion (the idea of "font learning" in
 * document OCR, e.g. Nagy, Seth and Einspahr 1987; Ho and Nagy 2000, "OCR with no shape training").
 *
 * A cell is the columns within half a character pitch of the centre of the character's frames (the pitch: the median
 * distance between neighbouring characters' centres, the MRZ being monospaced, ICAO Doc 9303 Part 3 §4.1), all rows.
 * Cells of different lines are compared as they are: each line image is the recogniser's crop, scaled to one height.
 *
 * @param lines - the zone's lines as recognised (any number; exemplars are drawn from all)
 * @param at - the position compared
 * @param char - the character whose exemplars it is compared with
 * @param exclude - positions not to use as exemplars (`line:index`), e.g. every position in dispute
 */
export function glyphLikeness(lines: readonly GlyphLine[], at: GlyphPosition, char: string, exclude: ReadonlySet<string>): number | null {
  const cells = lines.map(cellsOf);
  const target = cells[at.line]?.[at.index];
  if (!target) return null;
  let best: number | null = null;
  lines.forEach((line, l) => {
    [...line.text].forEach((ch, i) => {
      if (ch !== char || (l === at.line && i === at.index) || exclude.has(`${l}:${i}`)) return;
      const cell = cells[l]?.[i];
      if (!cell) return;
      const r = bestCorrelation(lines[at.line] as GlyphLine, target, line, cell);
      if (best === null || r > best) best = r;
    });
  });
  return best;
}

/**
 * Largest shift, in pixels of the line images, tried each way (across and along) when two cells are compared: the
 * centres of CTC emissions lie a frame (4 px in the own recogniser's 32-px-high crops) off the glyph's middle, and
 * crops of different lines sit a pixel or two apart vertically. Set so, not tuned.
 */
export const GLYPH_SHIFT_PX = 3;

interface Cell {
  readonly x0: number;
  readonly width: number;
}

const cellCache = new WeakMap<GlyphLine, Array<Cell | null>>();

/** Per character of a line, its cell (left column and width), or null without frames; cached per line. */
function cellsOf(line: GlyphLine): Array<Cell | null> {
  const known = cellCache.get(line);
  if (known) return known;
  const { centres, pitch } = characterCentres(line.spans.map((s) => (s[0] < 0 ? null : s)), line.framePixels);
  const width = pitch === null ? 0 : Math.max(3, Math.round(pitch));
  const cells = centres.map((x) => (x === null || width === 0 ? null : { x0: Math.round(x - width / 2), width }));
  cellCache.set(line, cells);
  return cells;
}

/**
 * Highest normalised cross-correlation of cell `a` (fixed) with cell `b` shifted by up to {@link GLYPH_SHIFT_PX}
 * each way; pixels outside an image count as the paper (white).
 */
function bestCorrelation(la: GlyphLine, a: Cell, lb: GlyphLine, b: Cell): number {
  const h = Math.min(la.image.height, lb.image.height);
  const w = Math.min(a.width, b.width);
  const pa = patch(la.image, a.x0, 0, w, h);
  let best = -1;
  for (let dy = -GLYPH_SHIFT_PX; dy <= GLYPH_SHIFT_PX; dy++) {
    for (let dx = -GLYPH_SHIFT_PX; dx <= GLYPH_SHIFT_PX; dx++) {
      const r = correlation(pa, patch(lb.image, b.x0 + dx, dy, w, h));
      if (r > best) best = r;
    }
  }
  return best;
}

/** Grey values (R) of a w x h window at (x0, y0), zero mean and unit norm (all zero when flat). */
function patch(image: RgbImage, x0: number, y0: number, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  let sum = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const xx = x0 + x;
      const yy = y0 + y;
      const v = xx < 0 || yy < 0 || xx >= image.width || yy >= image.height ? 255 : (image.data[(yy * image.width + xx) * 3] as number);
      out[y * w + x] = v;
      sum += v;
    }
  }
  const mean = sum / out.length;
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    const v = (out[i] as number) - mean;
    out[i] = v;
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * scale;
  return out;
}

/** Dot product of two normalised patches: their correlation (0 when one is flat). */
function correlation(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Options of {@link chooseByGlyphs}. */
export interface ChooseByGlyphsOptions {
  /** Least lead in correlation (0-2) of the winner's character at every position where the texts differ. */
  readonly minLead: number;
  /**
   * Least likeness (-1..1) of each of the winner's characters at `guarded` positions (characters without an exemplar
   * exempt; fillers are guarded too, since the thirty-third session: a field whose start was lost in a shadow and
   * read as fillers, `<<<<<<<<` completed to `<<<<<<<<0` by a competitor, had passed with its fillers exempt): the
   * rest of the fields in dispute must look like what the winner says they are.
   */
  readonly minLikeness: number;
  /** Further positions not to use as exemplars (e.g. where other readings differ). @default none */
  readonly disputed?: readonly GlyphPosition[];
  /** Positions whose characters in the winning text must each reach `minLikeness`. @default none */
  readonly guarded?: readonly GlyphPosition[];
}

/**
 * Which of several texts of a zone its own glyphs support: the texts differ at a few positions (the readings the
 * check digits cannot tell apart), and each text's character at each such position is scored by
 * {@link glyphLikeness} (exemplars from every other position of the zone, labelled by `lines`' texts). A text wins
 * when, at every position where it differs from another text, its character is at least `minLead` likelier
 * (correlation) than the other's, and its characters at the `guarded` positions (the rest of the fields in dispute)
 * each look like their exemplars by at least `minLikeness`: two texts that differ in one character can both be wrong
 * in another that the recogniser misread and a check digit let pass by chance.
 *
 * @param lines - the zone's lines as recognised (their texts label the exemplars; the positions in dispute are
 *   excluded as exemplars)
 * @param texts - the candidate texts (lines each), the same shape as `lines`' texts
 * @returns the index of the winning text, or null when none wins, a character in dispute has no exemplar in the
 *   zone, or a guarded character of the winner looks unlike its exemplars
 */
export function chooseByGlyphs(lines: readonly GlyphLine[], texts: ReadonlyArray<readonly string[]>, opts: ChooseByGlyphsOptions): number | null {
  const { minLead, minLikeness, disputed = [], guarded = [] } = opts;
  const differing: GlyphPosition[] = [];
  lines.forEach((_, l) => {
    const first = texts[0]?.[l] ?? '';
    for (let i = 0; i < first.length; i++) if (texts.some((t) => t[l]?.[i] !== first[i])) differing.push({ line: l, index: i });
  });
  if (differing.length === 0) return null;
  const exclude = new Set([...differing, ...disputed].map((p) => `${p.line}:${p.index}`));
  const likeness = new Map<string, number | null>();
  const score = (p: GlyphPosition, ch: string): number | null => {
    const key = `${p.line}:${p.index}:${ch}`;
    if (!likeness.has(key)) likeness.set(key, glyphLikeness(lines, p, ch, exclude));
    return likeness.get(key) ?? null;
  };
  for (const p of differing) for (const t of texts) if (score(p, t[p.line]?.[p.index] ?? '') === null) return null;
  const beats = (a: readonly string[], b: readonly string[]) =>
    differing.every((p) => {
      const ca = a[p.line]?.[p.index] ?? '';
      const cb = b[p.line]?.[p.index] ?? '';
      return ca === cb || (score(p, ca) as number) - (score(p, cb) as number) >= minLead;
    });
  const winners = texts.map((_, i) => i).filter((i) => texts.every((t, j) => j === i || beats(texts[i] as readonly string[], t)));
  if (winners.length !== 1) return null;
  const winner = texts[winners[0] as number] as readonly string[];
  const unlike = guarded.some((p) => {
    const v = score(p, winner[p.line]?.[p.index] ?? '<');
    return v !== null && v < minLikeness;
  });
  return unlike ? null : (winners[0] as number);
}
