// What a many-seeds study supports, read from the core's paired summary (pairedSummaryJson):
// a classification and the numbers to quote, never more than the interval says. Pure (no DOM,
// no i18n) so that Node tests can check it; the widget turns it into a sentence.
//
// The rules: a 95% interval of the mean paired difference that contains 0 means the study
// cannot tell the two apart (which is not evidence that they are equal); an interval on one side
// of 0 supports "higher on this task and setup", and nothing about other tasks. When the whole
// interval is narrow we can also bound the size of any difference.

export const NEGLIGIBLE = 0.01; // one accuracy point: below this a difference hardly matters here

/**
 * What a paired summary (diff = a − b) supports, and the numbers a sentence quotes about it.
 * negligible: the size below which a clear difference hardly matters (default: one accuracy point).
 * @param {import('./types').PairedSummary | null | undefined} summary
 * @returns {{kind: 'too_few' | 'no_spread' | 'no_difference' | 'a_higher' | 'b_higher',
 *   bounded: boolean, negligible: boolean, seedSpread: number, spreadExceedsDiff: boolean}}
 */
export function readSummary(summary, negligible = NEGLIGIBLE) {
  // A statistic the core could not compute (NaN, fewer than 2 pairs) is null in its JSON: NaN
  // again here, so that the comparisons below treat it as unknown.
  const stat = (/** @type {keyof import('./types').PairedSummary} */ key) => summary?.[key] ?? NaN;
  const n = stat('n'),
    sd_a = stat('sd_a'),
    sd_b = stat('sd_b'),
    sd_diff = stat('sd_diff'),
    mean_diff = stat('mean_diff'),
    ci_low = stat('ci_low'),
    ci_high = stat('ci_high');
  if (!(n >= 2) || !Number.isFinite(ci_low) || !Number.isFinite(ci_high)) {
    return {
      kind: 'too_few',
      bounded: false,
      negligible: false,
      seedSpread: NaN,
      spreadExceedsDiff: false,
    };
  }
  // Every seed gave the same difference (few seeds, few test points: accuracies move in steps of
  // 1/n_test). The interval then has no width, which measures nothing about the noise.
  // (Rounding leaves ~1e-17 where the differences are equal; accuracies move in steps ≥ 1e-5.)
  if (!(sd_diff > 1e-9)) {
    return {
      kind: 'no_spread',
      bounded: false,
      negligible: false,
      seedSpread: Math.max(sd_a, sd_b),
      spreadExceedsDiff: false,
    };
  }
  const kind = ci_low > 0 ? 'a_higher' : ci_high < 0 ? 'b_higher' : 'no_difference';
  const widest = Math.max(Math.abs(ci_low), Math.abs(ci_high));
  const seedSpread = Math.max(sd_a, sd_b);
  return {
    kind,
    // With no difference detected, a narrow interval still rules out differences beyond it.
    bounded: kind === 'no_difference' && widest < negligible,
    // A clear but tiny difference: real on this setup, smaller than a point.
    negligible: kind !== 'no_difference' && Math.abs(mean_diff) < negligible,
    seedSpread,
    spreadExceedsDiff: Number.isFinite(seedSpread) && seedSpread > Math.abs(mean_diff),
  };
}
