import sharp from 'sharp';
import type { Random } from './random.ts';
import type { SyntheticIdentity } from './randomIdentity.ts';

/**
 * Physical layouts (ICAO Doc 9303 Part 4 §2 for the 125 x 88 mm TD3 data page, Part 5 §2 for the 85.6 x 54 mm TD1
 * card, Part 6 §2 for the 105 x 74 mm TD2 card, on which the French identity card's 2 x 36 MRZ is drawn too): page
 * size, MRZ left margin and baselines, in millimetres (TD2's set as TD3's from the bottom edge, not taken from the
 * standard's drawing). MRZ characters are OCR-B at 10 per inch
 * (2.54 mm pitch), about 2.4 mm high, 6 lines per inch; the font comes from Debian's `fonts-ocr-b` ("OCR B").
 */
const LAYOUT = {
  TD3: { width: 125, height: 88, left: 6, baselines: [79.4, 83.63] },
  TD1: { width: 85.6, height: 54, left: 4.6, baselines: [41.3, 45.53, 49.76] },
  TD2: { width: 105, height: 74, left: 6, baselines: [65.4, 69.63] },
} as const;
const PITCH = 2.54;
const FONT_MM = 3.45;
/**
 * Advance width of an OCR-B glyph, in em: 44 characters at font size 100 px span 3160 px as librsvg renders the
 * `OCR B` face of Debian's `fonts-ocr-b` (test/unit/engines/document/ocrbMetrics.test.ts measures it).
 */
export const OCRB_ADVANCE_EM = 0.718;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What to draw. */
export interface PageSpec {
  readonly shape: 'TD3' | 'TD2' | 'TD1';
  /** The MRZ lines, or null for a side without MRZ (a card front, a document without MRZ). */
  readonly mrz: readonly string[] | null;
  readonly identity: SyntheticIdentity;
  /** Title printed at the top (`PASSPORT`, `IDENTITY CARD`, `VISA`…). */
  readonly title: string;
  /** Draw the portrait (data page, card front). */
  readonly portrait: boolean;
  /** Pixels per millimetre. */
  readonly scale: number;
  /**
   * How the MRZ is typeset. `cells` (the default): each character drawn at its 2.54 mm cell in OCR-B of
   * 3.45 mm, as document printers place them. `text`: each line drawn as one string in OCR-B of `fontMm`
   * (at most 3.5 mm), letter-spaced to the 2.54 mm pitch, as a page-layout program sets it; smaller fonts
   * leave wider gaps between the glyphs, which a recogniser may read as spaces.
   */
  readonly mrzTypesetting?: { readonly mode: 'cells' } | { readonly mode: 'text'; readonly fontMm: number };
  /**
   * Font family of the MRZ. OCR-B is what ICAO Doc 9303 Part 3 prescribes and real documents print; another
   * monospaced family (`DejaVu Sans Mono`, `Liberation Mono`) draws documents as a generator without OCR-B, or a
   * specimen drawn in another face, would (docs/document-verification-log.md "MRZs in other fonts"). Spacing and size
   * are OCR-B's either way.
   * @default "OCR B"
   */
  readonly mrzFont?: string;
  /**
   * A PDF417 symbol (PNG with a white margin, as renderPdf417.ts draws it, and its module width in pixels) printed on
   * a card back in place of the visual zone: the back of a North American driving licence. It is scaled to modules
   * of {@link LICENCE_MODULE_MM} mm, or smaller where the symbol would not fit 76 x 36 mm, and placed 5 mm from the
   * left edge and 12 mm from the top.
   */
  readonly pdf417?: { readonly png: Buffer; readonly modulePx: number };
}

/**
 * Module width of the PDF417 on a rendered licence back, in mm: 0.33 mm, chosen (not measured) so that the symbol of
 * a generated AAMVA payload spans most of the card's width, as the barcodes on the AAMVA standard's sample backs do.
 */
export const LICENCE_MODULE_MM = 0.33;

/**
 * Renders a document side to PNG: tinted background with a guilloche, title, visual-zone labels and values, a
 * drawn portrait, and the MRZ in OCR-B at its 2.54 mm pitch (see {@link PageSpec.mrzTypesetting}), or a PDF417
 * symbol in place of the visual zone (a licence back, {@link PageSpec.pdf417}).
 *
 * @param spec - what to draw
 * @param rng - for the tint and guilloche
 */
export async function renderDocument(spec: PageSpec, rng: Random): Promise<Buffer> {
  const L = LAYOUT[spec.shape];
  const s = spec.scale;
  const W = Math.round(L.width * s);
  const H = Math.round(L.height * s);
  const hue = rng.int(0, 359);
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" rx="${3 * s}" fill="hsl(${hue},35%,92%)"/>`);
  for (let k = 0; k < 14; k++) {
    const amp = rng.range(2, 8) * s;
    const y0 = rng.range(0, L.height) * s;
    const period = rng.range(15, 40) * s;
    let d = `M0 ${y0.toFixed(1)}`;
    for (let x = 0; x <= W; x += Math.max(2, s)) d += ` L${x} ${(y0 + amp * Math.sin((2 * Math.PI * x) / period)).toFixed(1)}`;
    parts.push(`<path d="${d}" stroke="hsl(${(hue + 40) % 360},40%,75%)" stroke-width="${(0.15 * s).toFixed(2)}" fill="none"/>`);
  }
  const text = (x: number, y: number, size: number, value: string, colour = '#202040', weight = 'normal') =>
    `<text x="${(x * s).toFixed(1)}" y="${(y * s).toFixed(1)}" font-family="DejaVu Sans" font-size="${(size * s).toFixed(1)}" font-weight="${weight}" fill="${colour}">${escape(value)}</text>`;
  const id = spec.identity;
  parts.push(text(spec.shape === 'TD3' ? 40 : 28, 7, 3.6, spec.title, '#203070', 'bold'));
  if (!spec.pdf417 && (spec.mrz === null || spec.shape !== 'TD1')) {
    const x = spec.shape === 'TD3' ? 40 : 30;
    const rows: Array<[string, string]> = [
      ['Surname / Nom', id.surnames.join(' ')],
      ['Given names / Prénoms', id.givenNames.join(' ')],
      ['Nationality', id.nationalityCode],
      ['Date of birth', id.dateOfBirth.split('-').reverse().join('.')],
      ['Sex', id.sex ?? 'X'],
      ['Date of expiry', id.dateOfExpiry.split('-').reverse().join('.')],
      ['Document no.', id.documentNumber],
    ];
    const step = spec.shape === 'TD3' ? 8 : 5.2;
    rows.forEach(([label, value], i) => {
      parts.push(text(x, 13 + i * step, spec.shape === 'TD3' ? 1.8 : 1.4, label, '#6060a0'));
      parts.push(text(x, 13 + i * step + (spec.shape === 'TD3' ? 3.4 : 2.6), spec.shape === 'TD3' ? 3 : 2.3, value));
    });
  }
  if (spec.portrait) {
    const [px, py, pw, ph] = spec.shape === 'TD3' ? [5, 12, 30, 40] : [4, 10, 22, 29];
    parts.push(`<rect x="${px * s}" y="${py * s}" width="${pw * s}" height="${ph * s}" fill="hsl(${hue},10%,80%)"/>`);
    const cx = (px + pw / 2) * s, cy = (py + ph * 0.42) * s;
    parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${pw * 0.28 * s}" ry="${ph * 0.27 * s}" fill="#d8b49a"/>`);
    parts.push(`<ellipse cx="${cx}" cy="${(py + ph) * s}" rx="${pw * 0.45 * s}" ry="${ph * 0.3 * s}" fill="#405070"/>`);
    for (const dx of [-0.1, 0.1]) parts.push(`<circle cx="${cx + dx * pw * s}" cy="${cy - 0.03 * ph * s}" r="${0.025 * pw * s}" fill="#302020"/>`);
    parts.push(`<path d="M${cx - 0.08 * pw * s} ${cy + 0.12 * ph * s} Q${cx} ${cy + 0.16 * ph * s} ${cx + 0.08 * pw * s} ${cy + 0.12 * ph * s}" stroke="#803030" stroke-width="${0.3 * s}" fill="none"/>`);
  }
  if (spec.mrz) {
    const typesetting = spec.mrzTypesetting ?? { mode: 'cells' };
    spec.mrz.forEach((line, li) => {
      const y = (L.baselines[li] as number) * s;
      if (typesetting.mode === 'text') {
        const fontMm = Math.min(typesetting.fontMm, PITCH / OCRB_ADVANCE_EM);
        const spacing = PITCH - OCRB_ADVANCE_EM * fontMm;
        parts.push(`<text x="${(L.left * s).toFixed(1)}" y="${y.toFixed(1)}" font-family="${escape(spec.mrzFont ?? 'OCR B')}" font-size="${(fontMm * s).toFixed(1)}" letter-spacing="${(spacing * s).toFixed(2)}" fill="#151515">${escape(line)}</text>`);
        return;
      }
      [...line].forEach((ch, ci) => {
        parts.push(`<text x="${((L.left + ci * PITCH) * s).toFixed(1)}" y="${y.toFixed(1)}" font-family="${escape(spec.mrzFont ?? 'OCR B')}" font-size="${(FONT_MM * s).toFixed(1)}" fill="#151515">${escape(ch)}</text>`);
      });
    });
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  const page = sharp(Buffer.from(svg));
  if (spec.pdf417) page.composite([{ input: await fitSymbol(spec.pdf417, s, 76, 36), left: Math.round(5 * s), top: Math.round(12 * s) }]);
  return page.png().toBuffer();
}

/** The symbol scaled to {@link LICENCE_MODULE_MM}-mm modules at `scale` px/mm, or down to fit `maxWidthMm` x `maxHeightMm`. */
async function fitSymbol(symbol: NonNullable<PageSpec['pdf417']>, scale: number, maxWidthMm: number, maxHeightMm: number): Promise<Buffer> {
  const { width, height } = await sharp(symbol.png).metadata();
  const w = width as number, h = height as number;
  const k = Math.min((LICENCE_MODULE_MM * scale) / symbol.modulePx, (maxWidthMm * scale) / w, (maxHeightMm * scale) / h);
  return sharp(symbol.png).resize(Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))).png().toBuffer();
}
