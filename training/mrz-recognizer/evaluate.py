"""Reads held-out lines with a checkpoint of train.py and prints the share read exactly and the character error rate
(greedy decoding, as train.py reports after each epoch). Usage: python3 evaluate.py CHECKPOINT.pt VALID.npz..."""
import sys

import torch

from train import MrzNet, evaluate, load


def main():
    torch.set_num_threads(2)
    net = MrzNet()
    net.load_state_dict(torch.load(sys.argv[1]))
    for path in sys.argv[2:]:
        images, texts = load(path)
        lines, cer = evaluate(net, images, texts)
        print(f"{path}: {len(texts)} lines, read exactly {lines:.4f}, character error rate {cer:.4f}")


if __name__ == "__main__":
    main()
