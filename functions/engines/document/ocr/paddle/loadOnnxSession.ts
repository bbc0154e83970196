import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { DocumentModelError } from '../../errors.ts';
import type { PaddleModelFile } from './paddleModels.ts';

/**
 * Reads a model file, verifies its SHA-256 against the catalogue, and creates an ONNX Runtime session
 * (`threads` intra-op threads, no spinning: idle threads must not slow the Node.js thread that prepares the next
 * crop).
 *
 * @param dir - directory of the model files
 * @param model - catalogue entry
 * @param threads - intra-op threads
 * @throws {DocumentModelError} when the file is missing, its checksum differs, or ONNX Runtime rejects it
 */
export async function loadOnnxSession(dir: string, model: PaddleModelFile, threads: number): Promise<ort.InferenceSession> {
  const file = path.join(dir, model.file);
  const bytes = await readVerified(file, model.sha256);
  try {
    return await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
  } catch (cause) {
    throw new DocumentModelError(file, `ONNX Runtime cannot load it (${(cause as Error).message})`, { cause });
  }
}

/**
 * Reads a file and checks its SHA-256.
 * @throws {DocumentModelError} when unreadable or when the checksum differs
 */
export async function readVerified(file: string, sha256: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (cause) {
    throw new DocumentModelError(file, `cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'})`, { cause });
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== sha256) throw new DocumentModelError(file, `sha256 is ${actual}, expected ${sha256}`);
  return bytes;
}
