import type { GlyphLine } from '../../../../functions/engines/document/image/compareGlyphs.ts';

/**
 * Glyphs drawn as 5 x 7 bitmaps, each bit 2 px square, in a 32-px-high line with a 16-px pitch: an `O` ring, a `0`
 * ring with a slash through it, an `I` bar, a `1` with its flag and foot, and a filler chevron. Made up for the tests
 * of image/compareGlyphs.ts and reading/confirmCorrections.ts (shapes that differ where a look-alike pair does, at a
 * size like the recogniser's crop). Characters without a bitmap are left blank.
 */
export const GLYPH_BITMAPS: Record<string, string[]> = {
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '1': ['..#..', '.##..', '#.#..', '..#..', '..#..', '..#..', '#####'],
  '<': ['...#.', '..#..', '.#...', '#....', '.#...', '..#..', '...#.'],
};

const PITCH = 16;
const FRAME_PIXELS = 4;

/**
 * A line image of `drawn` (the glyphs actually printed) with `text` as its reading: character i centred at column
 * 16 i + 8, its CTC frames the two in the middle of its cell; `offsetY` moves the glyphs down by that many pixels.
 */
export function glyphLine(drawn: string, text = drawn, offsetY = 0): GlyphLine {
  const width = drawn.length * PITCH;
  const height = 32;
  const data = new Uint8Array(width * height * 3).fill(235);
  [...drawn].forEach((ch, i) => {
    (GLYPH_BITMAPS[ch] ?? []).forEach((row, y) =>
      [...row].forEach((bit, x) => {
        if (bit !== '#') return;
        for (let dy = 0; dy < 2; dy++) {
          for (let dx = 0; dx < 2; dx++) {
            const px = i * PITCH + 3 + x * 2 + dx;
            const py = 9 + offsetY + y * 2 + dy;
            data.fill(30, (py * width + px) * 3, (py * width + px) * 3 + 3);
          }
        }
      }),
    );
  });
  const spans = [...text].map((_, i) => [4 * i + 1, 4 * i + 2] as const);
  return { image: { width, height, data }, framePixels: FRAME_PIXELS, text, spans };
}
