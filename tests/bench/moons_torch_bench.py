#!/usr/bin/python3
"""PyTorch on one thread, the bench's moons runs (run.mjs and deep.mjs time the same work in
WASM): 2000 moons (noise 0.2, data seed 42), 80/20 split, Adam 1e-3, batch 32 reshuffled every
epoch, BCE with logits, 100 epochs, and after each epoch a no-grad pass over the 1,600 training
points, as the lab's step() does. Runs: the article's 2-64-64-1 (ReLU, GELU; PyTorch's init)
and the deep 2-32x16-1 (He init; GELU also with LayerNorm). Best of ROUNDS each; prints JSON
{"runs": [{"name", "seconds"}...], "torch": version, "blas": torch_blas.blas_info()}."""

import json
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from torch_blas import blas_info, one_thread

ROUNDS = 3
EPOCHS = 100
RUNS = [
    dict(name="relu", hidden=[64, 64], act=nn.ReLU, he=False, norm=False),
    dict(name="gelu", hidden=[64, 64], act=nn.GELU, he=False, norm=False),
    dict(name="relu, He", hidden=[32] * 16, act=nn.ReLU, he=True, norm=False),
    dict(name="gelu, He", hidden=[32] * 16, act=nn.GELU, he=True, norm=False),
    dict(name="gelu, He, LayerNorm", hidden=[32] * 16, act=nn.GELU, he=True, norm=True),
]


def model(run):
    mods, w = [], 2
    for h in run["hidden"]:
        mods.append(nn.Linear(w, h))
        if run["norm"]:
            mods.append(nn.LayerNorm(h))
        mods.append(run["act"]())
        w = h
    mods.append(nn.Linear(w, 1))
    net = nn.Sequential(*mods)
    if run["he"]:
        for m in net:
            if isinstance(m, nn.Linear):
                nn.init.kaiming_normal_(m.weight, mode="fan_in", nonlinearity="relu")
                nn.init.zeros_(m.bias)
    return net


def train(run, x, y, seed):
    torch.manual_seed(seed)
    net = model(run)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    t0 = time.perf_counter()
    for _ in range(EPOCHS):
        perm = torch.randperm(len(y))
        for i in range(0, len(y), 32):
            idx = perm[i : i + 32]
            opt.zero_grad()
            F.binary_cross_entropy_with_logits(net(x[idx]), y[idx]).backward()
            opt.step()
        with torch.no_grad():
            logits = net(x)
            F.binary_cross_entropy_with_logits(logits, y)
            ((logits > 0) == (y > 0.5)).float().mean()
    return time.perf_counter() - t0


def main():
    one_thread()
    xs, ys = make_moons(2000, noise=0.2, random_state=42)
    xtr, _, ytr, _ = train_test_split(xs, ys, test_size=0.2, random_state=42)
    x = torch.tensor(xtr.astype(np.float32))
    y = torch.tensor(ytr.astype(np.float32)).reshape(-1, 1)
    runs = []
    for run in RUNS:
        best = min(train(run, x, y, seed) for seed in range(ROUNDS))
        runs.append({"name": run["name"], "seconds": best})
    print(json.dumps({"runs": runs, "torch": torch.__version__, "blas": blas_info()}))


if __name__ == "__main__":
    main()
