// The signal panel's numbers, without the DOM: which per-layer diagnostics the core reports
// (Experiment records' `layers`, diagnosticsJson() for epoch 0), how each one is scaled on its
// axis (the gradient norm spans many decades: a log scale), its axis range, and the text forms
// used by the table and the screen-reader labels. Pure, so node:test checks it directly.

/**
 * The four diagnostics, in the panel's order. scale: 'linear' | 'log'. fixed: a range the metric
 * can never leave (cosine similarity, fractions); floor: a lower end when only the top is free.
 * @typedef {{
 *   key: keyof LayerStats,
 *   scale: 'linear' | 'log',
 *   fixed?: [number, number],
 *   floor?: number,
 * }} Metric
 * @typedef {import('../shared/types').LayerStats} LayerStats
 * @typedef {number | null | undefined} Maybe
 */
/** @type {Metric[]} */
export const METRICS = [
  { key: 'pre_std', scale: 'linear', floor: 0 },
  { key: 'grad_norm', scale: 'log' },
  { key: 'cos_sim', scale: 'linear', fixed: [-1, 1], floor: 0 },
  { key: 'dead_fraction', scale: 'linear', fixed: [0, 1] },
];

/**
 * A value as drawn on the metric's axis: log10 for log scales; null when it cannot be drawn.
 * @param {Metric} metric
 * @param {Maybe} v
 */
export function axisValue(metric, v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  if (metric.scale === 'log') return v > 0 ? Math.log10(v) : null;
  return v;
}

/**
 * The axis range [lo, hi] (in axis units: decades for a log scale) that holds every drawable value
 * of the given per-layer profiles (arrays of numbers). Log axes snap to whole decades and span at
 * least one; linear axes start at their floor (or lower, for negative values) and stay inside
 * `fixed`.
 * @param {Metric} metric
 * @param {(Maybe[] | null | undefined)[]} profiles
 * @returns {[number, number]}
 */
export function domainOf(metric, profiles) {
  let lo = Infinity,
    hi = -Infinity;
  for (const p of profiles)
    for (const v of p ?? []) {
      const a = axisValue(metric, v);
      if (a !== null) ((lo = Math.min(lo, a)), (hi = Math.max(hi, a)));
    }
  if (metric.scale === 'log') {
    if (!Number.isFinite(lo)) return [-1, 0];
    const a = Math.floor(lo + 1e-9),
      b = Math.ceil(hi - 1e-9);
    return [a + 0, Math.max(b, a + 1) + 0]; // + 0: no -0
  }
  const [fmin, fmax] = metric.fixed ?? [-Infinity, Infinity];
  if (!Number.isFinite(lo)) return [metric.floor ?? 0, Math.min(1, fmax)];
  let a = Math.min(lo, metric.floor ?? lo),
    b = hi;
  if (b - a < 1e-9) b = a + (Math.abs(a) || 1); // a flat profile still gets a visible axis
  b += (b - a) * 0.08; // headroom so the top point is not on the frame
  if (metric.fixed) ((a = Math.max(a, fmin)), (b = Math.min(b, fmax)));
  // A fraction's axis is always the whole [0, 1]: "half the units dead" must look like half.
  if (metric.key === 'dead_fraction') ((a = fmin), (b = fmax));
  return [a, b];
}

/**
 * Whole decades to label on a log axis [lo, hi], thinned to at most `max` of them.
 * @param {readonly number[]} domain
 */
export function decadeTicks([lo, hi], max = 5) {
  /** @type {number[]} */
  const all = [];
  for (let k = Math.ceil(lo - 1e-9); k <= hi + 1e-9; k++) all.push(k);
  const step = Math.max(1, Math.ceil(all.length / max));
  return all.filter((k) => (k - all[0]) % step === 0);
}

/**
 * "3.1 × 10⁻⁸" (minus as U+2212, superscript digits), for gradient norms; `sep` is the decimal mark.
 * @param {Maybe} v
 */
export function sci(v, digits = 2, sep = '.') {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const [m, e] = v.toExponential(digits - 1).split('e');
  const sup = String(Number(e)).replace(/[-\d]/g, (c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)]);
  return `${m.replace('-', '−').replace('.', sep)} × 10${sup}`;
}

/**
 * 10^k as a tick label: "1", "10", "10⁻³".
 * @param {number} k
 */
export function decadeLabel(k) {
  if (k === 0) return '1';
  if (k === 1) return '10';
  return `10${String(k).replace(/[-\d]/g, (c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)])}`;
}

/**
 * One metric's values across layers, from a `layers` array ([{pre_std, …}, …]).
 * @param {(LayerStats | null | undefined)[] | null | undefined} layers
 * @param {keyof LayerStats} key
 * @returns {(number | null)[]}
 */
export const profile = (layers, key) => (layers ?? []).map((l) => l?.[key] ?? null);

/**
 * The first and last layer's values of a metric, for a one-line description of a chart:
 * { first, last, min, max, minLayer, maxLayer } (layers counted from 1), or null without data.
 * @param {Parameters<typeof profile>[0]} layers
 * @param {keyof LayerStats} key
 */
export function describe(layers, key) {
  const p = profile(layers, key);
  const finite = /** @type {[number, number][]} */ (
    p.map((v, i) => [v, i + 1]).filter(([v]) => Number.isFinite(v))
  );
  if (!finite.length) return null;
  let [min, minLayer] = finite[0],
    [max, maxLayer] = finite[0];
  for (const [v, i] of finite) {
    if (v < min) ((min = v), (minLayer = i));
    if (v > max) ((max = v), (maxLayer = i));
  }
  return { first: p[0], last: p[p.length - 1], min, max, minLayer, maxLayer };
}
