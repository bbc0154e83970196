import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { DocumentModelError } from '../../errors.ts';
import { growQuad, quadSize, type Quad } from '../../geometry/quad.ts';
import { cropQuad } from '../../image/cropQuad.ts';
import type { RgbImage } from '../../image/loadImage.ts';
import { MRZ_ALPHABET } from '../../mrz/alphabet.ts';
import type { LineReading, LineRecognizer } from '../lineRecognizer.ts';

/** Options of {@link loadTesseractLineRecognizer}. */
export interface TesseractLineRecognizerOptions {
  /**
   * Directory holding `eng.traineddata.gz`.
   * @default `4.0.0_best_int/` of the installed `@tesseract.js-data/eng` package (LSTM, integer model)
   */
  readonly langPath?: string;
  /** Height the line crops are scaled to before recognition, in pixels. @default 64 */
  readonly lineHeight?: number;
}

/** A Tesseract line recogniser and the function that stops its worker. */
export interface TesseractLineRecognizer extends LineRecognizer {
  /** Stops the Tesseract worker thread. */
  close(): Promise<void>;
}

/**
 * Tesseract 5 (npm `tesseract.js`, WebAssembly, LSTM engine) as a {@link LineRecognizer}, for the engine
 * comparison of docs/document-verification.md: each line crop is recognised as a single text line (PSM 7) with the
 * character whitelist `0-9A-Z<`. The English traineddata comes from npm `@tesseract.js-data/eng` (no download:
 * `langPath` is a local directory and the cache is off). It returns text, which the MRZ reader fits to the layout.
 *
 * @throws {DocumentModelError} when tesseract.js or the traineddata cannot be loaded
 */
export async function loadTesseractLineRecognizer(opts: TesseractLineRecognizerOptions = {}): Promise<TesseractLineRecognizer> {
  const require = createRequire(import.meta.url);
  const langPath = opts.langPath ?? path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const lineHeight = opts.lineHeight ?? 64;
  let worker: import('tesseract.js').Worker;
  try {
    const { createWorker, PSM, OEM } = await import('tesseract.js');
    worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined });
    await worker.setParameters({ tessedit_char_whitelist: MRZ_ALPHABET, tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: '300' });
  } catch (cause) {
    throw new DocumentModelError(langPath, `Tesseract cannot be started (${(cause as Error).message})`, { cause });
  }
  return {
    id: 'tesseract-5-eng-best-int',
    async read(image: RgbImage, quads: readonly Quad[]): Promise<LineReading[]> {
      const out: LineReading[] = [];
      for (const q of quads) {
        const size = quadSize(q);
        const grown = growQuad(q, size.height * 0.4, size.height * 0.15);
        const g = quadSize(grown);
        const width = Math.max(16, Math.min(4000, Math.round((lineHeight * g.width) / Math.max(g.height, 1))));
        const crop = cropQuad(image, grown, width, lineHeight);
        const png = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } }).greyscale().png().toBuffer();
        const { data } = await worker.recognize(png);
        out.push({ kind: 'text', text: data.text.replace(/\s+/g, ''), confidence: data.confidence / 100 });
      }
      return out;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
