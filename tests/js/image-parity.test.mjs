// `train --data fashion-mnist` against real PyTorch 1.13 (tests/fixtures/torch_images.json,
// made by tests/fixtures/make_image_fixtures.py): the same first 256 training and 128 test images,
// the lab's own initial weights (rebuilt in the script from NumPy's RandomState), no shuffle, no
// dropout, 2 epochs of 4 batches, CrossEntropyLoss, Adam. Per-epoch losses within LOSS_REL
// (relative), accuracies within one image, and a fixed sample of the final parameters within
// PARAM_ABS: the tolerances and the comparison of tests/js/parity-helpers.mjs. Needs Debian's
// dataset-fashion-mnist (wasm/toolchain.sh installs it); without it the test is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as parity from './parity-helpers.mjs';

const { ACC_SAMPLES, LOSS_REL, PARAM_ABS } = parity;

const cli = fileURLToPath(new URL('../../wasm/cli.mjs', import.meta.url));
const IMAGES = '/usr/share/datasets/fashion-mnist';
const doc = JSON.parse(
  readFileSync(new URL('../fixtures/torch_images.json', import.meta.url), 'utf8'),
);
const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;

const dir = mkdtempSync(join(tmpdir(), 'al-images-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/**
 * Worst deviations of a run from a fixture run (parity-helpers.mjs).
 * @param {{report: any, flat: number[]}} got
 * @param {any} want
 */
function deviations(got, want) {
  return parity.deviations(got.report, got.flat, want, {
    train: doc.config.n_train,
    test: doc.config.n_test,
  });
}

/** @param {string} act */
function run(act) {
  const c = doc.config;
  const save = join(dir, `${act}.json`);
  const out = execFileSync(process.execPath, [
    cli,
    'train',
    '--data',
    'fashion-mnist',
    '--images',
    IMAGES,
    '--act',
    act,
    '--n-train',
    String(c.n_train),
    '--n-test',
    String(c.n_test),
    ...parity.scheduleFlags(c, c.seed),
    '--no-shuffle',
    '--save',
    save,
  ]);
  const state = JSON.parse(readFileSync(save, 'utf8'));
  return { report: JSON.parse(String(out)), flat: parity.flattenState(state) };
}

for (const act of Object.keys(doc.runs)) {
  test(
    `fashion-mnist ${act}: losses, accuracies and final weights equal PyTorch's`,
    { skip },
    () => {
      const { lossRel, accSamples, paramAbs } = deviations(run(act), doc.runs[act]);
      console.log(
        `MEASURED images ${act}: loss rel ${lossRel.toExponential(2)}, param abs ${paramAbs.toExponential(2)}`,
      );
      assert.ok(accSamples <= ACC_SAMPLES, `accuracy: ${accSamples} images differ`);
      assert.ok(lossRel <= LOSS_REL, `loss: relative deviation ${lossRel} > ${LOSS_REL}`);
      assert.ok(paramAbs <= PARAM_ABS, `params: deviation ${paramAbs} > ${PARAM_ABS}`);
    },
  );
}

test('the tolerances catch a GELU exact/tanh swap (negative control)', { skip }, () => {
  const d = deviations(run('gelu_tanh'), doc.runs.gelu);
  console.log(`SWAP images gelu_tanh vs torch gelu: loss rel ${d.lossRel.toExponential(2)}`);
  assert.ok(d.lossRel > LOSS_REL || d.paramAbs > PARAM_ABS);
});
