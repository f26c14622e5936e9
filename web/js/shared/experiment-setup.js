// The workers' one way to set up an MLP experiment (twin/train-worker.js `create`,
// swap/swap-worker.js `build`): the configuration checked once by the core's own validation
// (its one-line message when refused), the Experiment built, copies of the data splits the
// figure draws, and the bounds around them.
import { boundsOf } from './bounds.js';

/** @typedef {import('../../../wasm/activation-lab').Experiment} Experiment */

/**
 * A new Experiment of `config` (the caller deletes it), with its `splits` copied out of WASM
 * memory (the views die on the next call) and their bounds; a configuration the core refuses
 * throws its message and leaves nothing behind.
 * @template {import('./types').Which} S
 * @param {import('./types').ActivationLab} M
 * @param {import('./types').Config} config
 * @param {S[]} splits
 * @returns {{exp: Experiment, data: Record<S, Float32Array>, bounds: import('./types').Bounds}}
 */
export function setUpExperiment(M, config, splits) {
  const json = JSON.stringify(config);
  const problem = M.validateConfigJson(json);
  if (problem) throw new Error(problem);
  const exp = new M.Experiment(json);
  if (exp.status() === 'invalid') {
    const why = exp.error() || 'invalid config';
    exp.delete();
    throw new Error(why);
  }
  const data = /** @type {Record<S, Float32Array>} */ (
    Object.fromEntries(splits.map((split) => [split, exp.data(split).slice()]))
  );
  return { exp, data, bounds: boundsOf(Object.values(data)) };
}
