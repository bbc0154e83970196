import sharp from 'sharp';
import type { RgbImage } from '../image/loadImage.ts';
import { shiftColumns } from '../image/rowBend.ts';
import { keystone, warpPerspective } from '../image/warpPerspective.ts';
import type { Random } from './random.ts';

/** How strongly a rendered document is degraded. */
export const DEGRADATION = { Clean: 'clean', Mild: 'mild', Hard: 'hard' } as const;
/** One of {@link DEGRADATION}. */
export type Degradation = (typeof DEGRADATION)[keyof typeof DEGRADATION];

/** The distortions applied to one image, recorded in the labels. */
export interface Distortion {
  readonly rotationDeg: number;
  readonly shear: readonly [number, number];
  /**
   * Perspective: the far edge's share shorter than the near one (0: none), see `image/warpPerspective.ts`
   * `keystone`; `keystoneFlip` says which edges are far (`flip` turns the far edge to the bottom, `flop` to the left).
   */
  readonly keystone: number;
  readonly keystoneFlip: { readonly flip: boolean; readonly flop: boolean };
  readonly blurSigma: number;
  readonly noiseSigma: number;
  readonly glare: boolean;
  readonly widthPx: number;
  readonly jpegQuality: number;
}

/**
 * Turns a clean rendering into a photo-like capture: placed on a background with a margin, sheared, seen in
 * perspective, rotated, scaled to a capture width, blurred, given a glare spot and Gaussian noise, and
 * JPEG-compressed. `clean` only scales and compresses; `mild` rotates up to 4°, blurs up to 0.8 px, shears up to
 * 3%; `hard` rotates up to 12° (or by 90/180°), blurs up to 1.4 px, shears up to 7%, adds glare, half the time
 * keystones the page (its far edge 5-25% shorter, a phone held at an angle; a plane homography, since 2026-11-24:
 * sets of the same seed made before differ from there on), and may shrink the document to thumbnail size. `clean`
 * and `mild` draw the same random numbers as before the keystone was added.
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
  const keystoneStrength = hard && rng.chance(0.5) ? rng.range(0.05, 0.25) : 0;
  const keystoneFlip = keystoneStrength > 0 ? { flip: rng.chance(0.5), flop: rng.chance(0.5) } : { flip: false, flop: false };
  const widthPx = Math.round(hard ? rng.range(420, 1400) : mild ? rng.range(600, 1400) : rng.range(800, 1300));
  const jpegQuality = Math.round(hard ? rng.range(50, 85) : rng.range(75, 95));
  const margin = Math.round(Math.max(w, h) * rng.range(0.04, 0.2));
  const bg = { r: rng.int(20, 230), g: rng.int(20, 230), b: rng.int(20, 230), alpha: 1 };

  let img = sharp(png).extend({ top: margin, bottom: margin, left: margin, right: margin, background: bg });
  if (glare) {
    const gw = w + 2 * margin, gh = h + 2 * margin;
    const peak = rng.range(0.35, 0.6).toFixed(2);
    const spot = { cx: rng.range(0.2, 0.8) * gw, cy: rng.range(0.2, 0.6) * gh, rx: 0.25 * gw, ry: 0.18 * gh };
    img = sharp(await img.png().toBuffer()).composite([{ input: lightSpotSvg(gw, gh, spot, [[0, peak], [1, '0']]) }]);
  }
  let buf: Buffer = await img.png().toBuffer();
  if (shear[0] !== 0 || shear[1] !== 0) buf = await sharp(buf).affine([[1, shear[0]], [shear[1], 1]], { background: bg, interpolator: 'bilinear' }).png().toBuffer();
  if (keystoneStrength > 0) buf = await keystoned(buf, keystoneStrength, keystoneFlip, bg);
  if (rotationDeg !== 0) buf = await sharp(buf).rotate(rotationDeg, { background: bg }).png().toBuffer();
  let pipeline = sharp(buf).resize({ width: widthPx });
  if (blurSigma >= 0.3) pipeline = pipeline.blur(blurSigma);
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (noiseSigma > 0) addGaussianNoise(data, noiseSigma, rng);
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).jpeg({ quality: jpegQuality }).toBuffer();
  return { bytes, distortion: { rotationDeg, shear, keystone: keystoneStrength, keystoneFlip, blurSigma, noiseSigma, glare, widthPx: info.width, jpegQuality } };
}

/**
 * Bows an image as a data page curving towards a passport's spine, or a card held bent in the hand: column x moved
 * down by `share × width × (2x/width - 1)²` pixels (bilinear, image/rowBend.ts `shiftColumns`, the shift the engine
 * flattens pages with), onto a canvas that much taller at the bottom, white where nothing lands. The rows arch, their
 * ends lower than their middle by `share` of the width. Used by `npm run eval:document -- --bend` and the engine's
 * tests.
 *
 * @param image - RGB pixels
 * @param share - the sagitta as a share of the width, >= 0
 * @returns the bowed image, as wide and `ceil(share × width)` rows taller
 */
export function bowRows(image: RgbImage, share: number): RgbImage {
  const { width, height } = image;
  const padded = new Uint8Array(width * (height + Math.ceil(share * width)) * 3).fill(255);
  padded.set(image.data.subarray(0, width * height * 3));
  const offsets = Float64Array.from({ length: width }, (_, x) => -share * width * ((2 * x) / Math.max(1, width - 1) - 1) ** 2);
  return shiftColumns({ width, height: padded.length / (width * 3), data: padded }, offsets).image;
}

/**
 * Adds independent Gaussian noise of standard deviation `sigma` (0-255 scale) to every byte of raw pixels, in place,
 * rounded and clamped to 0-255; one `rng.normal()` draw per byte, in order, so a seeded `rng` adds the same noise
 * every time. Used by the generators (this file, scripts/gen-documents-probe.ts) and `npm run eval:document -- --noise`.
 * @param data - raw pixel bytes (any channel count)
 * @param sigma - standard deviation (>= 0)
 * @param rng - the random source
 */
export function addGaussianNoise(data: Uint8Array, sigma: number, rng: Random): void {
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round((data[i] as number) + rng.normal() * sigma)));
}

/**
 * An SVG overlay of the image's size holding a white light spot: an ellipse filled with a radial gradient from the
 * centre (`stops`: offset 0-1 along the radius, opacity as written into the SVG) to its rim. Composited over a
 * capture by the synthetic generator (glare) and by `npm run eval:document -- --glare`.
 */
export function lightSpotSvg(
  width: number,
  height: number,
  spot: { readonly cx: number; readonly cy: number; readonly rx: number; readonly ry: number },
  stops: ReadonlyArray<readonly [offset: number, opacity: string]>,
): Buffer {
  const gradient = stops.map(([offset, opacity]) => `<stop offset="${offset}" stop-color="#fff" stop-opacity="${opacity}"/>`).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="g">${gradient}</radialGradient></defs><ellipse cx="${spot.cx}" cy="${spot.cy}" rx="${spot.rx}" ry="${spot.ry}" fill="url(#g)"/></svg>`,
  );
}

/** The image seen in perspective ({@link keystone}), its far edge chosen by `flip`/`flop`, on the background. */
async function keystoned(png: Buffer, strength: number, side: { flip: boolean; flop: boolean }, bg: { r: number; g: number; b: number }): Promise<Buffer> {
  const mirrored = (input: Buffer | { data: Uint8Array; width: number; height: number }) => {
    let img = Buffer.isBuffer(input) ? sharp(input) : sharp(input.data, { raw: { width: input.width, height: input.height, channels: 3 } });
    if (side.flip) img = img.flip();
    if (side.flop) img = img.flop();
    return img;
  };
  const { data, info } = await mirrored(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const view = keystone(info.width, info.height, strength, 0.03);
  const warped = warpPerspective({ width: info.width, height: info.height, data }, view.to, view.width, view.height, [bg.r, bg.g, bg.b]);
  return mirrored(warped).png().toBuffer();
}
