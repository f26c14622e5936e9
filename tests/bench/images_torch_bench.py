#!/usr/bin/python3
"""PyTorch 1.13 on one thread, the bench's image run (tests/bench/images.mjs): one epoch of
784-128x8-10 (ReLU, batch 128, Adam 1e-3) on the first 8,000 Fashion-MNIST training images, then
the end-of-epoch passes over them and the first 2,000 test images, as the lab's step() does.
Best of ROUNDS; prints JSON {"seconds": ..., "train_seconds": ..., "torch": version, "blas": ...}."""

import gzip
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn

from torch_blas import blas_info, one_thread

# As wasm/cli-images.mjs IMAGES_DIR: AL_FASHION_MNIST_DIR, else Debian's dataset-fashion-mnist.
DATA = os.environ.get("AL_FASHION_MNIST_DIR") or "/usr/share/datasets/fashion-mnist"
ROUNDS = 2


def load(name, header, n, width):
    with gzip.open(os.path.join(DATA, name + ".gz"), "rb") as f:
        a = np.frombuffer(f.read(), dtype=np.uint8, offset=header)[: n * width]
    return a.reshape(n, width) if width > 1 else a


def main():
    one_thread()
    xtr = torch.tensor(load("train-images-idx3-ubyte", 16, 8000, 784).copy()) / 255
    ytr = torch.tensor(load("train-labels-idx1-ubyte", 8, 8000, 1).astype(np.int64))
    xte = torch.tensor(load("t10k-images-idx3-ubyte", 16, 2000, 784).copy()) / 255
    yte = torch.tensor(load("t10k-labels-idx1-ubyte", 8, 2000, 1).astype(np.int64))
    best, best_train = float("inf"), float("inf")
    for r in range(ROUNDS):
        torch.manual_seed(r)
        mods, w = [], 784
        for _ in range(8):
            mods += [nn.Linear(w, 128), nn.ReLU()]
            w = 128
        model = nn.Sequential(*mods, nn.Linear(w, 10))
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        t0 = time.perf_counter()
        perm = torch.randperm(8000)
        for i in range(0, 8000, 128):
            idx = perm[i : i + 128]
            opt.zero_grad()
            nn.functional.cross_entropy(model(xtr[idx]), ytr[idx]).backward()
            opt.step()
        t1 = time.perf_counter()
        with torch.no_grad():
            for x, y in ((xtr, ytr), (xte, yte)):
                for i in range(0, len(y), 512):
                    nn.functional.cross_entropy(model(x[i : i + 512]), y[i : i + 512])
        t2 = time.perf_counter()
        best, best_train = min(best, t2 - t0), min(best_train, t1 - t0)
    print(json.dumps({"seconds": best, "train_seconds": best_train, "torch": torch.__version__,
                      "blas": blas_info()}))


if __name__ == "__main__":
    main()
