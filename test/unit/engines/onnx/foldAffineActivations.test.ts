import { readFile } from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { foldAffineActivations } from '../../../../functions/engines/onnx/foldAffineActivations.ts';
import { defaultPaddleModelsDir, PADDLE_MODELS } from '../../../../functions/engines/document/ocr/paddle/paddleModels.ts';

const { onnx } = onnxProto;

/** Deterministic uniform numbers in [lo, hi) (Park-Miller). */
function uniform(seed: number): (lo: number, hi: number) => number {
  let state = seed;
  return (lo, hi) => {
    state = (state * 16807) % 2147483647;
    return lo + ((hi - lo) * state) / 2147483647;
  };
}

/** A small graph in the shape of the Paddle export, built node by node with float32 initializers. */
class GraphBuilder {
  readonly nodes: onnxProto.onnx.INodeProto[] = [];
  readonly initializers: onnxProto.onnx.ITensorProto[] = [];
  private n = 0;
  constructor(private readonly rnd: (lo: number, hi: number) => number) {}

  constant(values: number[], dims: number[]): string {
    const name = `c${this.n++}`;
    this.initializers.push({ name, dataType: onnx.TensorProto.DataType.FLOAT, dims, floatData: values });
    return name;
  }
  op(opType: string, inputs: string[], attribute: onnxProto.onnx.IAttributeProto[] = []): string {
    const out = `v${this.n++}`;
    this.nodes.push({ opType, input: inputs, output: [out], attribute });
    return out;
  }
  conv(x: string, cin: number, cout: number, k: number, pad: number): string {
    const w = this.constant(Array.from({ length: cout * cin * k * k }, () => this.rnd(-0.6, 0.6)), [cout, cin, k, k]);
    const b = this.constant(Array.from({ length: cout }, () => this.rnd(-0.5, 0.5)), [cout]);
    return this.op('Conv', [x, w, b], [
      { name: 'kernel_shape', type: onnx.AttributeProto.AttributeType.INTS, ints: [k, k] },
      { name: 'pads', type: onnx.AttributeProto.AttributeType.INTS, ints: [pad, pad, pad, pad] },
    ]);
  }
  affine(x: string): string {
    return this.op('Add', [this.op('Mul', [this.constant([this.rnd(0.5, 2)], []), x]), this.constant([this.rnd(-1, 1)], [])]);
  }
  hardSwish(x: string): string {
    const gate = this.op('Clip', [this.op('Add', [x, this.constant([3], [])]), this.constant([0], []), this.constant([6], [])]);
    return this.op('Div', [this.op('Mul', [x, gate]), this.constant([6], [])]);
  }
  model(input: string, outputs: string[], shape: number[]): Uint8Array {
    const info = (name: string, dims?: number[]) => ({
      name,
      type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT, ...(dims ? { shape: { dim: dims.map((d) => ({ dimValue: d })) } } : {}) } },
    });
    return onnx.ModelProto.encode({
      irVersion: 7,
      opsetImport: [{ domain: '', version: 13 }],
      graph: { name: 'g', node: this.nodes, initializer: this.initializers, input: [info(input, shape)], output: outputs.map((o) => info(o)) },
    }).finish();
  }
}

async function run(model: Uint8Array, input: Float32Array, dims: number[]): Promise<Float32Array[]> {
  const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'all', intraOpNumThreads: 1 });
  const out = await session.run({ [session.inputNames[0] as string]: new ort.Tensor('float32', input, dims) });
  return session.outputNames.map((name) => out[name]!.data as Float32Array);
}

function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
  return max;
}

function opCount(model: Uint8Array): number {
  return (onnx.ModelProto.decode(model).graph?.node ?? []).filter((n) => n.opType !== 'Constant').length;
}

describe('foldAffineActivations', () => {
  it('folds the affine blocks around convolutions and rewrites hard-swish, answering the same', async () => {
    const rnd = uniform(7);
    const g = new GraphBuilder(rnd);
    // Conv 3x3 (padded) -> affine -> hard-swish -> affine -> Conv 1x1 -> affine -> hard-swish -> affine -> Conv 3x3 (padded)
    let v = g.affine(g.conv('x', 2, 4, 3, 1));
    v = g.conv(g.affine(g.hardSwish(v)), 4, 4, 1, 0);
    v = g.conv(g.affine(g.hardSwish(g.affine(v))), 4, 3, 3, 1);
    const original = g.model('x', [v], [1, 2, 6, 7]);

    const { bytes, folded } = await foldAffineActivations(original);

    // Both Conv -> affine pairs fold; the affine before the 1x1 convolution folds; the one before the padded 3x3
    // convolution does not (zero padding would see its bias).
    expect(folded).toEqual({ convAffine: 2, hardSwish: 2, affineConv: 1 });
    expect(opCount(original)).toBe(19);
    expect(opCount(bytes)).toBe(9); // 3 Conv, 2 × (HardSigmoid, Mul), the last affine's Mul and Add
    const input = Float32Array.from({ length: 2 * 6 * 7 }, () => rnd(-4, 4));
    const [a] = await run(original, input, [1, 2, 6, 7]);
    const [b] = await run(bytes, input, [1, 2, 6, 7]);
    expect(maxAbsDifference(a!, b!)).toBeLessThan(1e-5);
  });

  it('leaves a pattern alone when an intermediate value is used elsewhere', async () => {
    const g = new GraphBuilder(uniform(11));
    const conv = g.conv('x', 1, 2, 1, 0);
    const out = g.affine(conv);
    // The convolution's output is also a graph output: folding the affine into it would change that output.
    const model = g.model('x', [out, conv], [1, 1, 3, 3]);
    const { bytes, folded } = await foldAffineActivations(model);
    expect(folded).toEqual({ convAffine: 0, hardSwish: 0, affineConv: 0 });
    expect(opCount(bytes)).toBe(opCount(model));
  });

  it('rejects bytes that are not an ONNX model', async () => {
    await expect(foldAffineActivations(Buffer.from('not a model, just text that protobuf cannot decode'))).rejects.toThrow();
  });

  it.each([
    ['recognition', PADDLE_MODELS.recognition, [1, 3, 48, 320], { convAffine: 28, hardSwish: 28, affineConv: 12 }],
    ['detection', PADDLE_MODELS.detection, [1, 3, 160, 224], { convAffine: 28, hardSwish: 24, affineConv: 10 }],
  ] as const)('rewrites the PP-OCRv4 %s model without changing its output', async (_name, model, dims, counts) => {
    const original = await readFile(path.join(defaultPaddleModelsDir(), model.file));
    const { bytes, folded } = await foldAffineActivations(original);
    expect(folded).toEqual(counts);
    const rnd = uniform(3);
    const input = Float32Array.from({ length: dims.reduce((x: number, y: number) => x * y, 1) }, () => rnd(-1, 1));
    const [a] = await run(original, input, [...dims]);
    const [b] = await run(bytes, input, [...dims]);
    expect(maxAbsDifference(a!, b!)).toBeLessThan(1e-4);
  });
});
