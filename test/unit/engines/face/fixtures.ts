import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Repository root (test/unit/engines/face -> ../../../..). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/** The shared evaluation data beside the repository. */
export const SHARED_DATA = path.resolve(REPO_ROOT, '..', 'shared', 'data');
/** The model directory. */
export const MODELS_DIR = path.join(REPO_ROOT, 'models');

/** Bytes of an LFW developer image, e.g. `lfw('Akhmed_Zakayev', 1)`. */
export function lfw(identity: string, index: number): Promise<Buffer> {
  return readFile(path.join(SHARED_DATA, 'faces', 'lfw', 'images', `${identity}_${String(index).padStart(4, '0')}.jpg`));
}

/** Bytes of a sample of the spoof set, e.g. `spoof('nuaa/live/…')`. */
export function spoof(rel: string): Promise<Buffer> {
  return readFile(path.join(SHARED_DATA, 'spoof', rel));
}

/**
 * A JPEG with no face: a smooth colour gradient with a few rectangles (a wall with picture frames).
 * @param width - pixels
 * @param height - pixels
 */
export async function noFaceImage(width = 640, height = 480): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8b89a"/><stop offset="1" stop-color="#5a6e7f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="60" y="80" width="160" height="120" fill="#334455"/><rect x="380" y="220" width="200" height="150" fill="#a0522d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Places real face photos side by side on a grey canvas (a group photo).
 * @param faces - JPEG/PNG bytes of each face image
 * @param size - side each face image is scaled to, pixels
 */
export async function composeSideBySide(faces: readonly Buffer[], size = 250): Promise<Buffer> {
  const tiles = await Promise.all(faces.map(async (f, i) => ({ input: await sharp(f).resize(size, size).toBuffer(), left: 20 + i * (size + 20), top: 20 })));
  return sharp({ create: { width: 20 + faces.length * (size + 20), height: size + 40, channels: 3, background: '#808080' } })
    .composite(tiles)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * An ID-document-like picture: a light card with a large portrait on the left and a small "ghost" copy of it on the
 * right, as on many ID cards, photographed on a dark table.
 * @param portrait - bytes of the portrait photo
 */
export async function idCardImage(portrait: Buffer): Promise<Buffer> {
  const big = await sharp(portrait).resize(260, 260).toBuffer();
  const ghost = await sharp(portrait).resize(90, 90).grayscale().toBuffer();
  const card = await sharp({ create: { width: 860, height: 540, channels: 3, background: '#e8eef2' } })
    .composite([
      { input: big, left: 40, top: 160 },
      { input: ghost, left: 720, top: 380 },
      { input: Buffer.from('<svg width="860" height="540"><rect x="340" y="180" width="340" height="18" fill="#556"/><rect x="340" y="230" width="280" height="18" fill="#556"/><rect x="340" y="280" width="300" height="18" fill="#556"/></svg>'), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  return sharp({ create: { width: 1100, height: 780, channels: 3, background: '#2b2b2b' } }).composite([{ input: card, left: 120, top: 120 }]).jpeg({ quality: 90 }).toBuffer();
}

/** The bytes of `jpeg` with the middle third replaced by noise (a corrupted upload). */
export function corrupt(jpeg: Buffer): Buffer {
  const out = Buffer.from(jpeg);
  const start = Math.floor(out.length / 3);
  for (let i = start; i < start * 2; i++) out[i] = (i * 7919) % 251;
  return out.subarray(0, Math.floor(out.length * 0.8));
}
