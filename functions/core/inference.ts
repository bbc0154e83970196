import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { Config } from './config.ts';
import { ProviderError } from './errors.ts';
import { getClients } from './store/clients.ts';
import type { FaceEngine, FaceMatchMeasurement } from '../engines/face/types.ts';
import type { LivenessEngine, LivenessMeasurement } from '../engines/liveness/types.ts';

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
  | { task: 'liveness'; bucket: string; keys: { media: string }; kind: 'jpg' | 'png' | 'webp' | 'mp4' };

/** What an inference answers: the engine's measurement and the models that made it. */
export type InferenceResponse =
  | { task: 'face-match'; measurement: FaceMatchMeasurement; models: ReadonlyArray<{ id: string; sha256: string }> }
  | { task: 'liveness'; measurement: LivenessMeasurement; models: ReadonlyArray<{ id: string; sha256: string }> };

/** Directory of the model files: `MODELS_DIR`, else the repository's `models/`. */
export function modelsDir(config: Pick<Config, 'MODELS_DIR'>): string {
  return config.MODELS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');
}

let face: Promise<FaceEngine> | undefined;
let liveness: Promise<LivenessEngine> | undefined;

/**
 * The face engine, loaded once per process. Imported dynamically: only the inference container (and the one-machine
 * service) carries onnxruntime-node and sharp; the step functions' bundles leave them out.
 */
export function getFaceEngine(config: Config): Promise<FaceEngine> {
  face ??= import('../engines/face/index.ts').then((m) => m.loadFaceEngine({ modelsDir: modelsDir(config) })).catch((err: unknown) => {
    face = undefined;
    throw err;
  });
  return face;
}

/** The liveness engine, loaded once per process (imported dynamically, as {@link getFaceEngine}). */
export function getLivenessEngine(config: Config): Promise<LivenessEngine> {
  liveness ??= import('../engines/liveness/index.ts').then((m) => m.loadLivenessEngine({ modelsDir: modelsDir(config) })).catch((err: unknown) => {
    liveness = undefined;
    throw err;
  });
  return liveness;
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
  const [engine, media] = await Promise.all([getLivenessEngine(config), readObject(config, req.bucket, req.keys.media)]);
  return { task: 'liveness', measurement: await engine.check(media, req.kind), models: engine.models };
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
