// The many-seeds study's sentence never claims more than the 95% interval of the difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSummary } from '../../web/js/shared/study-verdict.js';

const base = { n: 10, mean_a: 0.97, sd_a: 0.004, mean_b: 0.97, sd_b: 0.005, sd_diff: 0.004 };

test('an interval containing zero says no difference larger than noise', () => {
  const r = readSummary({ ...base, mean_diff: 0.001, ci_low: -0.002, ci_high: 0.004 });
  assert.equal(r.kind, 'no_difference');
  assert.equal(r.bounded, true); // every value in the interval is under one point
  assert.equal(r.spreadExceedsDiff, true);
});

test('a wide interval containing zero does not bound the difference', () => {
  const r = readSummary({ ...base, mean_diff: 0.01, ci_low: -0.02, ci_high: 0.04 });
  assert.equal(r.kind, 'no_difference');
  assert.equal(r.bounded, false);
});

test('intervals on one side of zero name the higher activation, tiny ones are flagged', () => {
  assert.equal(
    readSummary({ ...base, mean_diff: 0.03, ci_low: 0.02, ci_high: 0.04 }).kind,
    'a_higher',
  );
  const b = readSummary({ ...base, mean_diff: -0.003, ci_low: -0.005, ci_high: -0.001 });
  assert.equal(b.kind, 'b_higher');
  assert.equal(b.negligible, true);
  assert.equal(
    readSummary({ ...base, mean_diff: 0.03, ci_low: 0.02, ci_high: 0.04 }).negligible,
    false,
  );
});

test('fewer than two seeds, or no interval, gives no verdict at all', () => {
  assert.equal(
    readSummary({ ...base, n: 1, mean_diff: 0.01, ci_low: NaN, ci_high: NaN }).kind,
    'too_few',
  );
  assert.equal(readSummary(null).kind, 'too_few');
  assert.equal(readSummary({ ...base, ci_low: null, ci_high: null }).kind, 'too_few');
});

test('identical differences on every seed give no interval worth the name', () => {
  const r = readSummary({
    ...base,
    n: 2,
    mean_diff: 0.05,
    sd_diff: 0,
    ci_low: 0.05,
    ci_high: 0.05,
  });
  assert.equal(r.kind, 'no_spread');
  // 0.825 − 0.775 and 0.775 − 0.725 differ by rounding only
  assert.equal(
    readSummary({ ...base, n: 2, mean_diff: 0.05, sd_diff: 7e-17, ci_low: 0.05, ci_high: 0.05 })
      .kind,
    'no_spread',
  );
});
