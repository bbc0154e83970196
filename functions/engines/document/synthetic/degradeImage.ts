import sharp from 'sharp';
import type { Random } from './random.ts';

/** How strongly a rendered document is degraded. */
export const DEGRADATION = { Clean: 'clean', Mild: 'mild', Hard: 'hard' } as const;
/** One of {@link DEGRADATION}. */
export type Degradation = (typeof DEGRADATION)[keyof typeof DEGRADATION];

/** The distortions applied to one image, recorded in the labels. */
export interface Distortion {
  readonly rotationDeg: number;
  readonly shear: readonly [number, number];
  readonly blurSigma: number;
  readonly noiseSigma: number;
  readonly glare: boolean;
  readonly widthPx: number;
  readonly jpegQuality: number;
}

/**
 * Turns a clean rendering into a photo-like capture: placed on a background with a margin, rotated, sheared (a
 * cheap stand-in for perspective), scaled to a capture width, blurred, given a glare spot and Gaussian noise, and
 * JPEG-compressed. `clean` only scales and compresses; `mild` rotates up to 4°, blurs up to 0.8 px, shears up to
 * 3%; `hard` rotates up to 12° (or by 90/180°), blurs up to 1.4 px, shears up to 7%, adds glare, and may shrink
 * the document to thumbnail size.
 *
 * @param png - rendered document
 * @param level - degradation level
 * @param rng - seeded generator
 * @returns the JPEG bytes and the distortions applied
 */
export async function degradeImage(png: Buffer, level: Degradation, rng: Random): Promise<{ bytes: Buffer; distortion: Distortion }> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 1;
  const h = meta.height ?? 1;
  const hard = level === 'hard';
  const mild = level === 'mild';
  const rotationDeg = hard ? (rng.chance(0.15) ? rng.pick([90, 180, -90]) : 0) + rng.range(-12, 12) : mild ? rng.range(-4, 4) : 0;
  const shear: [number, number] = hard ? [rng.range(-0.07, 0.07), rng.range(-0.07, 0.07)] : mild ? [rng.range(-0.03, 0.03), rng.range(-0.03, 0.03)] : [0, 0];
  const blurSigma = hard ? rng.range(0.3, 1.4) : mild ? rng.range(0, 0.8) : 0;
  const noiseSigma = hard ? rng.range(3, 12) : mild ? rng.range(0, 6) : 0;
  const glare = hard && rng.chance(0.5);
  const widthPx = Math.round(hard ? rng.range(420, 1400) : mild ? rng.range(600, 1400) : rng.range(800, 1300));
  const jpegQuality = Math.round(hard ? rng.range(50, 85) : rng.range(75, 95));
  const margin = Math.round(Math.max(w, h) * rng.range(0.04, 0.2));
  const bg = { r: rng.int(20, 230), g: rng.int(20, 230), b: rng.int(20, 230), alpha: 1 };

  let img = sharp(png).extend({ top: margin, bottom: margin, left: margin, right: margin, background: bg });
  if (glare) {
    const gw = w + 2 * margin, gh = h + 2 * margin;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${gw}" height="${gh}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${rng.range(0.35, 0.6).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${rng.range(0.2, 0.8) * gw}" cy="${rng.range(0.2, 0.6) * gh}" rx="${0.25 * gw}" ry="${0.18 * gh}" fill="url(#g)"/></svg>`;
    img = sharp(await img.png().toBuffer()).composite([{ input: Buffer.from(svg) }]);
  }
  let buf = await img.png().toBuffer();
  if (shear[0] !== 0 || shear[1] !== 0) buf = await sharp(buf).affine([[1, shear[0]], [shear[1], 1]], { background: bg, interpolator: 'bilinear' }).png().toBuffer();
  if (rotationDeg !== 0) buf = await sharp(buf).rotate(rotationDeg, { background: bg }).png().toBuffer();
  let pipeline = sharp(buf).resize({ width: widthPx });
  if (blurSigma >= 0.3) pipeline = pipeline.blur(blurSigma);
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (noiseSigma > 0) for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round((data[i] as number) + rng.normal() * noiseSigma)));
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: jpegQuality }).toBuffer();
  return { bytes, distortion: { rotationDeg, shear, blurSigma, noiseSigma, glare, widthPx: info.width, jpegQuality } };
}
