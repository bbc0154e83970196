import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OCRB_ADVANCE_EM } from '../../../../functions/engines/document/synthetic/renderDocument.ts';

/** Width and height in pixels of the ink of `text` set in OCR-B (Debian's `fonts-ocr-b`) at a 100-px font by librsvg. */
async function inkBox(text: string): Promise<{ width: number; height: number }> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="200"><rect width="6000" height="200" fill="#fff"/><text x="10" y="150" font-family="OCR B" font-size="100">${escaped}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

// The font metrics the synthetic generators and docs/document-verification.md rely on.
describe('OCR-B metrics as rendered', () => {
  it('advances each glyph by OCRB_ADVANCE_EM: 44 characters span about 44 advances', async () => {
    const { width } = await inkBox(`${'<'.repeat(43)}W`);
    expect(width / (44 * 100)).toBeCloseTo(OCRB_ADVANCE_EM, 2);
  });

  it('draws the digit 0 about 8% taller than the letter O, and as wide', async () => {
    const o = await inkBox('O');
    const zero = await inkBox('0');
    expect(zero.height / o.height).toBeGreaterThan(1.05);
    expect(zero.height / o.height).toBeLessThan(1.11);
    expect(Math.abs(zero.width - o.width)).toBeLessThanOrEqual(2);
  });

  it('draws every digit taller than every capital: digits 77-80 px, capitals 71-74 (reading/zeroShapes.ts)', async () => {
    const heights = async (chars: string) => Promise.all([...chars].map(async (c) => (await inkBox(c)).height));
    const capitals = await heights('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digits = await heights('0123456789');
    expect(Math.min(...capitals)).toBeGreaterThanOrEqual(70);
    expect(Math.max(...capitals)).toBeLessThanOrEqual(75);
    expect(Math.min(...digits)).toBeGreaterThanOrEqual(76);
    expect(Math.max(...digits)).toBeLessThanOrEqual(81);
  });
});
