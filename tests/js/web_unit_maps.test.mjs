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
