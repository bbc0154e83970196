import { describe, expect, it } from 'vitest';
import { quadContains, type Quad } from '../../../../functions/engines/document/geometry/quad.ts';

describe('quadContains', () => {
  // A line turned by about 30°, corners clockwise on screen (y down) and the same corners the other way round.
  const turned: Quad = [
    { x: 100, y: 100 },
    { x: 273, y: 200 },
    { x: 258, y: 226 },
    { x: 85, y: 126 },
  ];
  const reversed = [...turned].reverse() as unknown as Quad;
  it('holds points inside and on the edges, in either winding', () => {
    for (const q of [turned, reversed]) {
      expect(quadContains(q, { x: 180, y: 163 })).toBe(true);
      expect(quadContains(q, { x: 100, y: 100 })).toBe(true);
      expect(quadContains(q, { x: 186.5, y: 150 })).toBe(true);
    }
  });
  it('does not hold points outside, also within its bounding box', () => {
    for (const q of [turned, reversed]) {
      expect(quadContains(q, { x: 260, y: 120 })).toBe(false);
      expect(quadContains(q, { x: 90, y: 200 })).toBe(false);
      expect(quadContains(q, { x: 400, y: 400 })).toBe(false);
    }
  });
});
