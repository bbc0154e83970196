import type { Quad } from '../geometry/quad.ts';
import type { RgbImage } from '../image/loadImage.ts';
import type { LineProbabilities } from './ctc/lineProbabilities.ts';

/**
 * What a recogniser returns for one line: CTC probabilities over the MRZ classes (PaddleOCR), from which the layout
 * decodes exactly the right number of characters, or plain text (Tesseract), which is fitted to the layout.
 */
export type LineReading =
  | {
      readonly kind: 'probabilities';
      readonly line: LineProbabilities;
      /**
       * The line image the probabilities were computed from (grey as RGB, the line level and filling its width),
       * and the width in pixels of one frame of `line` in it: for measuring what was read (image/glyphHeights.ts).
       */
      readonly image?: RgbImage;
      readonly framePixels?: number;
      /**
       * The same line with a margin above and below (same columns and scale), and the rows `[top, bottom)` of it
       * that `image` holds: for measuring glyphs that fill the recogniser's crop (reading/zeroShapes.ts).
       */
      readonly margined?: { readonly image: RgbImage; readonly lineRows: readonly [number, number] };
    }
  | { readonly kind: 'text'; readonly text: string; readonly confidence: number };

/** How a {@link LineRecognizer} reads a line (see its `read`). */
export type RecognitionMode = 'line' | 'windows' | 'squeezed' | 'evened';

/** An OCR engine reading text lines, given as quads of an image. Swappable, so that engines can be compared. */
export interface LineRecognizer {
  /** Engine id for provenance and the comparison table, e.g. `paddleocr-v4`. */
  readonly id: string;
  /**
   * Reads each quad of the image as one line of MRZ characters.
   * @param image - RGB pixels
   * @param quads - line regions, reading order
   * @param mode - `line` reads each line at once; `windows` reads it in overlapping pieces and `squeezed` at once
   *   in its narrowest crop (second and third opinions for recognisers that falter on long or widely spaced lines;
   *   recognisers without such modes read lines at once); `evened` reads it at once with the ink's contrast evened
   *   out along it (image/evenContrast.ts; the further view of doubtful names, reading/readMrzZone.ts step 8)
   */
  read(image: RgbImage, quads: readonly Quad[], mode?: RecognitionMode): Promise<LineReading[]>;
  /**
   * How much this recogniser's log-likelihoods count where several recognisers' likelihoods of a line's text are
   * multiplied (reading/arbitrateNames.ts): the power its likelihood is raised to, in `[0, 1]`, for a line whose quad
   * is `lineHeight` pixels high in the image read. Absent: 1 at every height.
   */
  evidenceWeight?(lineHeight: number): number;
}
