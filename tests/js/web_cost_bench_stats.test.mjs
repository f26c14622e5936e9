// The cost panel's statistics: median and interquartile range of interleaved rounds, and a ratio
// only when the two ranges are apart (web/js/cost/bench-stats.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, median, quantile, spread } from '../../web/js/cost/bench-stats.js';

test('median and quantiles follow the type-7 definition (as numpy.quantile)', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  // numpy.quantile([1, 2, 3, 4, 10], [0.25, 0.75]) = [2, 4]
  assert.equal(quantile([10, 1, 4, 2, 3], 0.25), 2);
  assert.equal(quantile([10, 1, 4, 2, 3], 0.75), 4);
  // numpy.quantile([1, 2, 3, 4], 0.25) = 1.75
  assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75);
  assert.equal(quantile([7], 0.9), 7);
  assert.ok(Number.isNaN(median([])));
  assert.equal(median([NaN, 2, Infinity, 4]), 3, 'non-finite rounds are left out');
});

test('spread: the median and the interquartile range, and how many rounds count', () => {
  assert.deepEqual(spread([100, 90, 110, 95, 300]), { median: 100, low: 95, high: 110, n: 5 });
});

test('two rates whose ranges are apart are ranked by the ratio of their medians', () => {
  const relu = spread([1000, 980, 1010, 990, 400]); // one slow round spoils nothing
  const gelu = spread([200, 210, 190, 205, 100]);
  const r = compare(relu, gelu);
  assert.equal(r.verdict, 'ranked');
  assert.equal(r.ratio, 990 / 200);
});

test('overlapping ranges are too noisy to rank, whatever the medians say', () => {
  const a = spread([100, 60, 140, 90, 120]),
    b = spread([95, 130, 70, 110, 80]);
  assert.equal(compare(a, b).verdict, 'too_noisy');
  assert.ok(compare(a, b).ratio > 1, 'the medians alone would have ranked them');
});

test('SIMD slower than scalar is never a result: it is reported as noise', () => {
  const simd = spread([50, 52, 51, 49, 50]),
    scalar = spread([80, 81, 79, 82, 80]);
  assert.equal(compare(simd, scalar).verdict, 'ranked'); // as plain rates, apart
  assert.equal(compare(simd, scalar, { expectAbove: 1 }).verdict, 'too_noisy');
  assert.equal(compare(scalar, simd, { expectAbove: 1 }).verdict, 'ranked');
});

test('fewer than three rounds rank nothing', () => {
  assert.equal(compare(spread([10, 11]), spread([1, 2])).verdict, 'too_few');
  assert.equal(compare(spread([10, 11, 12]), spread([])).verdict, 'too_few');
});
