import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The fake camera of the browser tests: a Y4M file that Chromium plays as its camera
 * (`--use-file-for-fake-video-capture`). Each frame shows an identity-card-like card on a dark desk: a real face
 * photo from the shared LFW set beside printed lines, so that one feed serves the document capture (the card must
 * pass the document quality check: sharp print, no glare, enough light) and the selfie (the same real face).
 */

/** A face photo of the shared data set (LFW, ../shared/data/faces/lfw). */
export const FACE_IMAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'faces', 'lfw', 'images', 'Aaron_Peirsol_0001.jpg');

/** Frame size of the fake camera. */
export const FRAME = { width: 640, height: 480 } as const;

/** Ways to spoil the feed, so that the quality check has something to refuse. */
export type Spoil = 'none' | 'blur' | 'dark';

/** Renders one RGB frame: the card on a desk, optionally spoiled. */
export async function renderFrame(spoil: Spoil = 'none'): Promise<Buffer> {
  const cardW = 560;
  const cardH = Math.round(cardW / 1.586);
  const face = await sharp(FACE_IMAGE).extract({ left: 55, top: 40, width: 140, height: 175 }).resize(150, 188).png().toBuffer();
  const lines = ['SURNAME / NOM', 'PEIRSOL', 'GIVEN NAMES / PRENOMS', 'AARON', 'DATE OF BIRTH', '23 JUL 1983', 'DOCUMENT NO', 'X4R7Q2ZP9'];
  const text = lines
    .map((l, i) => `<text x="200" y="${62 + i * 22}" font-family="DejaVu Sans, sans-serif" font-size="${i % 2 ? 17 : 11}" font-weight="${i % 2 ? 700 : 400}" fill="#1f2937">${l}</text>`)
    .join('');
  const mrz = ['IDUTOX4R7Q2ZP96&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;', '8307235M3011217UTO&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;4', 'PEIRSOL&lt;&lt;AARON&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;&lt;']
    .map((l, i) => `<text x="24" y="${274 + i * 20}" font-family="DejaVu Sans Mono, monospace" font-size="17" fill="#111827">${l}</text>`)
    .join('');
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cardW}" height="${cardH}">` +
      `<rect width="${cardW}" height="${cardH}" rx="18" fill="#dbe4ee"/>` +
      `<rect x="0" y="0" width="${cardW}" height="34" rx="18" fill="#1e3a5f"/>` +
      `<text x="24" y="23" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="700" fill="#ffffff">IDENTITY CARD · SPECIMEN FOR TESTS</text>` +
      text +
      mrz +
      `</svg>`,
  );
  const cardPng = await sharp(card).composite([{ input: face, left: 24, top: 48 }]).png().toBuffer();
  let frame = sharp({ create: { width: FRAME.width, height: FRAME.height, channels: 3, background: '#2b2f36' } }).composite([
    { input: cardPng, left: Math.round((FRAME.width - cardW) / 2), top: Math.round((FRAME.height - cardH) / 2) },
  ]);
  let png = await frame.png().toBuffer();
  if (spoil === 'blur') png = await sharp(png).blur(4).png().toBuffer();
  if (spoil === 'dark') png = await sharp(png).linear(0.2, 0).png().toBuffer();
  frame = sharp(png);
  return frame.removeAlpha().raw().toBuffer();
}

/**
 * Encodes RGB frames as YUV4MPEG2 (4:2:0, JPEG full-range BT.601), the format Chromium's fake capture reads.
 * @see https://wiki.multimedia.cx/index.php/YUV4MPEG2
 */
export function toY4m(frames: Buffer[], width: number, height: number, fps = 30): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  const cw = width / 2;
  const ch = height / 2;
  for (const rgb of frames) {
    const y = Buffer.alloc(width * height);
    const u = Buffer.alloc(cw * ch);
    const v = Buffer.alloc(cw * ch);
    for (let i = 0; i < width * height; i++) {
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      y[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
    for (let cy = 0; cy < ch; cy++) {
      for (let cx = 0; cx < cw; cx++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
          const o = ((cy * 2 + dy) * width + cx * 2 + dx) * 3;
          r += rgb[o]!;
          g += rgb[o + 1]!;
          b += rgb[o + 2]!;
        }
        r /= 4;
        g /= 4;
        b /= 4;
        const clamp = (x: number) => Math.max(0, Math.min(255, Math.round(x)));
        u[cy * cw + cx] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[cy * cw + cx] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
    parts.push(Buffer.from('FRAME\n'), y, u, v);
  }
  return Buffer.concat(parts);
}

/** Writes the fake camera's Y4M file and returns its path. One frame is enough: Chromium loops the file. */
export async function writeFakeCamera(dir: string, spoil: Spoil = 'none'): Promise<string> {
  const file = path.join(dir, `camera-${spoil}.y4m`);
  await writeFile(file, toY4m([await renderFrame(spoil)], FRAME.width, FRAME.height));
  return file;
}
