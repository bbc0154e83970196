import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeImage } from '../../image/decodeImage.ts';

/**
 * The evaluation peer: face-api.js (the maintained `@vladmandic/face-api` fork, MIT) with its SSD-MobileNetV1
 * detector, 68-point landmark net and ResNet-34 face descriptor (a port of dlib's `dlib_face_recognition_resnet_model_v1`,
 * 128-d, compared by Euclidean distance; dlib reports 99.38% on LFW) running on TensorFlow.js with the WebAssembly
 * backend (no native TensorFlow, no install scripts).
 *
 * Evaluation only: these packages are devDependencies and nothing in the service imports this file.
 */
export interface FaceApiPeer {
  /** Detects the most confident face and returns its 128-d descriptor, or null when no face is found. */
  describe(image: Buffer): Promise<Float32Array | null>;
  /** Library versions, for the report. */
  readonly version: string;
}

/** Score of a pair under the peer's own metric: the negated Euclidean distance, so that higher means more similar. */
export function peerScore(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return -Math.sqrt(s);
}

/**
 * Loads TF.js (wasm backend), face-api and its three models from `node_modules`.
 * @param repoRoot - directory holding `node_modules`
 */
export async function loadFaceApiPeer(repoRoot: string): Promise<FaceApiPeer> {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  /* eslint-disable @typescript-eslint/no-require-imports */
  const tf = require('@tensorflow/tfjs') as { setBackend(b: string): Promise<boolean>; ready(): Promise<void>; tensor3d(d: Uint8Array, s: number[], t: string): { dispose(): void }; version_core: string };
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string, usePlatformFetch?: boolean): void };
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApiModule;
  wasm.setWasmPaths(path.join(repoRoot, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist') + path.sep, false);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = path.join(repoRoot, 'node_modules', '@vladmandic', 'face-api', 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.3 });
  return {
    version: `@vladmandic/face-api ${faceapi.version}, TF.js ${tf.version_core} (wasm)`,
    async describe(image) {
      const img = await decodeImage(image);
      const t = tf.tensor3d(img.data, [img.height, img.width, 3], 'int32');
      try {
        const r = await faceapi.detectSingleFace(t, options).withFaceLandmarks().withFaceDescriptor();
        return r ? Float32Array.from(r.descriptor) : null;
      } finally {
        t.dispose();
      }
    },
  };
}

interface FaceApiModule {
  version: string;
  nets: Record<'ssdMobilenetv1' | 'faceLandmark68Net' | 'faceRecognitionNet', { loadFromDisk(dir: string): Promise<void> }>;
  SsdMobilenetv1Options: new (o: { minConfidence: number }) => unknown;
  detectSingleFace(
    input: unknown,
    options: unknown,
  ): { withFaceLandmarks(): { withFaceDescriptor(): Promise<{ descriptor: Float32Array } | undefined> } };
}
