// ImageExperiment's sliced epoch through the binding (advance, epochProgress, cancelEpoch): any
// budget gives step()'s epochs and weights exactly; progress climbs within an epoch; cancelEpoch
// puts back the last recorded epoch's weights; a budget below one row is refused. Needs
// dataset-fashion-mnist; skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadModule } from '../../wasm/module.mjs';
import { IDX_FILES, IMAGES_DIR as IMAGES } from '../../wasm/cli-images.mjs';

const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;
const CONFIG = JSON.stringify({
  hidden: [32, 32],
  n_train: 400,
  n_test: 200,
  batch: 100,
  epochs: 2,
  dropout: 0.25,
  seed: 3,
});

const files = () =>
  IDX_FILES.map((f) => new Uint8Array(gunzipSync(readFileSync(join(IMAGES, `${f}.gz`)))));

test(
  'advance in slices of any budget gives step() exactly; cancelEpoch; bad budgets',
  { skip },
  async () => {
    const M = await loadModule();
    const idx = files();
    const whole = new M.ImageExperiment(CONFIG, idx);
    const epochs = [];
    while (whole.step()) epochs.push(whole.lastEpochJson());
    const state = whole.stateJson();
    whole.delete();
    assert.equal(epochs.length, 2);
    for (const budget of [1, 97, 5000]) {
      const run = new M.ImageExperiment(CONFIG, idx);
      try {
        const sliced = [];
        let calls = 0,
          progress = 0;
        while (run.status() !== 'done') {
          calls++;
          if (run.advance(budget)) (sliced.push(run.lastEpochJson()), (progress = 0));
          else {
            assert.ok(run.epochProgress() > progress && run.epochProgress() < 1);
            progress = run.epochProgress();
          }
        }
        assert.deepEqual(sliced, epochs, `budget ${budget}`);
        assert.equal(run.stateJson(), state, `budget ${budget}`);
        assert.ok(calls > (budget < 5000 ? 4 : 1), `budget ${budget}: ${calls} calls`);
      } finally {
        run.delete();
      }
    }
    const run = new M.ImageExperiment(CONFIG, idx);
    try {
      assert.ok(run.step());
      const one = run.stateJson();
      assert.equal(run.advance(300), false);
      assert.ok(run.epochProgress() > 0);
      assert.notEqual(run.stateJson(), one);
      run.cancelEpoch();
      assert.equal(run.epochProgress(), 0);
      assert.equal(run.stateJson(), one);
      assert.equal(run.epoch(), 1);
      assert.throws(() => run.advance(0), /budget must be at least 1 row/);
      assert.throws(() => run.advance(NaN), /budget must be at least 1 row/);
    } finally {
      run.delete();
    }
  },
);
