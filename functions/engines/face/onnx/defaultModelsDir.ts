import path from 'node:path';
import { FaceModelError } from '../errors.ts';

/**
 * The repository's `models/` directory, resolved from this module's location (`functions/engines/face/onnx` ->
 * `../../../../models`). Only correct when the source tree is run as is (tsx, vitest, the local server); a bundled
 * Lambda must pass `modelsDir` explicitly, and gets a clear error instead of a wrong path when it does not.
 *
 * @throws {FaceModelError} when the module location is unknown (e.g. inside a CommonJS bundle)
 */
export function defaultModelsDir(): string {
  const here = import.meta.dirname as string | undefined;
  if (!here) throw new FaceModelError('models/', 'no modelsDir was given and this module\'s location is unknown (bundled code must pass modelsDir)');
  return path.resolve(here, '..', '..', '..', '..', 'models');
}
