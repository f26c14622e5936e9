// Pure helpers of the Transformer figures (no DOM, no core): histogram bins and moments of the FFN
// pre-activations the core computed, where two activations differ on a grid the core evaluated,
// and the vocabulary check of a prompt. Tested in tests/js/web_transformer_stats.test.mjs.

/** @typedef {ArrayLike<number> & Iterable<number>} Values  a Float32Array or numbers */

/**
 * Counts of `values` in `bins` equal bins over [lo, hi); values below lo or at/above hi are
 * counted in `under` / `over` (never dropped silently). Non-finite values count as `bad`.
 * @param {Values} values
 * @param {{lo: number, hi: number, bins: number}} range
 */
export function histogram(values, { lo, hi, bins }) {
  if (!(hi > lo) || !Number.isInteger(bins) || bins < 1) throw new Error('histogram: bad range');
  /** @type {number[]} */
  const counts = new Array(bins).fill(0);
  const width = (hi - lo) / bins;
  let under = 0,
    over = 0,
    bad = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) bad++;
    else if (v < lo) under++;
    else if (v >= hi) over++;
    else counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  }
  return { lo, hi, bins, width, counts, under, over, bad, n: values.length };
}

/**
 * Mean, standard deviation (population, as torch.std(unbiased=False)), min and max, in double.
 * @param {Iterable<number>} values
 */
export function moments(values) {
  let n = 0,
    sum = 0,
    min = Infinity,
    max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    n++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!n) return { n: 0, mean: NaN, sd: NaN, min: NaN, max: NaN };
  const mean = sum / n;
  let sq = 0;
  for (const v of values) if (Number.isFinite(v)) sq += (v - mean) * (v - mean);
  return { n, mean, sd: Math.sqrt(sq / n), min, max };
}

/**
 * Fraction of the finite values inside [lo, hi].
 * @param {Iterable<number>} values
 * @param {number} lo
 * @param {number} hi
 */
export function fractionWithin(values, lo, hi) {
  let n = 0,
    inside = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    n++;
    if (v >= lo && v <= hi) inside++;
  }
  return n ? inside / n : NaN;
}

/**
 * The interval of the grid `xs` where |f(x) − g(x)| > eps (f and g sampled on xs by the core),
 * as [first x, last x], or null if they never differ by that much. For GELU and ReLU the set is
 * one interval around 0 (their difference decays on both sides), so [first, last] describes it.
 * @param {ArrayLike<number>} xs
 * @param {ArrayLike<number>} fs
 * @param {ArrayLike<number>} gs
 * @param {number} eps
 * @returns {[number, number] | null}
 */
export function differInterval(xs, fs, gs, eps) {
  let first = -1,
    last = -1;
  for (let i = 0; i < xs.length; i++) {
    if (Math.abs(fs[i] - gs[i]) > eps) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return first < 0 ? null : [xs[first], xs[last]];
}

/**
 * The characters of `text` that are not in `vocabulary` (a string of the model's characters), each
 * once, in order of appearance. An empty result means the model can read the text.
 * @param {string} text
 * @param {string} vocabulary
 */
export function unknownCharacters(text, vocabulary) {
  const known = new Set(vocabulary);
  const seen = new Set();
  for (const ch of text) if (!known.has(ch)) seen.add(ch);
  return [...seen];
}

/**
 * One block's histogram as the core counted it (ffnStatsJson / geluPartsJson: every input, those
 * outside [lo, hi) in underflow and overflow), in the shape the histogram plot draws.
 * @param {import('./protocol').LmFfnStats['blocks'][number]} block
 */
export function blockHistogram({ count, histogram: h }) {
  return {
    lo: h.lo,
    hi: h.hi,
    n: count,
    counts: h.counts,
    under: h.underflow,
    over: h.overflow,
  };
}
