"""Exports a checkpoint of train.py to ONNX (what train.py does at its end). Usage: python3 export.py CHECKPOINT.pt OUT.onnx"""
import sys

import torch

from train import HEIGHT, Exported, MrzNet


def main():
    net = MrzNet()
    net.load_state_dict(torch.load(sys.argv[1]))
    net.eval()
    torch.onnx.export(Exported(net), torch.zeros(1, 1, HEIGHT, 400), sys.argv[2], input_names=["x"],
                      output_names=["probs"], opset_version=13,
                      dynamic_axes={"x": {0: "batch", 3: "width"}, "probs": {0: "batch", 1: "frames"}})


if __name__ == "__main__":
    main()
