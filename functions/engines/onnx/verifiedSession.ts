import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';

/**
 * Loading of the ONNX models every engine runs (face, liveness, document): read the file, check its SHA-256 against
 * the engine's catalogue (models/MODELS.md, functions/engines/document/ocr/paddle/paddleModels.ts), and create a CPU
 * session. Each engine passes its own error class, so that a failure names the engine's model error.
 */

/** Makes the engine's model error: the file, what is wrong with it, and the underlying cause. */
export type ModelErrorFactory = (file: string, reason: string, options?: ErrorOptions) => Error;

/**
 * Reads a file and checks its SHA-256.
 * @param file - path of the file
 * @param sha256 - expected digest, 64 lower-case hex characters
 * @param fail - the engine's error factory
 * @throws the factory's error when the file is unreadable or its digest differs
 */
export async function readVerifiedFile(file: string, sha256: string, fail: ModelErrorFactory): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (cause) {
    throw fail(file, `cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'})`, { cause });
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) throw fail(file, `sha256 is ${actual}, expected ${sha256}`);
  return bytes;
}

/**
 * Reads and verifies a model file and creates an ONNX Runtime CPU session: `threads` intra-op threads, one inter-op
 * thread, sequential execution, all graph optimisations, and no spinning (idle threads must not slow the Node.js
 * thread that prepares the next input).
 * @param file - path of the .onnx file
 * @param sha256 - expected digest
 * @param threads - intra-op threads (the Lambda and CI machines have 2 vCPUs)
 * @param fail - the engine's error factory
 * @param transform - a rewrite of the verified bytes before ONNX Runtime loads them (e.g. foldAffineActivations.ts)
 * @throws the factory's error when the file is unreadable, altered, or rejected by `transform` or by ONNX Runtime
 */
export async function createVerifiedSession(
  file: string,
  sha256: string,
  threads: number,
  fail: ModelErrorFactory,
  transform?: (bytes: Buffer) => Promise<Uint8Array>,
): Promise<ort.InferenceSession> {
  const verified = await readVerifiedFile(file, sha256, fail);
  let bytes: Uint8Array = verified;
  try {
    if (transform) bytes = await transform(verified);
  } catch (cause) {
    throw fail(file, `its graph cannot be rewritten (${(cause as Error).message})`, { cause });
  }
  try {
    return await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
  } catch (cause) {
    throw fail(file, `ONNX Runtime cannot load it (${(cause as Error).message})`, { cause });
  }
}
