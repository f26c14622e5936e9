// `train --data fashion-mnist` against real PyTorch 1.13 (tests/fixtures/torch_images.json,
// made by tests/fixtures/make_image_fixtures.py): the same first 256 training and 128 test images,
// the lab's own initial weights (rebuilt in the script from NumPy's RandomState), no shuffle, no
// dropout, 2 epochs of 4 batches, CrossEntropyLoss, Adam. Per-epoch losses within LOSS_REL
// (relative), accuracies within one image, and a fixed sample of the final parameters within
// PARAM_ABS: the tolerances of tests/js/pytorch-parity.test.mjs. Needs Debian's
// dataset-fashion-mnist (wasm/toolchain.sh installs it); without it the test is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../wasm/cli.mjs', import.meta.url));
const IMAGES = '/usr/share/datasets/fashion-mnist';
const doc = JSON.parse(
  readFileSync(new URL('../fixtures/torch_images.json', import.meta.url), 'utf8'),
);
const LOSS_REL = 2e-6;
const PARAM_ABS = 2e-5;
const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;

const dir = mkdtempSync(join(tmpdir(), 'al-images-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/**
 * Largest relative loss deviation and parameter deviation of a run against a fixture run.
 * @param {{report: any, flat: number[]}} got
 * @param {any} want
 */
function deviations(got, want) {
  let lossRel = 0;
  got.report.epochs.forEach((/** @type {any} */ e, /** @type {number} */ i) => {
    for (const k of ['train_loss', 'test_loss'])
      lossRel = Math.max(lossRel, Math.abs(e[k] - want.epochs[i][k]) / Math.abs(want.epochs[i][k]));
  });
  let paramAbs = 0;
  want.final_sample.indices.forEach((/** @type {number} */ j, /** @type {number} */ i) => {
    paramAbs = Math.max(paramAbs, Math.abs(got.flat[j] - want.final_sample.values[i]));
  });
  return { lossRel, paramAbs };
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
    '--hidden',
    c.hidden.join(','),
    '--n-train',
    String(c.n_train),
    '--n-test',
    String(c.n_test),
    '--batch',
    String(c.batch),
    '--lr',
    String(c.lr),
    '--epochs',
    String(c.epochs),
    '--seed',
    String(c.seed),
    '--no-shuffle',
    '--save',
    save,
  ]);
  const state = JSON.parse(readFileSync(save, 'utf8'));
  /** @type {number[]} */
  const flat = Object.values(state).flatMap((v) => v.flat());
  return { report: JSON.parse(String(out)), flat };
}

for (const act of Object.keys(doc.runs)) {
  test(
    `fashion-mnist ${act}: losses, accuracies and final weights equal PyTorch's`,
    { skip },
    () => {
      const want = doc.runs[act];
      const { report, flat } = run(act);
      assert.equal(report.epochs.length, want.epochs.length);
      report.epochs.forEach((/** @type {any} */ e, /** @type {number} */ i) => {
        const w = want.epochs[i];
        assert.ok(Math.abs(e.train_acc - w.train_acc) * doc.config.n_train <= 1.001);
        assert.ok(Math.abs(e.test_acc - w.test_acc) * doc.config.n_test <= 1.001);
      });
      const { lossRel, paramAbs } = deviations({ report, flat }, want);
      console.log(
        `MEASURED images ${act}: loss rel ${lossRel.toExponential(2)}, param abs ${paramAbs.toExponential(2)}`,
      );
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
