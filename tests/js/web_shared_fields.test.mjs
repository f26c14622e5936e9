// The hints under the evidence widgets' fields (web/js/shared/fields.js rangeHint), from the real
// module's limits: a number field names its range, a choice (a select) names nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rangeHint } from '../../web/js/shared/fields.js';
import { loadModule } from '../../wasm/module.mjs';

const M = await loadModule();
const core = { limits: JSON.parse(M.configLimitsJson()) };
// The i18n module needs a document; num() is the part rangeHint uses for decimals.
const i18n = /** @type {any} */ ({
  num: (/** @type {number} */ x) => String(x),
  t: (/** @type {string} */ key, /** @type {object} */ vars) => `${key} ${JSON.stringify(vars)}`,
});

test('a number field hints its range, integers plain and an open lower bound as an interval', () => {
  const { batch, lr } = core.limits;
  assert.equal(rangeHint(core, i18n, 'batch', 'number'), `${batch.min}–${batch.max}`);
  assert.ok(lr.min_open, 'the learning rate must be above 0');
  assert.equal(rangeHint(core, i18n, 'lr', 'number'), `(${lr.min}, ${lr.max}]`);
});

test('an open upper bound (the dropout probability) is an interval too, as the core states it', () => {
  const { dropout } = JSON.parse(M.imageConfigLimitsJson());
  assert.equal(dropout.max_open, true);
  const images = { limits: { dropout } };
  assert.equal(rangeHint(images, i18n, 'dropout', 'number'), `[${dropout.min}, ${dropout.max})`);
  const run = new M.ImageExperiment(JSON.stringify({ dropout: dropout.max }), [new Uint8Array(20)]);
  try {
    assert.equal(
      run.error(),
      `dropout must be a number in [${dropout.min}, ${dropout.max}) (got 1)`,
    );
  } finally {
    run.delete();
  }
});

test('the layers field hints its depth and widths', () => {
  const { hidden } = core.limits;
  assert.equal(
    rangeHint(core, i18n, 'hidden', 'layers'),
    `fields.range_layers ${JSON.stringify({ max: hidden.layers_max, min: hidden.width_min, maxw: hidden.width_max })}`,
  );
});

test('a choice hints nothing (its limits list values, not a range)', () => {
  for (const field of ['init', 'norm', 'dataset', 'activation']) {
    assert.ok(Array.isArray(core.limits[field].values), field);
    assert.equal(rangeHint(core, i18n, field, 'enum'), '', field);
  }
  assert.equal(rangeHint(core, i18n, 'no_such_field', 'number'), '');
});
