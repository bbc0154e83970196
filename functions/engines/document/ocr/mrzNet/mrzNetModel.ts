import path from 'node:path';
import { DocumentModelError } from '../../errors.ts';

/** One model file of the repository's `models/` directory with its recorded checksum and licence. */
export interface MrzNetModelFile {
  /** Stable id reported in the reading's provenance (`models`). */
  readonly id: string;
  /** File name inside `models/`. */
  readonly file: string;
  /** SHA-256 of the file as committed (models/MODELS.md). */
  readonly sha256: string;
  readonly licence: string;
}

/**
 * The project's MRZ line recogniser: trained by `training/mrz-recognizer/train.py` on lines drawn by
 * `training/mrz-recognizer/render.py` from Debian's `fonts-ocr-b` (public domain), no image of any data set
 * (models/MODELS.md gives the commands, seeds and data sizes). Licence: the repository's.
 */
export const MRZ_NET_MODEL = {
  id: 'kyc/mrz-fcn',
  file: 'mrz-fcn.onnx',
  sha256: '5fd2ce0e5e7bf71dc18d8caf9f23753a7173b8a97f078c2593d879bd492804e4',
  licence: 'Apache-2.0 (this repository; trained here on lines drawn from the public-domain OCR-B font of Debian fonts-ocr-b)',
} as const satisfies MrzNetModelFile;

/**
 * The own recogniser's network trained further on lines half of which are drawn in other monospaced faces
 * (training/mrz-recognizer/README.md, fifth run: FreeMono, Noto Mono, Noto Sans Mono, Inconsolata; DejaVu Sans Mono
 * and Liberation Mono held out for measuring), asked only as step 9's arbiter (reading/readMrzZone.ts
 * `chooseByArbiter`). Licence: the repository's.
 */
export const MRZ_NET_FACES_MODEL = {
  id: 'kyc/mrz-fcn-faces',
  file: 'mrz-fcn-faces.onnx',
  sha256: '734d03463a35df710d10f38e08be42acd04d93f6466657c47c4ed44a087d22cb',
  licence: 'Apache-2.0 (this repository; trained here on lines drawn from OCR-B of Debian fonts-ocr-b and the free monospaced faces of fonts-freefont-ttf, fonts-noto-mono and fonts-inconsolata)',
} as const satisfies MrzNetModelFile;

/**
 * The own recogniser's network trained further on lines 60% of which are drawn blurred by 0.08-0.25 capital heights
 * (a quarter of those also smeared along the line; training/mrz-recognizer/README.md, sixth run, `render.py …
 * blurred`), asked only as the first recogniser of step 15, on pages the other steps leave unread or with a field's check
 * digit failing (reading/readMrzZone.ts `blurRecognizer`). Licence: the repository's.
 */
export const MRZ_NET_BLUR_MODEL = {
  id: 'kyc/mrz-fcn-blur',
  file: 'mrz-fcn-blur.onnx',
  sha256: '52d827c5a432f8ae18a9b9081ca5267394d6d249f234b6b248d8a2eca430bd26',
  licence: 'Apache-2.0 (this repository; trained here on lines drawn from the public-domain OCR-B font of Debian fonts-ocr-b)',
} as const satisfies MrzNetModelFile;

/**
 * The repository's `models/` directory, resolved from this module's location (`functions/engines/document/ocr/mrzNet`
 * -> `../../../../../models`). Only correct when the source tree is run as is (tsx, vitest, the local server, the
 * container image, which keeps the tree); other layouts pass `modelsDir` to `loadDocumentEngine`.
 * @throws {DocumentModelError} when the module location is unknown (e.g. inside a CommonJS bundle)
 */
export function defaultDocumentModelsDir(): string {
  const here = import.meta.dirname as string | undefined;
  if (!here) throw new DocumentModelError('models/', "no modelsDir was given and this module's location is unknown (bundled code must pass modelsDir)");
  return path.resolve(here, '..', '..', '..', '..', '..', 'models');
}
