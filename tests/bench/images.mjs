// Issue 26's speed goal: one epoch of the 784-128x8-10 network (ReLU, batch 128) on the first
// 8,000 Fashion-MNIST training images, with the end-of-epoch passes over them and 2,000 test
// images, in WASM under Node against PyTorch 1.13 on one thread (images_torch_bench.py, the
// same work); best of ROUNDS each. Goal: WASM at least 1.5x faster.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { imageFiles } from '../../wasm/cli-images.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
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
  let torch;
  try {
    torch = JSON.parse(
      execFileSync('/usr/bin/python3', [`${root}tests/bench/images_torch_bench.py`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
  } catch (err) {
    const why = String(/** @type {any} */ (err).stderr ?? '')
      .trim()
      .split('\n')
      .pop();
    torch = { error: why || 'PyTorch did not run' };
  }
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
    `  PyTorch 1 thread ${r.torch.seconds.toFixed(2)} s: WASM is ${ratio.toFixed(2)}x as fast`,
  );
  out.push(
    goal('WASM >= 1.5x faster than PyTorch on one thread', ratio >= 1.5, `${ratio.toFixed(2)}x`),
  );
  return out;
}
