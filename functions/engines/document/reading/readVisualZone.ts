import anyAscii from 'any-ascii';
import { flipQuad, quadCentre, quadContains, quadSize, growQuad, type Quad } from '../geometry/quad.ts';
import { cropQuad } from '../image/cropQuad.ts';
import type { RgbImage } from '../image/loadImage.ts';
import type { DetectedBox } from '../ocr/paddle/dbPostprocess.ts';
import { REC_HEIGHT } from '../ocr/paddle/recognizeLines.ts';
import type { RecognizedText } from '../ocr/paddle/recognizeText.ts';

/** What {@link readVisualZoneWords} needs: a text detector and an unrestricted line reader. */
export interface VisualZoneReader {
  /** Text boxes of an image (ocr/paddle/detectText.ts), in its pixels. */
  readonly detect: (image: RgbImage) => Promise<DetectedBox[]>;
  /** Reads line crops `REC_HEIGHT` high as printed (ocr/paddle/recognizeText.ts). */
  readonly readText: (crops: readonly RgbImage[]) => Promise<RecognizedText[]>;
}

/** Crops wider than this many pixels (at `REC_HEIGHT`) are squeezed to it: a VIZ line is a few words. */
const MAX_CROP_WIDTH = 1280;

/** Crops read in one batch of the recogniser. */
const BATCH = 8;

/**
 * Least cosine between a text box's direction and the MRZ's for the box to be read: boxes across the lines (a tall
 * narrow region, a box whose long side is its height) are not lines of the visual zone read in the MRZ's direction.
 * cos 45°, set once.
 */
const MIN_ALIGNMENT = Math.SQRT1_2;

/**
 * The words printed outside the MRZ on a document image, as the MRZ would spell them: each text box the detector finds
 * whose centre lies outside the MRZ's lines (grown by half a line height) is turned to read in the MRZ's direction
 * (ICAO Doc 9303 Part 3: the visual zone reads in the same direction as the MRZ), read by the unrestricted recogniser,
 * transliterated to ASCII (`any-ascii`, as the name model's word list was: `GARCÍA` gives `GARCIA`, `MÜLLER` gives
 * `MULLER`, not the MRZ's `MUELLER`, so such a name finds no witness), upper-cased and split at everything but `A-Z`.
 * Words of one letter are dropped, and so is every text holding a `<` (an MRZ line the MRZ's quads did not cover).
 * Labels (`SURNAME`, `NOM`) and other fields' text are among the words; the caller compares them with the MRZ's names
 * only. The image is detected afresh (PP-OCRv4 det at 960 px): the MRZ's own detection is not kept, and may have run
 * on another view of the image (turned, colour dropped, another size).
 *
 * @param reader - detector and recogniser
 * @param image - the page as read (any orientation)
 * @param mrzQuads - the MRZ lines' quads in `image`, reading order, or those of the other side's image when this one
 *   shows the document's other side (the direction of its text is then taken as the MRZ's)
 * @param onThisImage - whether the MRZ is on `image` (its lines are then not read) @default true
 * @returns the distinct words, upper case, 2 letters or more (empty when no text was found)
 */
export async function readVisualZoneWords(reader: VisualZoneReader, image: RgbImage, mrzQuads: readonly Quad[], onThisImage = true): Promise<Set<string>> {
  const words = new Set<string>();
  if (mrzQuads.length === 0) return words;
  const along = mrzQuads.reduce((s, q) => ({ x: s.x + q[1].x - q[0].x, y: s.y + q[1].y - q[0].y }), { x: 0, y: 0 });
  const norm = Math.hypot(along.x, along.y) || 1;
  const mrz = !onThisImage ? [] : mrzQuads.map((q) => growQuad(q, 0, quadSize(q).height / 2));
  const boxes = await reader.detect(image);
  const quads: Quad[] = [];
  for (const box of boxes) {
    if (mrz.some((q) => quadContains(q, quadCentre(box.quad)))) continue;
    const { width } = quadSize(box.quad);
    const dir = { x: (box.quad[1].x - box.quad[0].x) / (width || 1), y: (box.quad[1].y - box.quad[0].y) / (width || 1) };
    const cos = (dir.x * along.x + dir.y * along.y) / norm;
    if (Math.abs(cos) < MIN_ALIGNMENT) continue;
    quads.push(cos < 0 ? flipQuad(box.quad) : box.quad);
  }
  const crops = quads.map((q) => {
    const { width, height } = quadSize(q);
    const w = Math.max(8, Math.min(MAX_CROP_WIDTH, Math.round((REC_HEIGHT * width) / Math.max(height, 1))));
    return cropQuad(image, q, w, REC_HEIGHT);
  });
  const order = crops.map((c, i) => ({ i, w: c.width })).sort((a, b) => a.w - b.w);
  for (let s = 0; s < order.length; s += BATCH) {
    const group = order.slice(s, s + BATCH);
    const read = await reader.readText(group.map((g) => crops[g.i] as RgbImage));
    for (const r of read) {
      // A text holding the MRZ's filler is MRZ, not visual zone (a line the MRZ's quads missed): its names, read
      // again, would witness the MRZ's own misreads.
      if (r.text.includes('<')) continue;
      for (const w of anyAscii(r.text).toUpperCase().split(/[^A-Z]+/)) if (w.length >= 2) words.add(w);
    }
  }
  return words;
}
