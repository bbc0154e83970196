"""Trains the MRZ line recogniser on lines drawn by render.py and exports it to ONNX.

Model: a fully convolutional CTC recogniser (as Rosetta, Borisyuk, Gordo, Sivakumar 2018, "Rosetta: Large Scale
System for Text Detection and Recognition in Images", KDD, arXiv:1910.05085): five 3x3 convolutions with batch norm
and ReLU, pooled to one row at a quarter of the input width, three 1-D convolutions of 5 frames along the line and a
1x1 convolution onto 38 classes (0 = CTC blank, 1-37 = "0-9A-Z<" in the order of
functions/engines/document/mrz/alphabet.ts), trained with CTC (Graves et al. 2006). A bidirectional LSTM in place of the 1-D convolutions (CRNN, Shi, Bai, Yao
2015, arXiv:1507.05717) cost 1.2 s of the 1.4 s of a training step (32 lines 512 px wide, Debian's torch 1.13 on
2 cores; a debugging timing, no script keeps it); the convolutions, 0.03 s.

Input: `[batch, 1, 32, width]`, grey, each image standardised to zero mean and unit standard deviation (the engine does
the same: functions/engines/document/ocr/mrzNet/). Output `probs`: `[batch, width / 4, 38]`, softmax probabilities.

Usage: python3 train.py OUT_DIR TRAIN.npz[,TRAIN2.npz...] VALID.npz[,VALID2.npz...] MINUTES [INIT PEAK_LR]
Writes OUT_DIR/mrz-fcn.pt after every epoch, and OUT_DIR/mrz-fcn.onnx at the end. With INIT (a checkpoint `.pt` of this
script, or an exported `.onnx` such as models/mrz-fcn.onnx), training continues from those weights, its learning rate
peaking at PEAK_LR (default 2e-3). An exported model has its batch norms folded into the convolutions (ONNX export in
eval mode), so from one the batch norms start as identities over the folded biases and stay frozen (used as the
affine layers they are in eval mode, their statistics not updated): the network computes exactly what the file does
and trains from there (requires Debian's `python3-onnx`). Each validation set is reported on its own.
"""

import math
import os
import sys
import time

import numpy as np
import torch
from torch import nn

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<"
HEIGHT = 32


class MrzNet(nn.Module):
    def __init__(self, classes=len(ALPHABET) + 1):
        super().__init__()

        def block(cin, cout, stride=1):
            return [nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(cout),
                    nn.ReLU(inplace=True)]

        def block1d(cin, cout, kernel):
            return [nn.Conv1d(cin, cout, kernel, padding=kernel // 2, bias=False), nn.BatchNorm1d(cout),
                    nn.ReLU(inplace=True)]

        self.features = nn.Sequential(
            *block(1, 24, 2),                                       # 16 x W/2
            *block(24, 48), nn.MaxPool2d(2, 2),                     # 8 x W/4
            *block(48, 64), *block(64, 64), nn.MaxPool2d((2, 1), (2, 1)),   # 4 x W/4
            *block(64, 96), nn.MaxPool2d((2, 1), (2, 1)),                   # 2 x W/4
            nn.Conv2d(96, 96, (2, 1), bias=False), nn.BatchNorm2d(96), nn.ReLU(inplace=True),  # 1 x W/4
        )
        # context along the line: three 1-D convolutions of 5 frames (about 3 characters each side in all)
        self.sequence = nn.Sequential(*block1d(96, 128, 5), *block1d(128, 128, 5), *block1d(128, 128, 5))
        self.head = nn.Conv1d(128, classes, 1)

    def forward(self, x):
        f = self.features(x).squeeze(2)  # [B, C, T]
        return self.head(self.sequence(f)).permute(0, 2, 1)  # logits [B, T, classes]


class Exported(nn.Module):
    """The network with its softmax, as the engine runs it."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        return torch.softmax(self.net(x), dim=2)


def init_from_onnx(net, path):
    """Sets `net` to the weights of an exported model (see the module docstring); returns the batch norms to freeze."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(path)
    weights = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    nodes = [n for n in model.graph.node if n.op_type == "Conv"]
    convs = [m for m in net.modules() if isinstance(m, (nn.Conv1d, nn.Conv2d))]
    norms = [m for m in net.modules() if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d))]
    if len(nodes) != len(convs) or len(norms) != len(convs) - 1:
        raise SystemExit(f"{path}: {len(nodes)} convolutions, the network has {len(convs)}")
    with torch.no_grad():
        for k, (node, conv) in enumerate(zip(nodes, convs)):
            conv.weight.copy_(torch.from_numpy(weights[node.input[1]].copy()))
            bias = torch.from_numpy(weights[node.input[2]].copy())
            if k < len(norms):
                norm = norms[k]
                norm.running_mean.zero_()
                norm.running_var.fill_(1 - norm.eps)
                norm.weight.fill_(1)
                norm.bias.copy_(bias)
            else:
                conv.bias.copy_(bias)
    return norms


def load(paths):
    images, texts = [], []
    for path in paths.split(","):
        d = np.load(path)
        flat, widths = d["flat"], d["widths"]
        offset = 0
        for w in widths:
            n = HEIGHT * int(w)
            images.append(flat[offset:offset + n].reshape(HEIGHT, int(w)))
            offset += n
        texts.extend(str(t) for t in d["texts"])
    return images, texts


def standardise(image):
    x = image.astype(np.float32)
    return (x - x.mean()) / (x.std() + 1.0)


def batches(images, texts, size, rng):
    order = rng.permutation(len(images))
    # bucket by width: sort chunks of 50 batches, so a batch pads little
    chunk = size * 50
    groups = []
    for start in range(0, len(order), chunk):
        part = sorted(order[start:start + chunk], key=lambda i: images[i].shape[1])
        groups.extend(part[k:k + size] for k in range(0, len(part), size))
    rng.shuffle(groups)
    for group in groups:
        width = max(images[i].shape[1] for i in group)
        width = int(math.ceil(width / 4) * 4)
        x = np.zeros((len(group), 1, HEIGHT, width), np.float32)
        lengths, targets, target_lengths = [], [], []
        for j, i in enumerate(group):
            im = standardise(images[i])
            x[j, 0, :, :im.shape[1]] = im
            x[j, 0, :, im.shape[1]:] = im[:, -1:]  # pad with the last column
            lengths.append(im.shape[1] // 4)
            codes = [ALPHABET.index(c) + 1 for c in texts[i]]
            targets.extend(codes)
            target_lengths.append(len(codes))
        yield (torch.from_numpy(x), torch.tensor(lengths), torch.tensor(targets), torch.tensor(target_lengths))


def greedy(probs):
    best = probs.argmax(-1)
    out, prev = [], 0
    for k in best:
        k = int(k)
        if k != prev and k != 0:
            out.append(ALPHABET[k - 1])
        prev = k
    return "".join(out)


def evaluate(net, images, texts, frozen=()):
    net.eval()
    right, chars, errors = 0, 0, 0
    with torch.no_grad():
        for image, text in zip(images, texts):
            x = torch.from_numpy(standardise(image))[None, None]
            read = greedy(net(x)[0])
            right += read == text
            chars += len(text)
            errors += edit_distance(read, text)
    net.train()
    for norm in frozen:
        norm.eval()
    return right / len(texts), errors / chars


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def main():
    out_dir, train_paths, valid_path, minutes = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    os.makedirs(out_dir, exist_ok=True)
    init = sys.argv[5] if len(sys.argv) > 5 else None
    peak = float(sys.argv[6]) if len(sys.argv) > 6 else 2e-3
    torch.manual_seed(0)
    torch.set_num_threads(2)
    rng = np.random.default_rng(0)
    images, texts = load(train_paths)
    valid_sets = [(path, *load(path)) for path in valid_path.split(",")]
    net = MrzNet()
    frozen = []
    if init and init.endswith(".onnx"):
        frozen = init_from_onnx(net, init)
    elif init:
        net.load_state_dict(torch.load(init))
    for path, valid_images, valid_texts in valid_sets:
        line_acc, cer = evaluate(net, valid_images, valid_texts, frozen)
        print(f"before training: {path} lines right {line_acc:.4f} CER {cer:.4f}", flush=True)
    for norm in frozen:
        norm.eval()
    print(f"{sum(p.numel() for p in net.parameters())} parameters, {len(images)} training lines", flush=True)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    optimiser = torch.optim.AdamW(net.parameters(), lr=peak, weight_decay=1e-4)
    deadline = time.time() + minutes * 60
    start = time.time()
    epoch, step = 0, 0
    while time.time() < deadline:
        epoch += 1
        total, count = 0.0, 0
        for x, lengths, targets, target_lengths in batches(images, texts, 32, rng):
            # cosine learning-rate decay over the time budget
            progress = min(1.0, (time.time() - start) / (deadline - start))
            for group in optimiser.param_groups:
                group["lr"] = peak * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * progress)))
            logits = net(x)
            log_probs = logits.log_softmax(2).permute(1, 0, 2)  # [T, B, C]
            loss = ctc(log_probs, targets, lengths, target_lengths)
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 5.0)
            optimiser.step()
            total += float(loss)
            count += 1
            step += 1
            if step % 200 == 0:
                print(f"epoch {epoch} step {step} loss {total / count:.4f} lr {optimiser.param_groups[0]['lr']:.5f}"
                      f" {time.time() - start:.0f}s", flush=True)
            if time.time() > deadline:
                break
        for path, valid_images, valid_texts in valid_sets:
            line_acc, cer = evaluate(net, valid_images, valid_texts, frozen)
            print(f"epoch {epoch} done: loss {total / max(1, count):.4f} {path} lines right {line_acc:.4f}"
                  f" CER {cer:.4f}", flush=True)
        torch.save(net.state_dict(), f"{out_dir}/mrz-fcn.pt")
    net.eval()
    torch.onnx.export(Exported(net), torch.zeros(1, 1, HEIGHT, 400), f"{out_dir}/mrz-fcn.onnx",
                      input_names=["x"], output_names=["probs"], opset_version=13,
                      dynamic_axes={"x": {0: "batch", 3: "width"}, "probs": {0: "batch", 1: "frames"}})
    print("exported", flush=True)


if __name__ == "__main__":
    main()
