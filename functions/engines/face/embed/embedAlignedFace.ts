import type ort from 'onnxruntime-node';
import type { RgbImage } from '../../image/rgbImage.ts';
import { toChwTensor } from '../../image/toTensor.ts';
import { ALIGNED_FACE_SIZE } from '../constants.ts';
import { runSession } from '../onnx/loadModelSession.ts';

/** Input normalisation of the embedding network (models.ts `embedding`; faceplugin `preprocessFeature`). */
export const EMBEDDING_INPUT = { order: 'bgr', mean: 127, std: 128 } as const;

/**
 * Embeds an aligned 112x112 face and L2-normalises the result, so that the dot product of two embeddings is their
 * cosine similarity.
 *
 * @param session - the embedding session
 * @param aligned - output of `alignFace`
 * @param flipAugment - also embed the mirrored face and sum the two before normalising (insightface's LFW
 *   evaluation "flip test")
 * @returns a unit-length vector (512 values)
 */
export async function embedAlignedFace(session: ort.InferenceSession, aligned: RgbImage, flipAugment: boolean): Promise<Float32Array> {
  const dims = [1, 3, ALIGNED_FACE_SIZE, ALIGNED_FACE_SIZE];
  const first = Object.values(await runSession(session, toChwTensor(aligned, EMBEDDING_INPUT), dims))[0]!;
  const vector = Float32Array.from(first);
  if (flipAugment) {
    const second = Object.values(await runSession(session, toChwTensor(mirror(aligned), EMBEDDING_INPUT), dims))[0]!;
    for (let i = 0; i < vector.length; i++) vector[i]! += second[i]!;
  }
  return l2Normalise(vector);
}

/** Scales a vector to unit length in place and returns it (a zero vector stays zero). */
export function l2Normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

function mirror(img: RgbImage): RgbImage {
  const { width, height, data } = img;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 3;
      const d = (y * width + (width - 1 - x)) * 3;
      out[d] = data[s]!;
      out[d + 1] = data[s + 1]!;
      out[d + 2] = data[s + 2]!;
    }
  }
  return { data: out, width, height };
}
