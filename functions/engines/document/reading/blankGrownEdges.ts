import { greedyDecode } from '../ocr/ctc/greedyDecode.ts';
import { MRZ_CLASSES, type LineProbabilities } from '../ocr/ctc/lineProbabilities.ts';

/**
 * A line read again in its quad grown by `grownPitches` character pitches at each end (readMrzZone.ts step 13,
 * `REREAD_GROW_PITCHES`), with the frames of its outer `grownPitches - 0.5` pitches at each end made blank when its
 * best path (greedy CTC decoding) holds more characters than the line (`length`); the line as given otherwise.
 *
 * The quad is grown so that a glyph the reading's box cut off at a line's end is read whole. Such a glyph stands
 * inside the box or within half a pitch of its edge; what is read further out, more than half a pitch beyond the box,
 * is no glyph the box cut, but something beyond the line: the page's edge, a mark of the background. Decoded to the
 * layout's length with that character in, the reading drops another one and every position after it moves by one.
 * Blind photo seed 66 `0088_td3` (a passport whose MRZ ends near the page's edge): in the grown quad both the own and
 * the third recogniser read an `8` in the last frame (0.48 and 0.43) after the line's last `…<<02`, 45 characters; to
 * 44, they dropped the personal number's check digit `0`, read the composite's `2` in its place at 0.99 and 1.0, and
 * step 13 set the right `0` "back" to `2`, so the page was refused (fifty-seventh session, debugging prints;
 * docs/document-verification-log.md "Fifty-seventh session"). Frames are taken as spread evenly over the grown crop
 * (`frames / (length + 2 * grownPitches)` to a pitch): each recogniser's frames map to fixed columns of its crop (the
 * own and the third recogniser one frame per 4 px of their resized crop, PaddleOCR one per 8 px, its windows stitched
 * by pixel position).
 *
 * @param line - the recogniser's probabilities for the grown quad's crop
 * @param length - the line's length in the layout (TD3 44, TD2 36, TD1 30)
 * @param grownPitches - how many pitches the quad was grown by at each end (> 0.5 for anything to be blanked)
 * @returns `line` itself when its best path has at most `length` characters or no frame lies that far out; else a
 *   copy with those frames' probability all on the blank
 */
export function blankGrownEdges(line: LineProbabilities, length: number, grownPitches: number): LineProbabilities {
  const edge = Math.floor((grownPitches - 0.5) * (line.frames / (length + 2 * grownPitches)));
  if (edge <= 0 || greedyDecode(line).length <= length) return line;
  const probs = Float32Array.from(line.probs);
  for (let t = 0; t < line.frames; t++) {
    if (t >= edge && t < line.frames - edge) continue;
    probs.fill(0, t * MRZ_CLASSES, (t + 1) * MRZ_CLASSES);
    probs[t * MRZ_CLASSES] = 1;
  }
  return { ...line, probs };
}
