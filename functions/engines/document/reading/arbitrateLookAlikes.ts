import type { MrzFormat } from '../constants.ts';
import type { MrzCorrection, PositionAlternatives } from '../mrz/correctMrz.ts';
import { CHECKED_GROUP, checksOf, groupText, positionClasses, type CheckedGroup } from '../mrz/layouts.ts';
import { verifyChecks } from '../mrz/verifyChecks.ts';
import { LAYOUT_LOOK_ALIKES } from '../ocr/ctc/decodeFixedLength.ts';

/**
 * Least probability the third recogniser (the arbiter, trained on more typefaces) must give a look-alike, as its
 * first choice, for {@link arbitrateLookAlikes} to take it: more than every other character together, so that the
 * arbiter prefers it outright against the two recognisers that read the other character. Not tuned on a set: the
 * bound of `minProofDigitConfidence` (mrz/correctMrz.ts), set after seeing the two cases that prompted the step (a
 * right `O` the arbiter read at 0.952, taken, and another at 0.397, not; docs/document-verification-log.md "Look-alikes
 * read by the third recogniser"), then measured on 300 negatives.
 */
export const ARBITER_LOOK_ALIKE_MIN = 0.5;

/**
 * Step 11 of readMrzZone.ts: a field whose check digit still fails after every other step, where one OCR-B digit/letter
 * look-alike ({@link LAYOUT_LOOK_ALIKES}: `0`/`O`, `1`/`I`, `2`/`Z`, `5`/`S`, `6`/`G`, `8`/`B`) put in place of the
 * character read makes it verify, and a third recogniser trained apart reads that look-alike there as its first
 * choice with at least {@link ARBITER_LOOK_ALIKE_MIN}. The check digit alone proves nothing here: a document printed
 * with a changed character verifies as often under a look-alike, and the composite weighs a document number as its
 * own check digit does, so it is no second proof (docs/document-verification-log.md "Failing check digits printed in
 * the data"); the arbiter's reading of the glyph is the evidence, the check digits its confirmation. So:
 * - only a field check digit (never the composite) that fails on the text read, and only fields whose text is not in
 *   dispute between readings (`skip`);
 * - in each such field, exactly one position where the arbiter's first choice is a look-alike of the character read
 *   and the substitution verifies the field's digit;
 * - taken only if afterwards every check digit of the MRZ verifies; otherwise nothing is changed.
 *
 * @param format - the reading's format
 * @param lines - the MRZ lines after the other steps
 * @param arbiter - per line, per position, the arbiter's alternatives (most probable first; its reading decoded with
 *   the layout), or an empty list for a line it did not read
 * @param skip - ids of check-digit groups not to touch (e.g. those step 9 left undecided)
 * @returns the lines (changed or not) and one correction per field changed (empty when nothing was taken)
 */
export function arbitrateLookAlikes(format: MrzFormat, lines: readonly string[], arbiter: PositionAlternatives, skip: readonly string[] = []): { lines: string[]; corrected: MrzCorrection[] } {
  const classes = positionClasses(format);
  const groups = checksOf(format, lines);
  const verifies = (g: CheckedGroup, text: readonly string[]) => verifyChecks(format, text)[g.id] === true;
  const out = [...lines];
  const corrected: MrzCorrection[] = [];
  for (const g of groups) {
    if (g.id === CHECKED_GROUP.Composite || skip.includes(g.id) || verifies(g, lines)) continue;
    const found: Array<{ line: number; index: number; to: string }> = [];
    for (const range of g.ranges) {
      for (let index = range.start; index < range.end; index++) {
        const read = (lines[range.line] ?? '').charAt(index);
        const partner = LAYOUT_LOOK_ALIKES[read];
        const top = arbiter[range.line]?.[index]?.[0];
        if (!partner || !top || top.char !== partner || top.p < ARBITER_LOOK_ALIKE_MIN) continue;
        if (!(classes[range.line]?.[index] ?? '').includes(partner)) continue;
        const tried = [...lines];
        tried[range.line] = (lines[range.line] as string).slice(0, index) + partner + (lines[range.line] as string).slice(index + 1);
        if (verifies(g, tried)) found.push({ line: range.line, index, to: partner });
      }
    }
    if (found.length !== 1) continue;
    const [{ line, index, to }] = found as [{ line: number; index: number; to: string }];
    const before = groupText(g, out);
    out[line] = (out[line] as string).slice(0, index) + to + (out[line] as string).slice(index + 1);
    corrected.push({ field: g.id, from: before, to: groupText(g, out) });
  }
  if (corrected.length === 0 || !Object.values(verifyChecks(format, out)).every(Boolean)) return { lines: [...lines], corrected: [] };
  return { lines: out, corrected };
}

