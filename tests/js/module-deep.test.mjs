// The module's interface for deep networks and data sets (issue 11), as the page uses it:
// config keys, makeData, reached_95 and layers in epoch records, diagnosticsJson, patternGrid.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { loadModule } from '../../wasm/module.mjs';
import { withExperiment } from './core-helpers.mjs';

const M = await loadModule();

test('config keys: defaults, enums and limits come from the core; hidden text is normalised', () => {
  const d = JSON.parse(M.defaultConfigJson());
  assert.equal(d.dataset, 'moons');
  assert.equal(d.factor, 0.5);
  assert.equal(d.init, 'default');
  assert.equal(d.norm, 'none');
  assert.equal(d.diagnostics, false);
  const limits = JSON.parse(M.configLimitsJson());
  assert.equal(limits.hidden.layers_max, 16);
  assert.deepEqual(limits.dataset.values, [
    ...['moons', 'circles', 'xor', 'checkerboard', 'spirals'],
    'custom', // the reader's own points: tests/js/custom-points.test.mjs
  ]);
  assert.deepEqual(limits.init.values, ['default', 'he']);
  assert.deepEqual(limits.norm.values, ['none', 'layer']);
  assert.equal(limits.work_max, 2e9);
  for (const dataset of limits.dataset.values.filter((name) => name !== 'custom'))
    for (const init of limits.init.values)
      for (const norm of limits.norm.values)
        assert.equal(M.validateConfigJson(JSON.stringify({ dataset, init, norm })), '');
  assert.equal(M.validateConfigJson('{"hidden":"32x16"}'), '');
  assert.match(M.validateConfigJson('{"hidden":"32x17"}'), /^hidden must have 1 to 16 layers/);
  assert.match(M.validateConfigJson('{"hidden":"512x16"}'), /^hidden × n must be at most/);
  withExperiment(M, { hidden: '64,32x2', epochs: 1 }, (e) =>
    assert.deepEqual(JSON.parse(e.configJson()).hidden, [64, 32, 32]),
  );
});

test('makeData: every set as x0, x1, label triples; validated', () => {
  for (const dataset of ['moons', 'circles', 'xor', 'checkerboard', 'spirals']) {
    const rows = M.makeData(JSON.stringify({ dataset, n: 50, noise: 0.1 }));
    assert.ok(rows instanceof Float64Array);
    assert.equal(rows.length, 150);
    for (let i = 2; i < rows.length; i += 3) assert.ok(rows[i] === 0 || rows[i] === 1);
  }
  assert.deepEqual(
    M.makeData(JSON.stringify({ n: 20, noise: 0.3, data_seed: 5 })),
    M.makeMoons(20, 0.3, 5),
  );
  assert.throws(() => M.makeData('{"dataset":"iris"}'), RangeError);
  assert.throws(() => M.makeData('{"dataset":"xor","noise":0.8}'), /noise/);
});

test('epoch records: reached_95 always, layers with diagnostics; diagnosticsJson at init', () => {
  const config = { hidden: '8x3', n: 300, epochs: 2, init: 'he', norm: 'layer', lr: 0.01 };
  withExperiment(M, config, (e) => {
    e.step();
    const last = JSON.parse(e.lastEpochJson());
    assert.ok('reached_95' in last);
    assert.equal(last.layers, undefined);
    assert.equal(JSON.parse(e.diagnosticsJson()).length, 3); // on demand, even without the flag
  });
  withExperiment(M, { ...config, diagnostics: true }, (e) => {
    const init = JSON.parse(e.diagnosticsJson());
    assert.equal(init.length, 3);
    assert.deepEqual(Object.keys(init[0]), ['pre_std', 'dead_fraction', 'grad_norm', 'cos_sim']);
    while (e.step());
    const history = JSON.parse(e.historyJson());
    assert.equal(history.length, 2);
    for (const r of history) {
      assert.equal(r.layers.length, 3);
      assert.ok(r.reached_95 === null || r.reached_95 >= 1);
    }
  });
});

test('patternGrid: a Uint32Array of activation-pattern hashes, one per cell', () => {
  withExperiment(M, { activation: 'relu', hidden: [4], epochs: 1 }, (e) => {
    const hashes = Uint32Array.from(e.patternGrid(40, 30, -2, 3, -1.5, 2));
    assert.equal(hashes.length, 1200);
    const pieces = new Set(hashes).size;
    // 4 ReLU units cut the plane into at most 11 regions (1 + 4 + 6); some fall in the window.
    assert.ok(pieces >= 2 && pieces <= 11, `${pieces} pieces`);
    assert.throws(() => e.patternGrid(0, 10, 0, 1, 0, 1), RangeError);
  });
});
