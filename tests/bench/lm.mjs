// The language model's speed and memory goals (issue 12), for `npm run bench`: the reference run
// in WASM (Node) beside PyTorch 1.13 on one thread (`npm run bench` installs Debian's
// python3-torch where it can; without it that comparison reads "not measured"), fine-tuning
// 200 steps, sampling 200 characters, and the module's heap.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const corpus = readFileSync(`${root}web/data/corpus.txt`, 'utf8');
const weightsPath = `${root}web/data/lm-gelu.json`;

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { seconds: (performance.now() - t0) / 1000, value };
}

export function runLmBench(M) {
  const config = JSON.parse(M.lmDefaultConfigJson());
  const e = new M.LmExperiment('{}', corpus);
  let peakHeap = M.heapBytesInUse();
  const run = timed(() => {
    while (e.step(50)) peakHeap = Math.max(peakHeap, M.heapBytesInUse());
  });
  const flops = JSON.parse(M.lmFlopsJson('{}', corpus));
  const result = {
    config,
    wasm: {
      seconds: run.seconds,
      gflop: flops.run / 1e9,
      gflop_per_s: flops.run / 1e9 / run.seconds,
      chars_per_s: (config.steps * config.batch * config.ctx) / run.seconds,
      val_loss: JSON.parse(e.evaluateJson()).val_loss,
      peak_heap_mb: peakHeap / 2 ** 20,
    },
  };
  e.delete();

  if (existsSync(weightsPath)) {
    const f = new M.LmExperiment(JSON.stringify({ steps: 200 }), corpus);
    f.loadStateJson(readFileSync(weightsPath, 'utf8'));
    f.setActivation('relu');
    f.setConstantLr(1e-3);
    result.finetune_200_s = timed(() => {
      while (f.step(50));
    }).seconds;
    f.sample('The ', 200, 0.8, 0); // warm
    result.sample_200_s = Math.min(
      ...[1, 2, 3].map((seed) => timed(() => f.sample('The hacker ', 200, 0.8, seed)).seconds),
    );
    f.delete();
  }

  try {
    const out = execFileSync('/usr/bin/python3', [`${root}tests/bench/lm_torch_bench.py`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    result.torch = JSON.parse(out);
  } catch (err) {
    // Python's last line says why (e.g. "ModuleNotFoundError: No module named 'torch'").
    const why = String(err.stderr ?? '')
      .trim()
      .split('\n')
      .pop();
    result.torch = { error: why || err.message.split('\n')[0] };
  }
  return result;
}

export function renderLm(r, goal) {
  const out = [''];
  const w = r.wasm;
  out.push(
    `Language model, reference run (d ${r.config.d}, ${r.config.layers} layers, ctx ${r.config.ctx}, batch ${r.config.batch}, ${r.config.steps} steps, ${r.config.act}):`,
  );
  out.push(
    `  WASM/Node ${w.seconds.toFixed(1)} s, ${w.gflop.toFixed(0)} GFLOP, ${w.gflop_per_s.toFixed(2)} GFLOP/s, ${Math.round(w.chars_per_s)} characters/s, val loss ${w.val_loss.toFixed(4)}`,
  );
  if (r.torch.seconds) {
    out.push(
      `  PyTorch 1 thread ${r.torch.seconds.toFixed(1)} s, val loss ${r.torch.val_loss.toFixed(4)}: WASM takes ${(w.seconds / r.torch.seconds).toFixed(2)}x PyTorch's time`,
    );
  } else {
    out.push(`  PyTorch: not measured (${r.torch.error})`);
  }
  out.push(goal('reference run in WASM <= 30 s', w.seconds <= 30, `${w.seconds.toFixed(1)} s`));
  if (r.torch.seconds)
    out.push(
      goal(
        'no slower than PyTorch on one thread',
        w.seconds <= r.torch.seconds,
        `${(w.seconds / r.torch.seconds).toFixed(2)}x`,
      ),
    );
  else out.push('  [not measured] no slower than PyTorch on one thread: PyTorch did not run');
  if (r.finetune_200_s !== undefined) {
    out.push(
      goal('fine-tune 200 steps <= 5 s', r.finetune_200_s <= 5, `${r.finetune_200_s.toFixed(2)} s`),
    );
    out.push(
      goal(
        'sample 200 characters <= 0.2 s',
        r.sample_200_s <= 0.2,
        `${r.sample_200_s.toFixed(3)} s`,
      ),
    );
  }
  out.push(goal('WASM heap <= 64 MB', w.peak_heap_mb <= 64, `${w.peak_heap_mb.toFixed(1)} MB`));
  return out;
}
