import path from 'node:path';
import ort from 'onnxruntime-node';
import { createVerifiedSession } from '../../onnx/verifiedSession.ts';
import { FaceModelError } from '../errors.ts';
import type { ModelFile } from '../models.ts';

/** ONNX Runtime settings shared by every session. */
export interface SessionSettings {
  /**
   * Threads of one operator (`intraOpNumThreads`).
   * @default 2 (the Lambda and CI machines have 2 vCPUs)
   */
  readonly threads?: number;
}

/**
 * Measured on the 2-core machine (docs/performance.md): with ONNX Runtime's default busy-waiting ("spinning") of idle
 * intra-op threads, a 2-thread session slows the Node.js main thread that decodes the next image to ~200 ms per
 * face instead of ~20 ms; spinning is therefore off.
 */
const SESSION_DEFAULTS = { threads: 2 } as const;

const sessions = new Map<string, Promise<ort.InferenceSession>>();

/**
 * Loads a model file once per process and returns its ONNX Runtime session; later calls with the same file and
 * settings return the same session (DESIGN.md: sessions are created once per Lambda container and reused).
 *
 * The file's SHA-256 is compared with {@link ModelFile.sha256} before it is handed to ONNX Runtime, so a replaced or
 * truncated model fails at load instead of producing silently different scores.
 *
 * @param modelsDir - directory holding the model files
 * @param model - the catalogue entry
 * @param settings - runtime settings
 * @throws {FaceModelError} when the file is missing, its checksum differs, or ONNX Runtime rejects it
 */
export function loadModelSession(modelsDir: string, model: ModelFile, settings: SessionSettings = {}): Promise<ort.InferenceSession> {
  const { threads } = { ...SESSION_DEFAULTS, ...settings };
  const file = path.resolve(modelsDir, model.file);
  const key = `${file}|${threads}`;
  let session = sessions.get(key);
  if (!session) {
    session = createSession(file, model.sha256, threads);
    sessions.set(key, session);
    // A failed load is not cached, so that a fixed file can be loaded by a later call.
    session.catch(() => sessions.delete(key));
  }
  return session;
}

/** Reads, verifies and opens one model file (functions/engines/onnx/verifiedSession.ts), failing with {@link FaceModelError}. */
function createSession(file: string, sha256: string, threads: number): Promise<ort.InferenceSession> {
  return createVerifiedSession(file, sha256, threads, (f, reason, options) => new FaceModelError(f, `${reason}; see models/MODELS.md`, options));
}

/**
 * Runs a single-input session on one float tensor and returns the named outputs' data.
 * @param session - the session
 * @param data - input values
 * @param dims - input shape
 */
export async function runSession(session: ort.InferenceSession, data: Float32Array, dims: readonly number[]): Promise<Record<string, Float32Array>> {
  const input = new ort.Tensor('float32', data, dims);
  const out = await session.run({ [session.inputNames[0]!]: input });
  const result: Record<string, Float32Array> = {};
  for (const name of session.outputNames) result[name] = out[name]!.data as Float32Array;
  return result;
}
