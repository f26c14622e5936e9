#!/usr/bin/python3
"""PyTorch 1.13 on one thread, the language model's reference run (or the config given as JSON
in argv[1]): prints {"seconds": training time, "val_loss": final, "torch": version, "blas": the
BLAS it ran on (torch_blas.py)}. For tests/bench/lm.mjs."""
import json
import os
import sys
import time

import torch

from torch_blas import blas_info, one_thread

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'fixtures'))
from tiny_lm_torch import DEFAULTS, Corpus, TinyLM, evaluate, scratch_text, train  # noqa: E402

one_thread()
c = dict(DEFAULTS, **(json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}))
corpus = Corpus(scratch_text())
torch.manual_seed(c['seed'])
model = TinyLM(c, len(corpus.vocab))
t0 = time.perf_counter()
# The same work as the core's timed run: its loop evaluates at step 0, every eval_every steps
# and at the end, so this one does too.
train(model, corpus, c, record=True)
seconds = time.perf_counter() - t0
print(json.dumps({'seconds': seconds, 'val_loss': evaluate(model, corpus, c, c['steps'])['val_loss'],
                  'torch': torch.__version__, 'blas': blas_info()}))
