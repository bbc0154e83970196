import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The part of the TF.js API the candidate evaluation uses. */
export interface Tfjs {
  setBackend(b: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  tensor4d(values: Float32Array, shape: [number, number, number, number]): TfTensor;
  loadGraphModel(handler: unknown): Promise<TfGraphModel>;
  io: { fromMemory(artifacts: unknown): unknown };
  version_core: string;
}
/** A TF.js tensor. */
export interface TfTensor {
  readonly shape: number[];
  data(): Promise<Float32Array>;
  dispose(): void;
}
/** A TF.js graph model. */
export interface TfGraphModel {
  readonly inputs: Array<{ shape?: number[] }>;
  execute(input: TfTensor): TfTensor | TfTensor[];
}

let tfPromise: Promise<Tfjs> | undefined;

/**
 * TF.js with the WebAssembly backend, loaded from the repository's `node_modules` (devDependencies; evaluation only).
 * @param repoRoot - directory holding `node_modules`
 */
export function loadTfjs(repoRoot: string): Promise<Tfjs> {
  tfPromise ??= (async () => {
    const require = createRequire(path.join(repoRoot, 'package.json'));
    const tf = require('@tensorflow/tfjs') as Tfjs;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string, usePlatformFetch?: boolean): void };
    wasm.setWasmPaths(path.join(repoRoot, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist') + path.sep, false);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return tfPromise;
}

/**
 * Loads a TF.js graph model (`model.json` + weight shards) from disk without any network or native binding.
 * @param tf - TF.js
 * @param jsonFile - path of the model's JSON file
 */
export async function loadGraphModelFromDisk(tf: Tfjs, jsonFile: string): Promise<TfGraphModel> {
  const json = JSON.parse(await readFile(jsonFile, 'utf8')) as {
    modelTopology: unknown;
    weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
    signature?: unknown;
    userDefinedMetadata?: unknown;
  };
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(jsonFile), p))));
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  return tf.loadGraphModel(
    tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs, weightData, format: json.format, generatedBy: json.generatedBy, convertedBy: json.convertedBy, signature: json.signature, userDefinedMetadata: json.userDefinedMetadata }),
  );
}
