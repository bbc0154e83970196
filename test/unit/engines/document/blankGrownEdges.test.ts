import { describe, expect, it } from 'vitest';
import { greedyDecode } from '../../../../functions/engines/document/ocr/ctc/greedyDecode.ts';
import { MRZ_CLASSES } from '../../../../functions/engines/document/ocr/ctc/lineProbabilities.ts';
import { blankGrownEdges } from '../../../../functions/engines/document/reading/blankGrownEdges.ts';
import { ctcFrames } from './fixtures.ts';

// A TD1 line (30 characters) read in its quad grown by one pitch at each end: 32 pitches of 4 frames, each of the
// line's characters emitted in the second frame of its pitch, the grown pitches blank.
const line = '7408122F1204159UTO<<<<<<<<<<<6';
const pitches = (cells: readonly string[]) => cells.map((ch) => `_${ch}__`).join('');
const grown = (first: string, last: string) => `${first}${pitches([...line])}${last}`;

describe('blankGrownEdges', () => {
  it('blanks a character read in the outer half pitch of the grown quad when the line reads one too many (seed 66 0088)', () => {
    // The page's edge read as an `8` in the very last frame, 1.75 pitches beyond the line's last glyph.
    const read = ctcFrames(grown('____', '___8'));
    expect(greedyDecode(read)).toBe(`${line}8`);
    const blanked = blankGrownEdges(read, 30, 1);
    expect(greedyDecode(blanked)).toBe(line);
    expect(blanked.frames).toBe(read.frames);
    // The frames it did not blank are the recogniser's, unchanged.
    expect(blanked.probs.subarray(2 * MRZ_CLASSES, 126 * MRZ_CLASSES)).toEqual(read.probs.subarray(2 * MRZ_CLASSES, 126 * MRZ_CLASSES));
  });

  it('keeps a glyph within half a pitch of the box, as a glyph the box cut is', () => {
    // The extra character in the first frame of the grown pitch (frame 124), right at the box's end: kept. Only the
    // outer half pitch (frames 126 and 127) is blanked.
    const read = ctcFrames(grown('____', '8___'));
    expect(greedyDecode(blankGrownEdges(read, 30, 1))).toBe(`${line}8`);
  });

  it('returns the line itself when it reads no more characters than the layout has', () => {
    // 30 characters with one read beyond the box and one of the line dropped: nothing says which is the surplus.
    const short = ctcFrames(`____${pitches([...line.slice(0, 29)])}_____8__`);
    expect(greedyDecode(short)).toHaveLength(30);
    expect(blankGrownEdges(short, 30, 1)).toBe(short);
    const exact = ctcFrames(grown('____', '____'));
    expect(blankGrownEdges(exact, 30, 1)).toBe(exact);
  });

  it('blanks nothing when the quad was grown by half a pitch or less', () => {
    const read = ctcFrames(grown('____', '___8'));
    expect(blankGrownEdges(read, 30, 0.5)).toBe(read);
  });

  it('blanks the start of the line alike', () => {
    const read = ctcFrames(grown('8___', '____'));
    expect(greedyDecode(read)).toBe(`8${line}`);
    expect(greedyDecode(blankGrownEdges(read, 30, 1))).toBe(line);
  });
});
