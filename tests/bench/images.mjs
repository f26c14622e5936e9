// Issue 26's speed goal: one epoch of the 784-128x8-10 network (ReLU, batch 128) on the first
// 8,000 Fashion-MNIST training images, with the end-of-epoch passes over them and 2,000 test
// images, in WASM under Node against PyTorch 1.13 on one thread and OpenBLAS
// (images_torch_bench.py through torch.mjs, the same work); best of ROUNDS each. Goal: WASM at least 1.5x faster.
import { existsSync } from 'node:fs';

import { imageFiles } from '../../wasm/cli-images.mjs';
import { runTorch, torchLabel } from './torch.mjs';

const IMAGES = '/usr/share/datasets/fashion-mnist';
const ROUNDS = 2;
const CONFIG = {
  hidden: '128x8',
  activation: 'relu',
  batch: 128,
  epochs: 1,
  n_train: 8000,
  n_test: 2000,
};

/** @param {import('../../wasm/activation-lab').ActivationLab} M */
export function runImageBench(M) {
  if (!existsSync(IMAGES)) return { error: `no ${IMAGES} (apt-get install dataset-fashion-mnist)` };
  const files = imageFiles(IMAGES);
  let seconds = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const e = new M.ImageExperiment(JSON.stringify({ ...CONFIG, seed: r }), files);
    try {
      const t0 = performance.now();
      if (!e.step()) throw new Error(`image run did not train: ${e.error() || e.status()}`);
      seconds = Math.min(seconds, (performance.now() - t0) / 1000);
    } finally {
      e.delete();
    }
  }
  /** @type {{seconds?: number, error?: string}} */
  const torch = runTorch('images_torch_bench.py');
  return { seconds, torch };
}

/**
 * @param {any} r
 * @param {(text: string, ok: boolean, measured: string) => string} goal
 */
export function renderImages(r, goal) {
  const out = [
    '',
    'Images: one epoch of 784-128x8-10 (ReLU, batch 128) on 8,000 Fashion-MNIST images + evaluation:',
  ];
  if (r.error) return [...out, `  not measured (${r.error})`];
  out.push(`  WASM/Node ${r.seconds.toFixed(2)} s`);
  if (!r.torch.seconds) {
    out.push(`  PyTorch: not measured (${r.torch.error})`);
    return [
      ...out,
      '  [not measured] WASM >= 1.5x faster than PyTorch on one thread: PyTorch did not run',
    ];
  }
  const ratio = r.torch.seconds / r.seconds;
  out.push(
    `  ${torchLabel(r.torch)} ${r.torch.seconds.toFixed(2)} s: WASM is ${ratio.toFixed(2)}x as fast`,
  );
  out.push(
    goal('WASM >= 1.5x faster than PyTorch on one thread', ratio >= 1.5, `${ratio.toFixed(2)}x`),
  );
  return out;
}
