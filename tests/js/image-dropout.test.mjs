// Dropout on images against PyTorch with injected masks (tests/fixtures/torch_images.json
// "dropout", made by make_image_fixtures.py): one hidden layer of 16 ReLU units, p = 0.5, the
// mask bit of unit j of row r in training pass s is (7r + 3j + s) mod 5 ≠ 0 on both sides, so
// nn.Dropout's arithmetic (kept × 1/(1 − p), dropped 0, through forward and backward) is compared
// without sharing a random stream. Also: the state_dict numbering with the Dropout module, and
// --dropout's range at the CLI. Needs dataset-fashion-mnist; skipped without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadModule } from '../../wasm/module.mjs';
import { IDX_FILES, IMAGES_DIR as IMAGES } from '../../wasm/cli-images.mjs';

const doc = JSON.parse(
  readFileSync(new URL('../fixtures/torch_images.json', import.meta.url), 'utf8'),
).dropout;
const skip = existsSync(IMAGES) ? false : `no ${IMAGES} (apt-get install dataset-fashion-mnist)`;
const PARAM_ABS = 2e-5;

test(
  'dropout with injected masks: final weights equal PyTorch nn.Dropout(0.5)',
  { skip },
  async () => {
    const M = await loadModule();
    const files = IDX_FILES.map(
      (f) => new Uint8Array(gunzipSync(readFileSync(join(IMAGES, `${f}.gz`)))),
    );
    const c = doc.config;
    const config = { ...c, shuffle: false };
    const run = new M.ImageExperiment(JSON.stringify(config), files);
    try {
      assert.equal(run.error(), '');
      const width = c.hidden[0];
      const passes = [];
      for (let s = 0; s < c.n_train / c.batch; s++) {
        const mask = [];
        for (let r = 0; r < c.batch; r++)
          for (let j = 0; j < width; j++) mask.push((r * 7 + j * 3 + s) % 5 !== 0 ? 1 : 0);
        passes.push([mask]);
      }
      assert.equal(run.injectDropoutMasksJson(JSON.stringify(passes)), '');
      assert.ok(run.step());
      const state = JSON.parse(run.stateJson());
      assert.deepEqual(Object.keys(state), ['0.weight', '0.bias', '3.weight', '3.bias']);
      const flat = Object.values(state).flatMap((v) => v.flat());
      let worst = 0;
      doc.final_sample.indices.forEach((/** @type {number} */ j, /** @type {number} */ i) => {
        worst = Math.max(worst, Math.abs(flat[j] - doc.final_sample.values[i]));
      });
      console.log(`MEASURED dropout injected masks: param abs ${worst.toExponential(2)}`);
      assert.ok(worst <= PARAM_ABS, `params: deviation ${worst} > ${PARAM_ABS}`);
    } finally {
      run.delete();
    }
  },
);

test('dropout: the core refuses p outside [0, 1)', async () => {
  const M = await loadModule();
  for (const p of [1, -0.1, 1.5]) {
    const run = new M.ImageExperiment(JSON.stringify({ dropout: p }), [new Uint8Array(20)]);
    assert.equal(run.status(), 'invalid');
    assert.match(run.error(), /dropout must be a number in \[0, 1\)/);
    run.delete();
  }
});
