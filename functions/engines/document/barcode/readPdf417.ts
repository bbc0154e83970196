import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { DocumentModelError } from '../errors.ts';
import { estimateSkews } from '../image/estimateSkew.ts';
import type { RgbImage } from '../image/loadImage.ts';
import { straighten } from '../image/straighten.ts';
import { rectifyQuad } from '../image/cropQuad.ts';
import { distance, growQuad, quadSize, type Quad } from '../geometry/quad.ts';
import { locatePdf417 } from './locatePdf417.ts';

let prepared: Promise<void> | null = null;

/**
 * The bytes of a `.wasm` file of npm `zxing-wasm`, read from the installed package (never from its default CDN), to
 * hand to an Emscripten module as `wasmBinary`.
 *
 * @param specifier - the file, e.g. `zxing-wasm/reader/zxing_reader.wasm`
 * @throws {DocumentModelError} when the file cannot be read
 */
export async function zxingWasmBinary(specifier: string): Promise<ArrayBuffer> {
  const file = createRequire(import.meta.url).resolve(specifier);
  try {
    const bytes = await readFile(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  } catch (cause) {
    throw new DocumentModelError(file, 'cannot be read', { cause });
  }
}

/**
 * Loads the ZXing-C++ WebAssembly reader of npm `zxing-wasm` ({@link zxingWasmBinary}). Idempotent; the first call
 * does the work.
 *
 * @throws {DocumentModelError} when the `.wasm` file cannot be read
 */
export function prepareBarcodeReader(): Promise<void> {
  prepared ??= (async () => {
    try {
      const wasmBinary = await zxingWasmBinary('zxing-wasm/reader/zxing_reader.wasm');
      await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    } catch (error) {
      prepared = null;
      throw error;
    }
  })();
  return prepared;
}

/**
 * Decodes the first PDF417 symbol of an image (ZXing-C++ via `zxing-wasm`, trying harder and all four rotations),
 * trying until one decodes:
 *
 * 1. the image, with ZXing's default local-average binariser, then with its global-histogram one: on generated
 *    licence backs (`npm run gen:documents -- --licences N`), crisp symbols on a tinted card that the first missed
 *    decoded with the second (docs/document-verification-log.md "Licence backs");
 * 2. when the image's edges run at a skew of at least {@link MIN_BARCODE_SKEW} ({@link estimateSkews}), the image
 *    turned upright, with both binarisers: ZXing's PDF417 reader finds a symbol only within about ±3° of the image
 *    axes (the AAMVA Annex D sample of ../shared/data/documents turned in 1° steps by sharp decodes from -3° to 3°,
 *    in a debugging run on 2026-11-22 that no script repeats; the unit test of the sample turned by 15° fails
 *    without it), and less on a sheared one;
 * 3. for an image up to {@link MAX_UPSCALED_SIDE}/2 px: skewed, turned upright and enlarged twice in one resampling
 *    (1.6-px modules turned by 10-30° decode only so, docs/accuracy.md "PDF417 turned"), both binarisers;
 * 4. turned by the skew of the edges along its rows alone, then of those along its columns alone (the latter being
 *    the symbol's rows when it lies at 90°), both binarisers: a sheared card's rows and bars run at different angles
 *    and the skew of all edges levels neither; of the 20 generated licence backs that nothing else decoded, 7 then did
 *    (docs/document-verification-log.md "Licence backs");
 * 5. for an image up to {@link MAX_UPSCALED_SIDE}/2 px, the image enlarged twice: ZXing misses symbols whose modules
 *    are 1.1-1.4 px wide, and decodes them at twice the size ("PDF417 module sizes").
 * 6. the symbol located as the densest patch of strong edges (locatePdf417.ts) and its quadrilateral sampled onto a
 *    rectangle twice its size, both binarisers: a card seen obliquely has rows that converge, and no turn levels them
 *    all. On the generated licence backs that nothing else decoded it decoded 2 of 6 (seed 501) and 2 of 7 (seed
 *    13), no wrong text (docs/document-verification-log.md "Licence backs seen obliquely").
 * 7. that rectified symbol sharpened by each unsharp mask of {@link SHARPEN_MASKS} in turn, both binarisers: blur of
 *    about a module's width runs bars and spaces together (docs/accuracy.md "PDF417 module sizes").
 *
 * A PDF417 decodes only when its Reed-Solomon error correction accepts the codewords (ISO/IEC 15438), and a decoding
 * that used up all of it is refused ({@link spareErrorCorrection}), so retries do not make up data.
 *
 * @param image - RGB pixels
 * @param opts - measurement switches ({@link ReadPdf417Options})
 * @returns the symbol's bytes as a Latin-1 string (AAMVA payloads are ASCII with LF/RS/CR separators), or null
 *   when no PDF417 symbol decodes
 */
export async function readPdf417(image: RgbImage, opts: ReadPdf417Options = {}): Promise<string | null> {
  const acceptSpent = opts.acceptSpentErrorCorrection === true;
  const both = async (im: RgbImage): Promise<string | null> =>
    (await decodePdf417(im, 'LocalAverage', acceptSpent)) ?? decodePdf417(im, 'GlobalHistogram', acceptSpent);
  const found = await both(image);
  if (found !== null) return found;
  const enlarge = opts.enlarge !== false && Math.max(image.width, image.height) <= MAX_UPSCALED_SIDE / 2;
  const skews = estimateSkews(image);
  const skew = skews.all;
  if (skew !== null && Math.abs(skew) >= MIN_BARCODE_SKEW) {
    const straightened = await both(straighten(image, skew).image);
    if (straightened !== null) return straightened;
    // Turning resamples fine modules once more; turned and enlarged in one resampling, they decode again.
    if (enlarge) {
      const larger = await both(straighten(image, skew, MAX_UPSCALED_SIDE, 2).image);
      if (larger !== null) return larger;
    }
  }
  // A sheared symbol: its rows run at another angle than its bars, and only level rows decode (step 4).
  for (const axis of [skews.alongRows, skews.alongColumns]) {
    if (axis === null || Math.abs(axis) < MIN_BARCODE_SKEW || (skew !== null && Math.abs(axis - skew) < MIN_BARCODE_SKEW)) continue;
    const levelled = await both(straighten(image, axis).image);
    if (levelled !== null) return levelled;
  }
  if (enlarge) {
    const larger = await decodePdf417(await enlarged(image), 'LocalAverage', acceptSpent);
    if (larger !== null) return larger;
  }
  // A symbol seen obliquely: its rows converge, and no turn levels them all (step 6).
  if (opts.rectify === false) return null;
  const quad = locatePdf417(image);
  if (quad === null) return null;
  const rectangle = rectified(image, quad);
  const straight = await both(rectangle);
  if (straight !== null || opts.sharpen === false) return straight;
  // A blurred symbol: its bars run into each other, and sharpened they part again (step 7).
  for (const mask of opts.sharpenMasks ?? SHARPEN_MASKS) {
    const decoded = await both(await sharpened(rectangle, mask));
    if (decoded !== null) return decoded;
  }
  return null;
}

/** An unsharp mask of step 7 of {@link readPdf417}. */
export interface SharpenMask {
  /** Gaussian sigma in pixels of the rectified symbol, which is sampled at twice the captured size (> 0). */
  readonly sigma: number;
  /** Strength: libvips `m1` and `m2`, the blurred copy's difference added that many times over (> 0). */
  readonly amount: number;
}

/**
 * The unsharp masks of step 7 of {@link readPdf417}, tried in turn on the rectified symbol at twice its size:
 *
 * - sigma 2.8 px (1.4 px of the image as captured), amount 2: chosen in a debugging run (2026-11-27) over 2, 3 and 4
 *   times enlargement and sigmas of 0.7-1.4 times the enlargement on the 9 generated licence backs (seeds 501 and
 *   13) that no other step decoded: 1 to 1.4 times it at 2 times enlargement decoded 4; then measured on a set
 *   generated for it and not looked at before (docs/document-verification-log.md "Blurred licence barcodes");
 * - sigma 1.6 px (0.8 px as captured), amount 4: a narrower, stronger mask for modules of 1-2 px blurred by about a
 *   module's width. In a debugging run (2026-11-30) over enlargements 2 and 3, sigmas 0.6-1.4 px as captured and
 *   amounts 2-6 on the 18 generated licence backs that nothing decoded (seeds 501, 13, 2611, 5454-5456 and 73737),
 *   the first mask decoded none of them, this one 5 and no single setting more than 6; then measured on sets
 *   generated for it and not looked at before (docs/document-verification-log.md "A narrower mask for blurred licence
 *   barcodes").
 */
export const SHARPEN_MASKS: readonly SharpenMask[] = [
  { sigma: 2.8, amount: 2 },
  { sigma: 1.6, amount: 4 },
];

/**
 * The image under an unsharp mask (sharp/libvips `sharpen` with the mask's sigma and amount on flat and jagged areas
 * alike, no threshold, and no cap on how far a pixel is lightened or darkened: libvips' default caps of 10 and 20
 * levels leave a blurred bar grey).
 */
function sharpened(image: RgbImage, mask: SharpenMask): Promise<RgbImage> {
  return throughSharp(image, (s) => s.sharpen({ sigma: mask.sigma, m1: mask.amount, m2: mask.amount, x1: 0, y2: 255, y3: 255 }));
}

/** The image passed through one sharp/libvips operation `op` as raw RGB pixels. */
async function throughSharp(image: RgbImage, op: (s: Sharp) => Sharp): Promise<RgbImage> {
  const input = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 3 } });
  const { data, info } = await op(input).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * Margin, as a share of the located symbol's size, added round the quad that step 6 of {@link readPdf417} samples:
 * the located corners lie within about a cell of the symbol's (locatePdf417.ts), and ZXing needs a quiet zone
 * round the start and stop patterns. Set once, not tuned.
 */
const RECTIFY_MARGIN = 0.04;

/**
 * The located symbol's quad, grown by {@link RECTIFY_MARGIN} on each side, sampled onto a rectangle whose sides are
 * twice the quad's mean sides (at most {@link MAX_UPSCALED_SIDE} along the longer): upright and enlarged in one
 * resampling, as step 4 does for turned symbols.
 */
function rectified(image: RgbImage, quad: Quad): RgbImage {
  const size = quadSize(quad);
  const grown = growQuad(quad, RECTIFY_MARGIN * size.width, RECTIFY_MARGIN * size.height);
  const [tl, tr, br, bl] = grown;
  const width = distance(tl, tr) + distance(bl, br), height = distance(tl, bl) + distance(tr, br);
  const scale = Math.min(1, MAX_UPSCALED_SIDE / Math.max(width, height));
  return rectifyQuad(image, grown, Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
}

/**
 * Smallest skew (radians) worth decoding the image turned upright: 1°. ZXing tolerates about ±3° on a level symbol,
 * but a generated licence back sheared by 2% and turned by 2.3° (skew estimated 1.5°) decoded only turned upright
 * (docs/document-verification-log.md "Licence backs").
 */
export const MIN_BARCODE_SKEW = (1 * Math.PI) / 180;

/** Options of {@link readPdf417}; they exist for measurement (scripts/eval-barcode.ts), the engine uses none. */
export interface ReadPdf417Options {
  /** `false` leaves out the decodings at twice the size. @default true */
  readonly enlarge?: boolean;
  /** `false` leaves out step 6, the located symbol's quad sampled onto a rectangle. @default true */
  readonly rectify?: boolean;
  /** `false` leaves out step 7, the rectified symbol sharpened. @default true */
  readonly sharpen?: boolean;
  /** The unsharp masks step 7 tries, in turn. @default {@link SHARPEN_MASKS} */
  readonly sharpenMasks?: readonly SharpenMask[];
  /**
   * `true` also accepts a decoding that used up all of the symbol's error correction (ZXing's `UEC` 0, see
   * {@link spareErrorCorrection}). @default false
   */
  readonly acceptSpentErrorCorrection?: boolean;
}

/**
 * The share of a symbol's error correction capacity a decoding left unused, in [0, 1] (ZXing-C++'s `UEC` in the
 * result's `extra`, "unused error correction margin"), or null when ZXing does not report it.
 *
 * A Reed-Solomon decoder that corrects as many errors as the code can has no redundancy left to check its own
 * correction: a misread codeword pattern within that distance of another codeword decodes to the wrong text. With
 * ZXing's writer (9% of the codewords for error correction, as ZXing reports it), symbols turned by 5° (inside ZXing's own tolerance, so
 * decoded without straightening) decoded 11 times to a wrong text, garbled rows put together, every time with `UEC`
 * 0; the 269 right decodings of the same sweep (module widths 1.5-3 px, turns 0-10°, blur 0-1 px) left 0.12-1 unused
 * (a debugging run, 2026-11-26; `npm run eval:barcode` counts the wrong texts with and without the rule). Such a
 * decoding is therefore refused and the reader goes on as if nothing had decoded. Issuers print more error
 * correction than that writer: the AAMVA 2020 standard's sample symbol (Annex D, in ../shared/data/documents) carries
 * 13% and decodes with `UEC` 1.
 */
export function spareErrorCorrection(result: { readonly extra?: string }): number | null {
  if (!result.extra) return null;
  try {
    const uec = (JSON.parse(result.extra) as { UEC?: unknown }).UEC;
    return typeof uec === 'number' && Number.isFinite(uec) ? uec : null;
  } catch {
    return null;
  }
}

/**
 * Longest side (px) of an image enlarged twice for a last decoding (see {@link readPdf417}): images up to half of it
 * are tried, so the enlarged image stays within what loadImage.ts decodes (2000 px).
 */
export const MAX_UPSCALED_SIDE = 2000;

/** The image at twice its width and height (bicubic, sharp/libvips). */
function enlarged(image: RgbImage): Promise<RgbImage> {
  return throughSharp(image, (s) => s.resize(image.width * 2, image.height * 2, { kernel: 'cubic' }));
}

/**
 * One ZXing decoding of `image` with the given binariser (see {@link readPdf417}): the first valid PDF417's bytes as
 * Latin-1, or null. Exported for tests that show what ZXing alone reads (`acceptSpent` true, `LocalAverage`: its
 * defaults).
 */
export async function decodePdf417(image: RgbImage, binarizer: 'LocalAverage' | 'GlobalHistogram', acceptSpent: boolean): Promise<string | null> {
  await prepareBarcodeReader();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0, j = 0; i < image.data.length; i += 3, j += 4) {
    rgba[j] = image.data[i] as number;
    rgba[j + 1] = image.data[i + 1] as number;
    rgba[j + 2] = image.data[i + 2] as number;
    rgba[j + 3] = 255;
  }
  const results = await readBarcodes(
    { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' },
    { formats: ['PDF417'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1, binarizer },
  );
  const first = results.find((r) => r.isValid && r.bytes.length > 0 && (acceptSpent || spareErrorCorrection(r) !== 0));
  return first ? Buffer.from(first.bytes).toString('latin1') : null;
}
