// Per-image predictions of an image run (ImageExperiment.predictionsJson, testPixels): the arg-max
// guesses count exactly the test accuracy the run reports; their confusion matrix's diagonal is
// the correct count and its row sums the labels' counts; and guesses and probabilities equal an
// independent evaluation of the run's state_dict here, in double precision (Linear layers, the
// activation, dropout off). Needs dataset-fashion-mnist; skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadModule } from '../../wasm/module.mjs';
import { IDX_FILES, IMAGES_DIR as IMAGES } from '../../wasm/cli-images.mjs';
import { confusion } from '../../web/js/images/image-stats.js';

const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;
const N_TRAIN = 600;
const N_TEST = 300;
const SIDE = 28 * 28;
/** @type {Uint8Array[] | undefined} */
let unzipped;
/** The four IDX files, unzipped once for every test of this file (the core copies them in). */
const idxFiles = () =>
  (unzipped ??= IDX_FILES.map(
    (f) => new Uint8Array(gunzipSync(readFileSync(join(IMAGES, `${f}.gz`)))),
  ));

/** @type {Record<string, (x: number) => number>} in double precision */
const ACT = { relu: (x) => Math.max(0, x), elu: (x) => (x > 0 ? x : Math.expm1(x)) };

/**
 * Logits of one image under a state_dict: its Linear layers in module order, the activation
 * between them (Dropout modules hold no parameters and are off in evaluation).
 * @param {Record<string, number[] | number[][]>} state
 * @param {number[]} x
 * @param {(x: number) => number} act
 */
function logits(state, x, act) {
  const layers = [...new Set(Object.keys(state).map((k) => Number(k.split('.')[0])))].sort(
    (a, b) => a - b,
  );
  let h = x;
  layers.forEach((l, i) => {
    const w = /** @type {number[][]} */ (state[`${l}.weight`]);
    const b = /** @type {number[]} */ (state[`${l}.bias`]);
    const z = w.map((row, o) => row.reduce((s, wj, j) => s + wj * h[j], b[o]));
    h = i < layers.length - 1 ? z.map(act) : z;
  });
  return h;
}

for (const [act, dropout] of [
  ['relu', 0.5],
  ['elu', 0],
]) {
  test(
    `${act}, dropout ${dropout}: predictions against the reported accuracy and a direct evaluation`,
    { skip },
    async () => {
      const M = await loadModule();
      const files = idxFiles();
      const config = {
        activation: act,
        hidden: [32, 32],
        dropout,
        epochs: 2,
        seed: 4,
        n_train: N_TRAIN,
        n_test: N_TEST,
      };
      const run = new M.ImageExperiment(JSON.stringify(config), files);
      try {
        assert.equal(run.error(), '');
        while (run.step());
        assert.equal(run.status(), 'done');
        const reported = JSON.parse(run.lastEpochJson()).test_acc;
        const p = JSON.parse(run.predictionsJson(0, N_TEST));
        assert.equal(p.first, 0);
        assert.equal(p.guesses.length, N_TEST);
        const testLabels = [...files[3].subarray(8, 8 + N_TEST)];
        assert.deepEqual(p.labels, testLabels, "the labels are the test file's, in order");

        const correct = p.guesses.filter(
          (/** @type {number} */ g, /** @type {number} */ i) => g === p.labels[i],
        ).length;
        assert.equal(
          correct / N_TEST,
          reported,
          'arg-max accuracy = the reported test_acc, exactly',
        );
        const m = confusion(p.labels, p.guesses, 10);
        assert.equal(
          m.reduce((s, row, i) => s + row[i], 0),
          correct,
          'diagonal = correct count',
        );
        for (let k = 0; k < 10; k++)
          assert.equal(
            m[k].reduce((s, c) => s + c, 0),
            testLabels.filter((y) => y === k).length,
            `row ${k} sums to the images of class ${k}`,
          );

        // The same guesses and probabilities from the state_dict, evaluated here.
        const state = JSON.parse(run.stateJson());
        let clear = 0;
        for (let i = 0; i < N_TEST; i++) {
          const pixels = files[2].subarray(16 + i * SIDE, 16 + (i + 1) * SIDE);
          assert.deepEqual([...run.testPixels(i)], [...pixels], `image ${i}'s pixels`);
          const z = logits(
            state,
            [...pixels].map((v) => Math.fround(v / 255)),
            ACT[act],
          );
          const best = z.indexOf(Math.max(...z));
          const sorted = [...z].sort((a, b) => b - a);
          const e = z.map((v) => Math.exp(v - sorted[0]));
          const prob = e[best] / e.reduce((s, v) => s + v, 0);
          assert.ok(
            Math.abs(prob - p.probabilities[i]) < 1e-4,
            `image ${i}: ${prob} vs ${p.probabilities[i]}`,
          );
          // float32 against double: only a near-tie of the two largest logits may differ
          if (sorted[0] - sorted[1] > 1e-3)
            (clear++, assert.equal(p.guesses[i], best, `image ${i}`));
        }
        assert.ok(clear > 0.95 * N_TEST, `${clear} of ${N_TEST} images without a near-tie`);

        const mid = JSON.parse(run.predictionsJson(100, 7));
        assert.deepEqual(mid.guesses, p.guesses.slice(100, 107), 'a range: the same guesses');
        assert.equal(mid.first, 100);
      } finally {
        run.delete();
      }
    },
  );
}

test('predictionsJson and testPixels refuse what is outside the test set', { skip }, async () => {
  const M = await loadModule();
  const files = idxFiles();
  const run = new M.ImageExperiment(
    JSON.stringify({ hidden: [8], epochs: 1, n_train: 50, n_test: 20 }),
    files,
  );
  try {
    assert.equal(JSON.parse(run.predictionsJson(20, 0)).guesses.length, 0);
    for (const [first, count] of [
      [0, 21],
      [19, 2],
      [-1, 1],
      [0.5, 1],
      [0, NaN],
    ])
      assert.throws(() => run.predictionsJson(first, count), /first \+ count ≤ n_test \(20\)/);
    assert.throws(() => run.testPixels(20), /below n_test \(20\)/);
    assert.throws(() => run.testPixels(1.5), RangeError);
  } finally {
    run.delete();
  }
});
