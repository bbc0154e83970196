import { getConfig } from '../core/config.ts';
import { executeInference, type InferenceRequest, type InferenceResponse } from '../core/inference.ts';

/**
 * The container-image inference Lambda (functions/inference/Dockerfile): invoked synchronously by the image steps
 * with the S3 keys of their media, it runs the face or liveness engine on onnxruntime-node and answers the
 * measurement. Errors propagate, so that the invoking step sees a FunctionError and applies its provider-failure
 * decision.
 */
export async function handler(event: InferenceRequest): Promise<InferenceResponse> {
  return executeInference(event, getConfig());
}
