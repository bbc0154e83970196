import path from 'node:path';
import type ort from 'onnxruntime-node';
import { createVerifiedSession, readVerifiedFile, type ModelErrorFactory } from '../../../onnx/verifiedSession.ts';
import { foldAffineActivations } from '../../../onnx/foldAffineActivations.ts';
import { DocumentModelError } from '../../errors.ts';
import type { PaddleModelFile } from './paddleModels.ts';

const documentModelError: ModelErrorFactory = (file, reason, options) => new DocumentModelError(file, reason, options);

/**
 * Reads a PaddleOCR model file, verifies its SHA-256 against the catalogue, and creates an ONNX Runtime session
 * (functions/engines/onnx/verifiedSession.ts: `threads` intra-op threads, no spinning). With `fold`, the verified
 * graph is rewritten first (functions/engines/onnx/foldAffineActivations.ts): the same outputs, less time.
 *
 * @param dir - directory of the model files
 * @param model - catalogue entry
 * @param threads - intra-op threads
 * @param fold - fold the affine blocks and hard-swish activations of the PP-LCNetV3 backbone
 * @throws {DocumentModelError} when the file is missing, its checksum differs, or ONNX Runtime rejects it
 */
export function loadOnnxSession(dir: string, model: PaddleModelFile, threads: number, fold: boolean): Promise<ort.InferenceSession> {
  return createVerifiedSession(path.join(dir, model.file), model.sha256, threads, documentModelError, fold ? async (bytes) => (await foldAffineActivations(bytes)).bytes : undefined);
}

/**
 * Reads a file and checks its SHA-256 (the recogniser's dictionary).
 * @throws {DocumentModelError} when unreadable or when the checksum differs
 */
export function readVerified(file: string, sha256: string): Promise<Buffer> {
  return readVerifiedFile(file, sha256, documentModelError);
}
