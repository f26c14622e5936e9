// The cost panel's statistics: each timing is taken in several interleaved rounds, and a rate is
// reported as the median of its rounds with the interquartile range as its spread. Two rates are
// ranked only when their ranges do not overlap; otherwise the machine was too busy to tell them
// apart, and the panel says so instead of printing a ratio. Pure, so that Node tests check it.

/**
 * The q-quantile of xs (0 ≤ q ≤ 1), interpolated between order statistics (R's type 7, NumPy's
 * default); NaN for no finite values.
 * @param {number[]} xs
 * @param {number} q
 */
export function quantile(xs, q) {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const h = (s.length - 1) * q,
    lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/** @param {number[]} xs */
export const median = (xs) => quantile(xs, 0.5);

/**
 * The median of a measurement's rounds and its interquartile range.
 * @typedef {{median: number, low: number, high: number, n: number}} Spread
 * @param {number[]} xs
 * @returns {Spread}
 */
export function spread(xs) {
  return {
    median: median(xs),
    low: quantile(xs, 0.25),
    high: quantile(xs, 0.75),
    n: xs.filter(Number.isFinite).length,
  };
}

/** Rounds needed before a spread means anything. */
export const MIN_ROUNDS = 3;

/**
 * Whether `a` and `b` can be ranked, and a / b of their medians. `expectAbove`: the ratio that is
 * known to hold (a SIMD kernel is never slower than its scalar reference); a measurement that says
 * otherwise is noise, however its ranges fall.
 * @param {Spread} a
 * @param {Spread} b
 * @param {{expectAbove?: number}} [options]
 * @returns {{verdict: 'ranked' | 'too_noisy' | 'too_few', ratio: number}}
 */
export function compare(a, b, { expectAbove = -Infinity } = {}) {
  const ratio = a.median / b.median;
  if (a.n < MIN_ROUNDS || b.n < MIN_ROUNDS || !Number.isFinite(ratio))
    return { verdict: 'too_few', ratio };
  const overlap = a.low <= b.high && b.low <= a.high;
  return { verdict: overlap || !(ratio > expectAbove) ? 'too_noisy' : 'ranked', ratio };
}
