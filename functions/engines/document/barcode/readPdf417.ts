import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { DocumentModelError } from '../errors.ts';
import { estimateSkew } from '../image/estimateSkew.ts';
import type { RgbImage } from '../image/loadImage.ts';
import { straighten } from '../image/straighten.ts';

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
 * Decodes the first PDF417 symbol of an image (ZXing-C++ via `zxing-wasm`, trying harder and all four rotations).
 * ZXing's PDF417 reader finds a symbol only within about ±3° of the image axes (the AAMVA Annex D sample of
 * ../shared/data/documents turned in 1° steps by sharp decodes from -3° to 3°, in a debugging run on 2026-11-22 that
 * no script repeats; the unit test of the sample turned by 15° fails without the retry): when nothing decodes and
 * the image's edges run at a skew of at least {@link MIN_BARCODE_SKEW} ({@link estimateSkew}), the image turned
 * upright is tried once more. ZXing also misses symbols whose modules are 1.1-1.4 px wide, which it decodes once the
 * image is enlarged twice (`npm run eval:barcode`, docs/accuracy.md "PDF417 module sizes"): when nothing else
 * decodes, an image up to {@link MAX_UPSCALED_SIDE}/2 px is tried once more at twice its size. A PDF417 decodes only
 * when its Reed-Solomon error correction accepts the codewords (ISO/IEC 15438), so retries cannot make up data.
 *
 * @param image - RGB pixels
 * @param opts - `enlarge: false` leaves out the decoding at twice the size (for its measurement)
 * @returns the symbol's bytes as a Latin-1 string (AAMVA payloads are ASCII with LF/RS/CR separators), or null
 *   when no PDF417 symbol decodes
 */
export async function readPdf417(image: RgbImage, opts: { readonly enlarge?: boolean } = {}): Promise<string | null> {
  const found = await decodePdf417(image);
  if (found !== null) return found;
  const skew = estimateSkew(image);
  if (skew !== null && Math.abs(skew) >= MIN_BARCODE_SKEW) {
    const straightened = await decodePdf417(straighten(image, skew).image);
    if (straightened !== null) return straightened;
  }
  if (opts.enlarge === false || Math.max(image.width, image.height) > MAX_UPSCALED_SIDE / 2) return null;
  return decodePdf417(await enlarged(image));
}

/** Smallest skew (radians) worth a second decoding: within 2° ZXing has had its chance (see {@link readPdf417}). */
export const MIN_BARCODE_SKEW = (2 * Math.PI) / 180;

/**
 * Longest side (px) of an image enlarged twice for a last decoding (see {@link readPdf417}): images up to half of it
 * are tried, so the enlarged image stays within what loadImage.ts decodes (2000 px).
 */
export const MAX_UPSCALED_SIDE = 2000;

/** The image at twice its width and height (bicubic, sharp/libvips). */
async function enlarged(image: RgbImage): Promise<RgbImage> {
  const { data, info } = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(image.width * 2, image.height * 2, { kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

async function decodePdf417(image: RgbImage): Promise<string | null> {
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
    { formats: ['PDF417'], tryHarder: true, tryRotate: true, maxNumberOfSymbols: 1 },
  );
  const first = results.find((r) => r.isValid && r.bytes.length > 0);
  return first ? Buffer.from(first.bytes).toString('latin1') : null;
}
