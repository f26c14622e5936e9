// The pretrained models shipped in web/data/ (written by `npm run pretrain`, wasm/lm-pretrain.mjs):
// each loads into the reference configuration and scores exactly the validation loss recorded
// when it was trained (the run is deterministic, so a changed core or corpus shows here), well
// below an untrained model's. Retraining takes minutes, so it is not part of the tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';

const M = await loadModule();
const data = (name) => new URL(`../../web/data/${name}`, import.meta.url);
const corpus = readFileSync(data('corpus.txt'), 'utf8');
const manifest = JSON.parse(readFileSync(data('lm-pretrained.json'), 'utf8'));

test('the shipped models are GELU and ReLU, trained with the reference configuration', () => {
  assert.deepEqual(Object.keys(manifest).sort(), ['gelu', 'relu']);
  const reference = JSON.parse(M.lmDefaultConfigJson());
  for (const [act, entry] of Object.entries(manifest)) {
    assert.deepEqual(entry.config, { ...reference, act });
    assert.equal(entry.steps, reference.steps);
  }
});

for (const [act, entry] of Object.entries(manifest)) {
  test(`web/data/lm-${act}.json scores its recorded validation loss`, () => {
    const e = new M.LmExperiment(JSON.stringify({ act }), corpus);
    try {
      const untrained = JSON.parse(e.evaluateJson());
      assert.equal(e.loadStateJson(readFileSync(data(`lm-${act}.json`), 'utf8')), '');
      const now = JSON.parse(e.evaluateJson());
      assert.equal(now.val_loss, entry.val_loss);
      assert.equal(now.train_loss, entry.train_loss);
      assert.ok(now.val_loss < untrained.val_loss - 2, `${now.val_loss} vs ${untrained.val_loss}`);
    } finally {
      e.delete();
    }
  });
}
