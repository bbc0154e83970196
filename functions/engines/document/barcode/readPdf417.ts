import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { DocumentModelError } from '../errors.ts';
import type { RgbImage } from '../image/loadImage.ts';

let prepared: Promise<void> | null = null;

/**
 * Loads the ZXing-C++ WebAssembly reader of npm `zxing-wasm` from the installed package (never from its default
 * CDN): the `.wasm` bytes are read from `node_modules` and handed to the Emscripten module as `wasmBinary`.
 * Idempotent; the first call does the work.
 *
 * @throws {DocumentModelError} when the `.wasm` file cannot be read
 */
export function prepareBarcodeReader(): Promise<void> {
  prepared ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (cause) {
      prepared = null;
      throw new DocumentModelError(file, 'cannot be read', { cause });
    }
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    await prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return prepared;
}

/**
 * Decodes the first PDF417 symbol of an image (ZXing-C++ via `zxing-wasm`, trying harder and all four rotations).
 *
 * @param image - RGB pixels
 * @returns the symbol's bytes as a Latin-1 string (AAMVA payloads are ASCII with LF/RS/CR separators), or null
 *   when no PDF417 symbol decodes
 */
export async function readPdf417(image: RgbImage): Promise<string | null> {
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
