import type onnxProto from 'onnx-proto';

/** The `onnx` namespace of `onnx-proto`, imported on first use (about 60 ms: a cold start that loads no model skips it). */
let onnx: typeof onnxProto.onnx;

/**
 * A lossless rewrite of an ONNX graph (float32) that lets ONNX Runtime run PP-LCNetV3 networks (the backbones of
 * PaddleOCR's PP-OCRv4 mobile detector and recogniser) with far fewer element-wise passes. The Paddle-to-ONNX export
 * writes each "learnable affine block" (a scalar scale and bias, PP-LCNetV3, PaddleOCR 2.7) and each hard-swish
 * activation (Howard et al., "Searching for MobileNetV3", ICCV 2019: x·ReLU6(x + 3)/6) as separate Mul, Add, Clip
 * and Div nodes over the whole feature map; on 2 cores they took 42% of the recogniser's time (ONNX Runtime's
 * profiler on one 2×3×48×1688 batch in a debugging run, 2026-11-24). Three rewrites, each exact in real arithmetic:
 *
 * - **Conv → Mul(s) → Add(b)** (scalar s, b; the Conv's only consumer): folded into the convolution, W' = s·W,
 *   B' = s·B + b. Exact for any padding, stride or grouping.
 * - **hard-swish** `Div(Mul(x, Clip(Add(x, 3), 0, 6)), 6)`: rewritten as `Mul(x, HardSigmoid(x))` with
 *   HardSigmoid's alpha = 1/6 and beta = 0.5 (ONNX HardSigmoid: max(0, min(1, alpha·x + beta)), opset 6). ONNX
 *   Runtime fuses a HardSigmoid into the convolution before it, so a block's activation becomes one Mul.
 * - **Mul(s) → Add(b) → Conv** with no padding (the affine output's only consumer): folded into the convolution,
 *   W' = s·W, B'[o] = B[o] + b·ΣW[o] (sum over the output channel's weights). Only unpadded convolutions: with zero
 *   padding, border outputs would see b where the original saw 0.
 *
 * Everything else is left as it is; constants no node uses any more are removed. On the PP-OCRv4 mobile models the
 * rewritten graphs answer the same as the originals to within 1e-4 (absolute, on seeded random inputs; test
 * foldAffineActivations.test.ts), and the engine reads every document of the evaluation sets as before in less time
 * (`npm run bench:document -- --published-graphs` against `npm run bench:document`; docs/document-verification.md
 * "Speed").
 *
 * @param model - the bytes of an ONNX model (ModelProto)
 * @returns the rewritten model's bytes and how many of each rewrite were made (all 0: the model is re-encoded as is)
 * @throws Error when the bytes are not an ONNX model (protobuf decoding fails)
 */
export async function foldAffineActivations(model: Uint8Array): Promise<{ bytes: Uint8Array; folded: FoldCounts }> {
  onnx ??= (await import('onnx-proto')).default.onnx;
  const decoded = onnx.ModelProto.decode(model);
  // Decoding builds message instances (GraphProto, NodeProto), whose repeated fields are arrays, never null.
  const graph = decoded.graph as onnxProto.onnx.GraphProto | null;
  if (!graph) return { bytes: model, folded: { convAffine: 0, hardSwish: 0, affineConv: 0 } };
  const rewriter = new GraphRewriter(graph);
  const folded = {
    convAffine: rewriter.foldConvAffine(),
    hardSwish: rewriter.rewriteHardSwish(),
    affineConv: rewriter.foldAffineConv(),
  };
  rewriter.finish();
  return { bytes: onnx.ModelProto.encode(decoded).finish(), folded };
}

/** How many times each rewrite of {@link foldAffineActivations} applied. */
export interface FoldCounts {
  /** Conv → Mul → Add folded into the convolution. */
  readonly convAffine: number;
  /** Hard-swish subgraphs rewritten as Mul(x, HardSigmoid(x)). */
  readonly hardSwish: number;
  /** Mul → Add → unpadded Conv folded into the convolution. */
  readonly affineConv: number;
}

type Node = onnxProto.onnx.NodeProto;
type Tensor = onnxProto.onnx.ITensorProto;

/** `TensorProto.DataType.FLOAT` (onnx.proto3). */
const FLOAT = 1;

class GraphRewriter {
  private nodes: Node[];
  /** Constant tensors by name: graph initializers and outputs of Constant nodes. */
  private readonly constants = new Map<string, Tensor>();
  private readonly added: Node[] = [];
  private serial = 0;

  constructor(private readonly graph: onnxProto.onnx.GraphProto) {
    this.nodes = [...(graph.node as Node[])];
    for (const t of graph.initializer) if (t.name) this.constants.set(t.name, t);
    for (const n of this.nodes) {
      const value = n.opType === 'Constant' ? n.attribute.find((a) => a.name === 'value')?.t : undefined;
      if (value && n.output[0]) this.constants.set(n.output[0], value);
    }
  }

  /** Nodes consuming each value; graph outputs count as a consumer that cannot be rewritten. */
  private consumers(): Map<string, Array<Node | null>> {
    const out = new Map<string, Array<Node | null>>();
    const add = (name: string, node: Node | null) => {
      const list = out.get(name);
      if (list) list.push(node);
      else out.set(name, [node]);
    };
    for (const n of this.nodes) for (const input of n.input) add(input, n);
    for (const o of this.graph.output) if (o.name) add(o.name, null);
    return out;
  }

  /** The only consumer of `value`, if it is a node of type `opType`. */
  private soleConsumer(consumers: Map<string, Array<Node | null>>, value: string, opType: string): Node | null {
    const list = consumers.get(value);
    return list?.length === 1 && list[0]?.opType === opType ? list[0] : null;
  }

  private floats(name: string): Float32Array | null {
    const t = this.constants.get(name);
    if (!t || t.dataType !== FLOAT) return null;
    if (t.rawData && t.rawData.length > 0) {
      const raw = t.rawData;
      return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
    }
    return Float32Array.from(t.floatData ?? []);
  }

  private scalar(name: string): number | null {
    const t = this.constants.get(name);
    if (!t || t.dataType !== FLOAT) return null;
    // Counted before any copy: most constants asked about are weight tensors, not scalars.
    const count = t.rawData && t.rawData.length > 0 ? t.rawData.length / Float32Array.BYTES_PER_ELEMENT : (t.floatData?.length ?? 0);
    return count === 1 ? ((this.floats(name) as Float32Array)[0] as number) : null;
  }

  /** The scalar constant a two-input node combines with `value` (its other input), or null when that is no scalar. */
  private scalarOperand(node: Node, value: string): number | null {
    const other = node.input[0] === value ? node.input[1] : node.input[0];
    return node.input.length === 2 && other !== undefined ? this.scalar(other) : null;
  }

  private newConstant(data: ArrayLike<number>, dims: readonly number[]): string {
    const name = `folded_${this.serial++}`;
    const t = onnx.TensorProto.create({ name, dataType: FLOAT, dims: [...dims], rawData: new Uint8Array(Float32Array.from(data).buffer) });
    this.constants.set(name, t);
    this.added.push(
      onnx.NodeProto.create({
        opType: 'Constant',
        name,
        output: [name],
        attribute: [onnx.AttributeProto.create({ name: 'value', type: onnx.AttributeProto.AttributeType.TENSOR, t })],
      }),
    );
    return name;
  }

  /** Weight dims and bias of a Conv whose weight (and bias, if any) are constants; null otherwise. */
  private convParams(conv: Node): { weights: Float32Array; dims: number[]; bias: Float32Array } | null {
    const weightName = conv.input[1];
    const t = weightName ? this.constants.get(weightName) : undefined;
    const weights = weightName ? this.floats(weightName) : null;
    if (!t || !weights) return null;
    const dims = (t.dims ?? []).map(Number);
    // Weights stored outside the model (external data) read as empty here: such a Conv is left alone.
    if (weights.length === 0 || weights.length !== dims.reduce((a, b) => a * b, 1)) return null;
    const outChannels = dims[0] ?? 0;
    const bias = conv.input[2] ? this.floats(conv.input[2]) : new Float32Array(outChannels);
    if (!bias || bias.length !== outChannels || outChannels === 0) return null;
    return { weights, dims, bias };
  }

  /** Rewrite 1 of {@link foldAffineActivations}. */
  foldConvAffine(): number {
    const consumers = this.consumers();
    const removed = new Set<Node>();
    for (const conv of this.nodes) {
      const out = conv.output[0];
      if (conv.opType !== 'Conv' || !out) continue;
      const mul = this.soleConsumer(consumers, out, 'Mul');
      const s = mul ? this.scalarOperand(mul, out) : null;
      const add = mul?.output[0] ? this.soleConsumer(consumers, mul.output[0], 'Add') : null;
      const b = add && mul?.output[0] ? this.scalarOperand(add, mul.output[0]) : null;
      const params = this.convParams(conv);
      if (!mul || !add || s === null || b === null || !params || !add.output[0]) continue;
      const weights = params.weights.map((w) => w * s);
      const bias = params.bias.map((v) => v * s + b);
      conv.input = [conv.input[0] as string, this.newConstant(weights, params.dims), this.newConstant(bias, [bias.length])];
      conv.output = [add.output[0]];
      removed.add(mul).add(add);
    }
    this.nodes = this.nodes.filter((n) => !removed.has(n));
    return removed.size / 2;
  }

  /** Rewrite 2 of {@link foldAffineActivations}. */
  rewriteHardSwish(): number {
    const consumers = this.consumers();
    const removed = new Set<Node>();
    const replaced = new Map<Node, Node>();
    let count = 0;
    for (const add of this.nodes) {
      if (add.opType !== 'Add' || add.input.length !== 2 || !add.output[0]) continue;
      const x = add.input.find((i) => this.scalar(i) === null);
      if (x === undefined || this.scalarOperand(add, x) !== 3) continue;
      const clip = this.soleConsumer(consumers, add.output[0], 'Clip');
      if (!clip?.output[0] || this.clipRange(clip)?.join() !== '0,6') continue;
      const mul = this.soleConsumer(consumers, clip.output[0], 'Mul');
      if (!mul?.output[0] || !mul.input.includes(x) || !mul.input.includes(clip.output[0])) continue;
      const div = this.soleConsumer(consumers, mul.output[0], 'Div');
      if (!div?.output[0] || div.input[0] !== mul.output[0] || div.input[1] === undefined || this.scalar(div.input[1]) !== 6) continue;
      const gate = `${div.output[0]}_hardsigmoid`;
      replaced.set(
        add,
        onnx.NodeProto.create({
          opType: 'HardSigmoid',
          name: gate,
          input: [x],
          output: [gate],
          attribute: [
            onnx.AttributeProto.create({ name: 'alpha', type: onnx.AttributeProto.AttributeType.FLOAT, f: 1 / 6 }),
            onnx.AttributeProto.create({ name: 'beta', type: onnx.AttributeProto.AttributeType.FLOAT, f: 0.5 }),
          ],
        }),
      );
      replaced.set(div, onnx.NodeProto.create({ opType: 'Mul', name: `${div.output[0]}_hardswish`, input: [x, gate], output: [div.output[0]] }));
      removed.add(clip).add(mul);
      count++;
    }
    this.nodes = this.nodes.filter((n) => !removed.has(n)).map((n) => replaced.get(n) ?? n);
    return count;
  }

  /** A Clip's [min, max]: attributes before opset 11, constant inputs since. */
  private clipRange(clip: Node): [number | null, number | null] | null {
    if (clip.input.length > 1) {
      const [, min, max] = clip.input;
      return [min ? this.scalar(min) : null, max ? this.scalar(max) : null];
    }
    const attr = (name: string) => clip.attribute.find((a) => a.name === name)?.f ?? null;
    return [attr('min'), attr('max')];
  }

  /** Rewrite 3 of {@link foldAffineActivations}. */
  foldAffineConv(): number {
    const consumers = this.consumers();
    const removed = new Set<Node>();
    for (const mul of this.nodes) {
      if (mul.opType !== 'Mul' || mul.input.length !== 2 || !mul.output[0]) continue;
      const x = mul.input.find((i) => this.scalar(i) === null);
      const s = x === undefined ? null : this.scalarOperand(mul, x);
      const add = this.soleConsumer(consumers, mul.output[0], 'Add');
      const b = add ? this.scalarOperand(add, mul.output[0]) : null;
      const conv = add?.output[0] ? this.soleConsumer(consumers, add.output[0], 'Conv') : null;
      if (x === undefined || s === null || b === null || !conv || conv.input[0] !== add?.output[0] || !unpadded(conv)) continue;
      const params = this.convParams(conv);
      if (!params) continue;
      const outChannels = params.dims[0] as number;
      const perOutput = params.weights.length / outChannels;
      const bias = Array.from(params.bias, (v, o) => {
        let sum = 0;
        for (let j = 0; j < perOutput; j++) sum += params.weights[o * perOutput + j] as number;
        return v + b * sum;
      });
      conv.input = [x, this.newConstant(params.weights.map((w) => w * s), params.dims), this.newConstant(bias, [outChannels])];
      removed.add(mul).add(add as Node);
    }
    this.nodes = this.nodes.filter((n) => !removed.has(n));
    return removed.size / 2;
  }

  /** Writes the nodes back: new constants first, then the graph in its order, without constants nobody uses. */
  finish(): void {
    const used = new Set<string>();
    for (const n of [...this.added, ...this.nodes]) for (const i of n.input) used.add(i);
    // Graph outputs, and graph inputs (older exports list their initializers among them too), stay.
    for (const v of [...this.graph.output, ...this.graph.input]) if (v.name) used.add(v.name);
    const live = (n: Node) => n.opType !== 'Constant' || n.output.some((o) => used.has(o));
    this.graph.node = [...this.added.filter(live), ...this.nodes.filter(live)];
    this.graph.initializer = this.graph.initializer.filter((t) => t.name && used.has(t.name));
  }
}

/** Whether a Conv reads no padding: no `pads` other than 0 and no SAME auto-padding. */
function unpadded(conv: Node): boolean {
  const autoPad = conv.attribute.find((a) => a.name === 'auto_pad')?.s;
  const mode = autoPad ? Buffer.from(autoPad).toString('utf8') : 'NOTSET';
  if (mode !== 'NOTSET' && mode !== 'VALID') return false;
  const pads = conv.attribute.find((a) => a.name === 'pads')?.ints ?? [];
  return pads.every((p) => Number(p) === 0);
}
