// `train --data fashion-mnist` against real PyTorch 1.13 (tests/fixtures/torch_images.json,
// made by tests/fixtures/make_image_fixtures.py): the same first 256 training and 128 test images,
// the lab's own initial weights (rebuilt in the script from NumPy's RandomState), no shuffle, no
// dropout, 2 epochs of 4 batches, CrossEntropyLoss, Adam. Per-epoch losses within LOSS_REL
// (relative), accuracies within one image, and a fixed sample of the final parameters within
// PARAM_ABS: the tolerances and the comparison of tests/js/parity-helpers.mjs. Needs Debian's
// dataset-fashion-mnist (wasm/toolchain.sh installs it); without it the test is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as parity from './parity-helpers.mjs';
import { runCliMany } from './cli-helpers.mjs';
import { IMAGES_DIR as IMAGES } from '../../wasm/cli-images.mjs';

const { ACC_SAMPLES, LOSS_REL, PARAM_ABS } = parity;

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

/** The CLI's arguments for the fixture's run with `act`, saving its weights to `save`. */
function trainArgs(/** @type {string} */ act, /** @type {string} */ save) {
  const c = doc.config;
  return [
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
  ];
}

const ACTS = [...Object.keys(doc.runs), 'gelu_tanh'];
/** @type {Promise<Record<string, {report: any, flat: number[]}>> | undefined} */
let runs;
/**
 * Every run the tests read (the fixture's activations and the negative control's), once, side by
 * side: each is its own CLI process.
 */
async function run(/** @type {string} */ act) {
  runs ??= runCliMany(ACTS.map((a) => ({ args: trainArgs(a, join(dir, `${a}.json`)) }))).then(
    (results) =>
      Object.fromEntries(
        results.map((r, i) => {
          assert.equal(r.status, 0, r.stderr);
          const state = JSON.parse(readFileSync(join(dir, `${ACTS[i]}.json`), 'utf8'));
          return [ACTS[i], { report: JSON.parse(r.stdout), flat: parity.flattenState(state) }];
        }),
      ),
  );
  return (await runs)[act];
}

for (const act of Object.keys(doc.runs)) {
  test(
    `fashion-mnist ${act}: losses, accuracies and final weights equal PyTorch's`,
    { skip },
    async () => {
      const { lossRel, accSamples, paramAbs } = deviations(await run(act), doc.runs[act]);
      console.log(
        `MEASURED images ${act}: loss rel ${lossRel.toExponential(2)}, param abs ${paramAbs.toExponential(2)}`,
      );
      assert.ok(accSamples <= ACC_SAMPLES, `accuracy: ${accSamples} images differ`);
      assert.ok(lossRel <= LOSS_REL, `loss: relative deviation ${lossRel} > ${LOSS_REL}`);
      assert.ok(paramAbs <= PARAM_ABS, `params: deviation ${paramAbs} > ${PARAM_ABS}`);
    },
  );
}

test('the tolerances catch a GELU exact/tanh swap (negative control)', { skip }, async () => {
  const d = deviations(await run('gelu_tanh'), doc.runs.gelu);
  console.log(`SWAP images gelu_tanh vs torch gelu: loss rel ${d.lossRel.toExponential(2)}`);
  assert.ok(d.lossRel > LOSS_REL || d.paramAbs > PARAM_ABS);
});
