// Experiment.neuronMaps (issue 29): each hidden unit's output over the plane, checked value for
// value against the layer evaluated here in double precision from a fixed state_dict
// (tests/fixtures/neuron_maps_states.json: 2-6-5-1, with and without LayerNorm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { loadModule } from '../../wasm/module.mjs';
import { withExperiment } from './core-helpers.mjs';

const M = await loadModule();
const states = JSON.parse(
  readFileSync(new URL('../fixtures/neuron_maps_states.json', import.meta.url), 'utf8'),
);
// A grid whose points are exact in float32 (steps of 0.5), so that the cells are the same
// numbers here and in the core: x from -2 to 2 in 9 columns, y from -1.5 to 1.5 in 7 rows.
const GRID = /** @type {const} */ ([9, 7, -2, 2, -1.5, 1.5]);
const [NX, NY, XMIN, XMAX, YMIN, YMAX] = GRID;
const CELLS = NX * NY;
const point = (/** @type {number} */ k) => [
  XMIN + ((XMAX - XMIN) / (NX - 1)) * (k % NX),
  YMIN + ((YMAX - YMIN) / (NY - 1)) * Math.floor(k / NX),
];

/** The activations in double: ReLU, and GELU as x·Φ(x) (Φ: the core's double-precision CDF). */
const ACT = {
  relu: (/** @type {number} */ x) => Math.max(0, x),
  gelu: (/** @type {number} */ x) => x * M.normalCdf(x),
};

/** PyTorch's LayerNorm of one row: biased variance, eps 1e-5. */
function layerNorm(
  /** @type {number[]} */ z,
  /** @type {number[]} */ g,
  /** @type {number[]} */ b,
) {
  const mean = z.reduce((s, v) => s + v, 0) / z.length;
  const variance = z.reduce((s, v) => s + (v - mean) ** 2, 0) / z.length;
  const r = 1 / Math.sqrt(variance + 1e-5);
  return z.map((v, j) => g[j] * (v - mean) * r + b[j]);
}

/**
 * The outputs of every hidden layer at one input, in double: [layer][unit].
 * @param {Record<string, any>} state
 * @param {boolean} norm
 * @param {(x: number) => number} act
 * @param {number[]} input
 */
function hiddenOutputs(state, norm, act, input) {
  const out = [];
  let h = input;
  for (let l = 0; l < 2; l++) {
    const linear = norm ? 3 * l : 2 * l;
    const W = state[`${linear}.weight`],
      bias = state[`${linear}.bias`];
    let z = W.map((/** @type {number[]} */ row, /** @type {number} */ o) =>
      row.reduce((s, w, i) => s + w * h[i], bias[o]),
    );
    if (norm) z = layerNorm(z, state[`${linear + 1}.weight`], state[`${linear + 1}.bias`]);
    h = z.map(act);
    out.push(h);
  }
  return out;
}

test('neuronMaps equals the layer evaluated directly, every unit at every cell', () => {
  let worst = 0;
  for (const norm of /** @type {const} */ (['layer', 'none']))
    for (const act of /** @type {const} */ (['relu', 'gelu'])) {
      const config = { hidden: [6, 5], norm, activation: act, n: 50, epochs: 1 };
      withExperiment(M, config, (e) => {
        assert.equal(e.loadStateJson(JSON.stringify(states[norm])), '');
        const want = Array.from({ length: CELLS }, (_, k) =>
          hiddenOutputs(states[norm], norm === 'layer', ACT[act], point(k)),
        );
        for (const [layer, width] of [
          [0, 6],
          [1, 5],
        ]) {
          const maps = e.neuronMaps(layer, ...GRID).slice(); // a view: copied before the next call
          assert.ok(maps instanceof Float32Array);
          assert.equal(maps.length, width * CELLS);
          for (let u = 0; u < width; u++)
            for (let k = 0; k < CELLS; k++) {
              const got = maps[u * CELLS + k],
                ref = want[k][layer][u];
              const err = Math.abs(got - ref) / Math.max(1, Math.abs(ref));
              worst = Math.max(worst, err);
              assert.ok(
                err <= 1e-6,
                `${norm} ${act} layer ${layer} unit ${u} cell ${k}: ${got} vs ${ref}`,
              );
            }
          // ReLU's maps are zero on one side of a line (the first layer, without LayerNorm):
          // some cells are 0 exactly and some are not.
          if (act === 'relu') assert.ok(maps.some((v) => v === 0) && maps.some((v) => v > 0));
        }
      });
    }
  assert.ok(worst > 0, 'the core computes in float32: some rounding is seen');
});

test("neuronMapsCells fills the same maps in pieces; the unit-major order is grid()'s", () => {
  withExperiment(M, { hidden: [6, 5], norm: 'layer', n: 50, epochs: 1 }, (e) => {
    assert.equal(e.loadStateJson(JSON.stringify(states.layer)), '');
    const whole = e.neuronMaps(1, ...GRID).slice();
    let parts = new Float32Array(0);
    for (let first = 0; first < CELLS; first += 10)
      parts = e.neuronMapsCells(1, ...GRID, first, Math.min(10, CELLS - first)).slice();
    assert.deepEqual(parts, whole);
    // A piece of another layer starts from NaN elsewhere.
    const piece = e.neuronMapsCells(0, ...GRID, 0, 1);
    assert.equal(piece.length, 6 * CELLS);
    assert.ok(!Number.isNaN(piece[0]) && Number.isNaN(piece[1]) && !Number.isNaN(piece[CELLS]));
  });
});

test('neuronMaps refuses a bad layer or grid with one clear RangeError', () => {
  withExperiment(M, { hidden: [6, 5], n: 50, epochs: 1 }, (e) => {
    const bad = /** @type {[number, any[], RegExp][]} */ ([
      [-1, GRID, /^neuronMaps: layer must be in \[0, 1\] \(the hidden layers, 0-based; got -1\)$/],
      [2, GRID, /layer must be in \[0, 1\].*got 2/],
      [0, [0, 7, -2, 2, -1, 1], /^neuronMaps: nx and ny must be in \[1, 1024\]$/],
      [0, [9, 1025, -2, 2, -1, 1], /nx and ny must be in/],
      [0, [9, 7, NaN, 2, -1, 1], /^neuronMaps: bounds must be finite$/],
    ]);
    for (const [layer, grid, message] of bad)
      assert.throws(
        () => e.neuronMaps(layer, .../** @type {GRID} */ (grid)),
        (err) => {
          assert.ok(err instanceof RangeError);
          assert.match(/** @type {Error} */ (err).message, message);
          return true;
        },
      );
    assert.throws(
      () => e.neuronMapsCells(0, ...GRID, 60, 10),
      /^RangeError: neuronMapsCells: cells out of range$/,
    );
  });
  withExperiment(M, { hidden: [512], n: 50, epochs: 1 }, (e) =>
    assert.throws(
      () => e.neuronMaps(0, 1024, 1024, 0, 1, 0, 1),
      /width × nx × ny must be at most 4194304 \(got 536870912\)/,
    ),
  );
  withExperiment(M, { hidden: [0] }, (e) =>
    assert.throws(
      () => e.neuronMaps(0, ...GRID),
      /^RangeError: neuronMaps: the experiment is invalid: hidden\[0\]/,
    ),
  );
});
