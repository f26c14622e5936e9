// One rounding rule for a difference and its interval, in every table and caption: as many decimals
// as two significant digits of the interval's half-width (0.034 -> 3, 0.34 -> 2, 3.4 -> 1, 34 -> 0).
// More would print noise the interval does not support; fewer would make a caption and the table
// beside it disagree (−0.1 against −0.12). Pure, so that Node tests check it.

/** @typedef {import('./types').PairedSummary} PairedSummary */

const MAX_DIGITS = 6; // an interval of no width (every seed alike) still prints a number

/**
 * Decimals a value supports when its 95 % interval's half-width is `halfWidth`.
 * @param {number} halfWidth
 * @param {number} fallback  when the half-width is unknown (one seed) or zero
 */
export function digitsFor(halfWidth, fallback) {
  // (rounded to its two digits first: 0.0996 is 0.10, whose second digit is the second decimal)
  const h = Number(Math.abs(halfWidth).toPrecision(2));
  if (!Number.isFinite(h) || h === 0) return fallback;
  return Math.min(MAX_DIGITS, Math.max(0, 1 - Math.floor(Math.log10(h))));
}

/**
 * Decimals for the numbers of one paired summary (its mean difference, interval, spread), in the
 * unit they are shown in: `scale` 100 for accuracy points.
 * @param {PairedSummary | null | undefined} summary
 * @param {{scale?: number, fallback: number}} how
 */
export function summaryDigits(summary, { scale = 1, fallback }) {
  const lo = summary?.ci_low,
    hi = summary?.ci_high;
  if (lo === null || lo === undefined || hi === null || hi === undefined) return fallback;
  return digitsFor(((hi - lo) / 2) * scale, fallback);
}
