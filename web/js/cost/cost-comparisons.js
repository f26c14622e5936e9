// What the cost panel may state from the rounds measured so far: its ratio cards (a cost is
// ReLU's rate over another activation's, a speed-up SIMD's rate over scalar's) and which of its
// bars can be read against ReLU's. Two timings are compared only when their ranges are apart
// (bench-stats.js). Pure, so that Node tests check it over the module's real rates.
import { compare, spread } from './bench-stats.js';

/**
 * The panel's state, shared by cost.js, cost-results.js and cost-export.js: rounds per kernel
 * and per epoch.
 * @typedef {object} CostRun
 * @property {Map<string, number[]>} kernels kernelKey() -> elements/s, one per round
 * @property {Map<string, number[]>} epochs activation -> seconds, one per round
 * @property {'idle' | 'running' | 'done' | 'error'} state
 * @property {string} error
 */

/**
 * @typedef {object} Comparison
 * @property {string} id  `${fn}_relu`, 'simd_gelu' or 'epoch_gelu_relu'
 * @property {'cost' | 'simd' | 'epoch'} kind
 * @property {string} fn  the activation compared (with ReLU, or with its scalar reference)
 * @property {number} ratio
 * @property {'ranked' | 'too_noisy' | 'too_few' | 'partial'} verdict  'partial': too few rounds
 *   yet, mid-measurement (shown as it stands, not judged)
 */

/**
 * @param {string} fn
 * @param {boolean} grad
 * @param {boolean} scalar
 */
export const kernelKey = (fn, grad, scalar) =>
  `${fn}/${grad ? 'grad' : 'value'}/${scalar ? 'scalar' : 'simd'}`;

/** @param {number[] | undefined} xs */
export const stat = (xs) => spread(xs ?? []);

/**
 * A kernel's rate: the median and interquartile range of its rounds.
 * @param {CostRun} run
 * @param {string} fn
 */
export const rateOf = (run, fn, grad = false, scalar = false) =>
  stat(run.kernels.get(kernelKey(fn, grad, scalar)));

/**
 * The comparisons the panel states, each once both sides have a round.
 * @param {CostRun} run
 * @param {string[]} fns  the activations measured
 * @param {boolean} simd  whether the SIMD build runs (its kernels are then never slower)
 * @returns {Comparison[]}
 */
export function comparisons(run, fns, simd) {
  /** @type {Comparison[]} */
  const out = [];
  /**
   * @param {Omit<Comparison, 'ratio' | 'verdict'>} what
   * @param {import('./bench-stats.js').Spread} a
   * @param {import('./bench-stats.js').Spread} b
   * @param {number} [expectAbove]
   */
  const add = (what, a, b, expectAbove) => {
    if (!a.n || !b.n) return;
    const c = compare(a, b, { expectAbove });
    const verdict = run.state !== 'done' && c.verdict === 'too_few' ? 'partial' : c.verdict;
    out.push({ ...what, ratio: c.ratio, verdict });
  };
  for (const fn of fns.filter((f) => f !== 'relu'))
    add({ id: `${fn}_relu`, kind: 'cost', fn }, rateOf(run, 'relu'), rateOf(run, fn));
  add(
    { id: 'simd_gelu', kind: 'simd', fn: 'gelu' },
    rateOf(run, 'gelu'),
    rateOf(run, 'gelu', false, true),
    simd ? 1 : undefined,
  );
  add(
    { id: 'epoch_gelu_relu', kind: 'epoch', fn: 'gelu' },
    stat(run.epochs.get('gelu')),
    stat(run.epochs.get('relu')),
  );
  return out;
}

/** @param {{verdict: string}} c  whether the panel states c's ratio */
export const isRanked = (c) => c.verdict === 'ranked' || c.verdict === 'partial';

/**
 * Which bar groups (an activation's value or derivative kernels) the chart draws in colour: those
 * whose SIMD rate is ranked against ReLU's for the same pass, and ReLU's when any other is. The
 * rest are drawn grey, since their lengths may not be read against each other.
 * @param {CostRun} run
 * @param {string[]} fns
 * @returns {Set<string>} `${fn}/${'value' | 'grad'}`
 */
export function rankedGroups(run, fns) {
  const out = new Set();
  for (const grad of [false, true]) {
    const pass = grad ? 'grad' : 'value';
    const relu = rateOf(run, 'relu', grad);
    for (const fn of fns.filter((f) => f !== 'relu')) {
      const c = compare(relu, rateOf(run, fn, grad));
      const partial = run.state !== 'done' && c.verdict === 'too_few';
      if (c.verdict === 'ranked' || partial) out.add(`${fn}/${pass}`).add(`relu/${pass}`);
    }
  }
  return out;
}
