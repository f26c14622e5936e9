// web/js/shared/forward-check.js against the real module: weights that load (names, shapes, every
// value finite) but overflow float32 in the forward pass are refused, for the MLP (the swap's
// import) and the Transformer (its shipped files, the CLI's lm commands); sane weights pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadModule } from '../../wasm/module.mjs';
import { lmForwardFault, mlpForwardFault } from '../../web/js/shared/forward-check.js';
import { scratchText } from '../../web/js/shared/lm-config.js';

const M = await loadModule();
const overflow = (/** @type {string} */ json) =>
  JSON.stringify(JSON.parse(json, (_, v) => (typeof v === 'number' ? 3e38 : v)));

test('an MLP whose weights overflow is refused, its own weights pass', () => {
  const e = new M.Experiment(
    JSON.stringify({ ...JSON.parse(M.defaultConfigJson()), val_fraction: 0.2 }),
  );
  try {
    assert.equal(mlpForwardFault(e), '');
    assert.equal(e.loadStateJson(overflow(e.stateJson())), '', 'the file itself is valid');
    assert.match(mlpForwardFault(e), /^its forward pass is not finite \(train_loss, val_loss/);
  } finally {
    e.delete();
  }
});

test('a Transformer whose weights overflow is refused, its own weights pass', () => {
  const lexicon = readFileSync(new URL('../../web/data/jargon.txt', import.meta.url), 'utf8');
  const e = new M.LmExperiment(M.lmDefaultConfigJson(), scratchText(lexicon));
  try {
    assert.equal(lmForwardFault(e), '');
    assert.equal(e.loadStateJson(overflow(e.stateJson())), '', 'the file itself is valid');
    assert.match(lmForwardFault(e), /^its forward pass is not finite \(train_loss, val_loss/);
  } finally {
    e.delete();
  }
});
