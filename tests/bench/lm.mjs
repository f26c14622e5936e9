// The language model's speed and memory goals (issues 12 and 30), for `npm run bench`: the
// reference (from-scratch) run in WASM (Node) beside PyTorch 1.13 on one thread and OpenBLAS
// (torch.mjs; `npm run bench` installs Debian's python3-torch and libopenblas0-pthread where it
// can; without PyTorch that comparison reads "not measured"),
// and the shipped pretrained model (its own configuration, web/data/lm-pretrained.json): its
// validation loss and word rate before the swap to ReLU, after it and after fine-tuning 200
// steps, the time of those 200 steps and of sampling 200 characters, and the module's heap.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { parseWordList, wordRate } from '../../web/js/shared/word-rate.js';
import { scratchText } from '../../web/js/shared/lm-config.js';
import { renderLmStepBudget, runLmStepBudget } from './lm-budget.mjs';
import { runBesideCeiling } from './peak.mjs';
import { runTorch, torchLabel } from './torch.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = (/** @type {string} */ name) => readFileSync(`${root}web/data/${name}`, 'utf8');
const corpus = scratchText(data('jargon.txt'));
const weightsPath = `${root}web/data/lm-gelu.safetensors`;
// The word rate as issue 30 measured it: three seeds of 400 characters from a plain prompt.
const PROMPT = 'The hacker ';
const SEEDS = [0, 1, 2];

/** Loss and word rate (all seeds' words pooled) of the model e holds now. */
function stage(e, words) {
  let total = 0;
  let known = 0;
  const texts = SEEDS.map((seed) => {
    const text = e.sample(PROMPT, 400, 0.8, seed);
    const r = wordRate(PROMPT, text, words);
    total += r.words;
    known += r.known;
    return text;
  });
  return {
    val_loss: JSON.parse(e.evaluateJson()).val_loss,
    word_rate: known / total,
    words: total,
    text: texts[0],
  };
}

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return { seconds: (performance.now() - t0) / 1000, value };
}

export function runLmBench(M) {
  const config = JSON.parse(M.lmDefaultConfigJson());
  const e = new M.LmExperiment('{}', corpus);
  let peakHeap = M.heapBytesInUse();
  // 100 steps a chunk (an evaluation ends each), the ceiling sampled between them.
  const run = runBesideCeiling(M, () => {
    const more = e.step(100);
    peakHeap = Math.max(peakHeap, M.heapBytesInUse());
    return more;
  });
  const flops = JSON.parse(M.lmFlopsJson('{}', corpus));
  // The timed loop evaluates at step 0, every eval_every steps and at the end (PyTorch's run
  // does the same): their FLOP count with the steps'.
  const evaluations =
    1 + Math.floor(config.steps / config.eval_every) + (config.steps % config.eval_every ? 1 : 0);
  const gflop = (flops.run + evaluations * flops.eval) / 1e9;
  const result = {
    config,
    wasm: {
      seconds: run.seconds,
      gflop,
      gflop_per_s: gflop / run.seconds,
      ceiling_gflops: run.ceiling_gflops,
      ceiling_min: run.ceiling_min,
      ceiling_max: run.ceiling_max,
      evaluations,
      chars_per_s: (config.steps * config.batch * config.ctx) / run.seconds,
      val_loss: JSON.parse(e.evaluateJson()).val_loss,
      peak_heap_mb: peakHeap / 2 ** 20,
    },
  };
  e.delete();
  result.budget = runLmStepBudget(M, corpus);

  if (existsSync(weightsPath)) {
    const entry = JSON.parse(data('lm-pretrained.json')).gelu;
    const words = parseWordList(data('words.txt'));
    const tuning = { ...entry.config, steps: 200, eval_every: 200 };
    const f = new M.LmExperiment(JSON.stringify(tuning), data(entry.text));
    const error = f.loadStateSafetensors(readFileSync(weightsPath));
    if (error) throw new Error(`bench: web/data/lm-gelu.safetensors: ${error}`);
    const pretrained = stage(f, words);
    f.setActivation('relu');
    const swapped = stage(f, words);
    f.setConstantLr(1e-3);
    result.finetune_200_s = timed(() => {
      while (f.step(10)) peakHeap = Math.max(peakHeap, M.heapBytesInUse());
    }).seconds;
    const finetuned = stage(f, words);
    result.sample_200_s = Math.min(
      ...[1, 2, 3].map((seed) => timed(() => f.sample(PROMPT, 200, 0.8, seed)).seconds),
    );
    result.pretrained = { config: entry.config, text: entry.text, pretrained, swapped, finetuned };
    result.wasm.peak_heap_mb = peakHeap / 2 ** 20;
    f.delete();
  }

  result.torch = runTorch('lm_torch_bench.py');
  return result;
}

export function renderLm(r, goal, peak) {
  const out = [''];
  const w = r.wasm;
  out.push(
    `Language model, reference run (d ${r.config.d}, ${r.config.layers} layers, ctx ${r.config.ctx}, batch ${r.config.batch}, ${r.config.steps} steps, ${r.config.act}):`,
  );
  out.push(
    `  WASM/Node ${w.seconds.toFixed(1)} s, ${w.gflop.toFixed(0)} GFLOP, ${w.gflop_per_s.toFixed(1)} GFLOP/s, ${((100 * w.gflop_per_s) / w.ceiling_gflops).toFixed(0)}% of the ceiling beside it (${w.ceiling_gflops.toFixed(1)} GFLOP/s on average, ${w.ceiling_min.toFixed(1)} to ${w.ceiling_max.toFixed(1)} between its 100-step chunks; ${((100 * w.gflop_per_s) / peak).toFixed(0)}% of the bench's first reading, ${peak.toFixed(1)}), ${Math.round(w.chars_per_s)} characters/s, val loss ${w.val_loss.toFixed(4)}`,
  );
  // The goals of the step (the whole step a guard, its linear products) are in the split below;
  // the 75 % once asked of the whole step is withdrawn (lm-budget.mjs says why).
  out.push(...renderLmStepBudget(r.budget, goal));
  if (r.torch.seconds) {
    out.push(
      `  ${torchLabel(r.torch)} ${r.torch.seconds.toFixed(1)} s (${(w.gflop / r.torch.seconds).toFixed(2)} GFLOP/s), val loss ${r.torch.val_loss.toFixed(4)}: WASM takes ${(w.seconds / r.torch.seconds).toFixed(2)}x PyTorch's time`,
    );
  } else {
    out.push(`  PyTorch: not measured (${r.torch.error})`);
  }
  out.push(goal('reference run in WASM <= 30 s', w.seconds <= 30, `${w.seconds.toFixed(1)} s`));
  if (r.torch.seconds)
    out.push(
      goal(
        'Transformer in WASM no slower than PyTorch on one thread',
        w.seconds <= r.torch.seconds,
        `${(w.seconds / r.torch.seconds).toFixed(2)}x`,
      ),
    );
  else out.push('  [not measured] no slower than PyTorch on one thread: PyTorch did not run');
  if (r.pretrained) {
    const p = r.pretrained;
    out.push(
      `Pretrained model (d ${p.config.d}, ${p.config.layers} layers, ctx ${p.config.ctx}, batch ${p.config.batch}, ${p.config.steps} steps on ${p.text}), GELU -> ReLU:`,
    );
    out.push('                      val loss   word rate (3 x 400 characters from "The hacker ")');
    for (const [name, s] of [
      ['pretrained (GELU)', p.pretrained],
      ['swapped to ReLU', p.swapped],
      ['fine-tuned 200', p.finetuned],
    ])
      out.push(
        `  ${name.padEnd(20)}${s.val_loss.toFixed(4).padStart(8)}   ${(100 * s.word_rate).toFixed(1)} % of ${s.words} words`,
      );
    out.push(`  it writes: ${JSON.stringify(p.pretrained.text.slice(0, 120))}`);
    out.push(
      goal(
        'pretrained val loss <= 1.8 nats/char',
        p.pretrained.val_loss <= 1.8,
        p.pretrained.val_loss.toFixed(4),
      ),
    );
    out.push(
      goal(
        'pretrained word rate >= 75 %',
        p.pretrained.word_rate >= 0.75,
        `${(100 * p.pretrained.word_rate).toFixed(1)} %`,
      ),
    );
  }
  if (r.finetune_200_s !== undefined) {
    out.push(
      goal(
        'fine-tune 200 steps (pretrained size) <= 10 s',
        r.finetune_200_s <= 10,
        `${r.finetune_200_s.toFixed(2)} s`,
      ),
    );
    out.push(
      goal(
        'sample 200 characters (pretrained size) <= 0.2 s',
        r.sample_200_s <= 0.2,
        `${r.sample_200_s.toFixed(3)} s`,
      ),
    );
  }
  out.push(goal('WASM heap <= 64 MB', w.peak_heap_mb <= 64, `${w.peak_heap_mb.toFixed(1)} MB`));
  return out;
}
