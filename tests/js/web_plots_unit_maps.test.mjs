// web/js/plots/unit-maps.js: the neuron maps' one colour scale marks exact zero and the sign of
// everything else, and the shares the maps' labels read (zero, negative) count cells exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colorOf, signShares } from '../../web/js/plots/unit-maps.js';

const colors = { zero: [240, 240, 240], neg: [120, 60, 160], pos: [40, 150, 140] };

test('exactly zero is the background; the smallest other value is tinted by its sign', () => {
  assert.deepEqual(colorOf(0, 3, colors), colors.zero);
  assert.deepEqual(colorOf(-0, 3, colors), colors.zero);
  const tinyPos = colorOf(1e-9, 3, colors),
    tinyNeg = colorOf(-1e-9, 3, colors);
  assert.notDeepEqual(tinyPos, colors.zero);
  assert.notDeepEqual(tinyNeg, colors.zero);
  assert.notDeepEqual(tinyPos, tinyNeg);
  // the ends of the scale are the full colours, and values beyond it stay there
  assert.deepEqual(colorOf(3, 3, colors), colors.pos);
  assert.deepEqual(colorOf(-7, 3, colors), colors.neg);
  // one scale: the same value has the same colour whatever map it is in; larger is stronger
  const d = (c) => Math.hypot(...c.map((v, k) => v - colors.zero[k]));
  assert.ok(d(colorOf(2, 3, colors)) > d(colorOf(1, 3, colors)));
  assert.ok(d(colorOf(-2, 3, colors)) > d(colorOf(-1, 3, colors)));
});

test('the shares of a map count exact zeros and negatives in its own cells only', () => {
  const values = Float32Array.from([5, 5, 5, 5, 0, 0, -0.1, 2, -1e-30, 0, 3, 3]);
  assert.deepEqual(signShares(values, 4, 4), { zero: 0.5, neg: 0.25 });
  assert.deepEqual(signShares(values, 8, 4), { zero: 0.25, neg: 0.25 });
  assert.deepEqual(signShares(values, 0, 4), { zero: 0, neg: 0 });
});

test("a ReLU unit's map gives back its linear ramp where it is zero next to the ramp", async () => {
  const { signedRamp } = await import('../../web/js/plots/boundary.js');
  const n = 12;
  const linear = (i, j) => 0.3 * i - 0.2 * j - 0.7; // a line across the grid, slanted
  const map = Float32Array.from({ length: n * n }, (_, k) =>
    Math.max(0, linear(k % n, Math.floor(k / n))),
  );
  const out = signedRamp(map, n);
  let checked = 0;
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const k = j * n + i;
      if (map[k] > 0) assert.equal(out[k], map[k], 'the ramp is kept');
      else {
        assert.ok(out[k] < 0, 'zero cells go below zero');
        if (linear(i, j) > -0.3 + 1e-9) {
          // next to the ramp: the value the ramp would have there (float32)
          assert.ok(
            Math.abs(out[k] - linear(i, j)) < 1e-5,
            `cell ${i},${j}: ${out[k]} vs ${linear(i, j)}`,
          );
          checked++;
        }
      }
    }
  assert.ok(checked >= n, `${checked} cells next to the ramp`);
});
