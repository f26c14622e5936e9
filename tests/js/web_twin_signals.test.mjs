// The signal panel's scales (web/js/twin/signals.js) and the linear pieces of the boundary
// (web/js/shared/pieces.js), on hand-checkable inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  METRICS,
  axisValue,
  decadeLabel,
  decadeTicks,
  describe,
  domainOf,
  profile,
  sci,
} from '../../web/js/twin/signals.js';
import {
  boundaryCorners,
  crossedPieces,
  patternEdges,
  regionCount,
} from '../../web/js/shared/pieces.js';

const metric = (key) => METRICS.find((m) => m.key === key);

test('the gradient norm is drawn on whole decades; zero and non-finite values are gaps', () => {
  const g = metric('grad_norm');
  assert.equal(axisValue(g, 1e-3), -3);
  assert.equal(axisValue(g, 0), null);
  assert.equal(axisValue(g, NaN), null);
  assert.deepEqual(domainOf(g, [[3e-8, 2e-3, null], [5e-1]]), [-8, 0]);
  assert.deepEqual(domainOf(g, [[1e-2, 1e-2]]), [-2, -1]); // at least one decade
  assert.deepEqual(domainOf(g, [[]]), [-1, 0]);
  assert.deepEqual(decadeTicks([-8, 0], 5), [-8, -6, -4, -2, 0]);
  assert.deepEqual(decadeTicks([-2, -1], 5), [-2, -1]);
  assert.equal(decadeLabel(-3), '10⁻³');
  assert.equal(decadeLabel(0), '1');
  assert.equal(decadeLabel(12), '10¹²');
});

test('linear axes keep their floor and their fixed range', () => {
  assert.deepEqual(domainOf(metric('dead_fraction'), [[0.1, 0.2]]), [0, 1]);
  const cos = domainOf(metric('cos_sim'), [[0.2, 0.95, 0.99]]);
  assert.equal(cos[0], 0);
  assert.equal(cos[1], 1); // headroom clipped to the largest possible cosine
  assert.equal(domainOf(metric('cos_sim'), [[-0.5, 0.5]])[0], -0.5);
  const pre = domainOf(metric('pre_std'), [[0.5, 2]]);
  assert.equal(pre[0], 0);
  assert.ok(pre[1] > 2 && pre[1] < 2.5);
  assert.deepEqual(domainOf(metric('pre_std'), [[0, 0]]), [0, 1.08]); // flat profile
});

test('numbers in scientific form use a real minus, superscripts and the decimal mark', () => {
  assert.equal(sci(3.14e-8), '3.1 × 10⁻⁸');
  assert.equal(sci(-2.5e12, 2, ','), '−2,5 × 10¹²');
  assert.equal(sci(0), '0');
  assert.equal(sci(null), '–');
});

test('a metric across layers and its extremes', () => {
  const layers = [
    { grad_norm: 1e-7, cos_sim: 0.3 },
    { grad_norm: 1e-5, cos_sim: 0.9 },
    { grad_norm: 1e-3 },
  ];
  assert.deepEqual(profile(layers, 'cos_sim'), [0.3, 0.9, null]);
  const d = describe(layers, 'grad_norm');
  assert.deepEqual(d, { first: 1e-7, last: 1e-3, min: 1e-7, max: 1e-3, minLayer: 1, maxLayer: 3 });
  assert.equal(describe([], 'grad_norm'), null);
});

// A 4×4 grid split in two regions by a vertical line between columns 1 and 2 (pattern 7 left,
// 9 right), and a probability that crosses 0.5 between rows 1 and 2 (a horizontal boundary).
const n = 4;
const pattern = Uint32Array.from({ length: n * n }, (_, k) => (k % n < 2 ? 7 : 9));
const prob = Float32Array.from({ length: n * n }, (_, k) => (Math.floor(k / n) < 2 ? 0.2 : 0.8));

test('outlines lie between neighbours of different patterns', () => {
  const segs = patternEdges(pattern, n);
  assert.equal(segs.length, n); // one vertical unit segment per row
  for (const [[x0, y0], [x1, y1]] of segs) {
    assert.equal(x0, 1.5);
    assert.equal(x1, 1.5);
    assert.equal(y1 - y0, 1);
  }
  assert.equal(regionCount(pattern), 2);
});

test('a boundary through two regions counts two pieces; one region, one piece', () => {
  assert.deepEqual(crossedPieces(prob, pattern, n), { pieces: 2, crossings: n });
  assert.deepEqual(crossedPieces(prob, new Uint32Array(n * n), n), { pieces: 1, crossings: n });
  // No boundary at all: nothing crossed.
  assert.deepEqual(crossedPieces(new Float32Array(n * n).fill(0.9), pattern, n), {
    pieces: 0,
    crossings: 0,
  });
  // A crossing goes to the nearer end: p = 0.45 | 0.95 crosses near the left point's pattern.
  const p2 = Float32Array.of(0.45, 0.95);
  assert.equal(crossedPieces(p2, Uint32Array.of(1, 2), 2, 1).pieces, 1);
  const seen = crossedPieces(Float32Array.of(0.05, 0.55), Uint32Array.of(1, 2), 2, 1);
  assert.equal(seen.pieces, 1);
});

test('corners: the cells where the boundary passes from one region into the next', () => {
  assert.deepEqual(boundaryCorners(prob, pattern, n), [[1.5, 1.5]]);
  assert.deepEqual(boundaryCorners(prob, new Uint32Array(n * n), n), []); // one region: no corner
});
