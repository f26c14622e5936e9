// A pool worker of the Transformer's many-seeds study (pool.js, lm-study.js): trains one
// character-level Transformer (the core's LmExperiment) of one seed and one FFN activation to the
// end of its schedule and reports the core's final losses. Training runs in slices of SLICE_MS with
// a yield between them (one step is bounded by the core's call budget), so the worker never holds
// its thread for long; the pool cancels by terminating it.
// It answers the pool's request {cmd:'train', task, corpus?} (worker-serve.js):
//   task:     {id, config}   (an LmConfig: the reference with the study's act, seed, steps, init)
//   corpus:   the from-scratch corpus, which the page fetches once and sends with a worker's
//             first request (page-data.js, pool.js); the worker keeps it
//   progress: {step}   (at most every SLICE_MS)
//   result:   {type:'result', id, status, evals, final: {step, train_loss, val_loss}, seconds}
//   (a refused config, a request before the corpus was sent: the request's error)
import { loadCore } from './core.js';
import { serve } from './worker-serve.js';

/** @typedef {import('./lm-study.js').LmSeedTask} LmSeedTask */
/** @typedef {import('./lm-study.js').LmSeedResult} LmSeedResult */
/** @typedef {import('../../../wasm/activation-lab').LmEval} LmEval */

const SLICE_MS = 100;
const core = loadCore();
/** @type {string | undefined} the corpus, from the first request */
let corpus;

const pause = () => new Promise((ok) => setTimeout(ok, 0));

/**
 * @param {import('./types').ActivationLab} M
 * @param {LmSeedTask} task
 * @param {string} words
 * @param {(fields: {step: number}) => void} progress
 * @returns {Promise<LmSeedResult>}
 */
async function train(M, { id, config }, words, progress) {
  const json = JSON.stringify(config);
  const problem = M.lmValidateConfigJson(json);
  if (problem) throw new Error(problem);
  const exp = new M.LmExperiment(json, words);
  try {
    if (exp.status() === 'invalid') throw new Error(exp.error() || 'invalid configuration');
    let seconds = 0,
      more = true;
    while (more) {
      const t0 = performance.now();
      while (more && performance.now() - t0 < SLICE_MS) more = exp.step(1);
      seconds += (performance.now() - t0) / 1000;
      progress({ step: exp.stepCount() });
      if (more) await pause();
    }
    const t0 = performance.now();
    /** @type {LmEval} */
    const final = JSON.parse(exp.evaluateJson()); // the core's losses of the final weights
    seconds += (performance.now() - t0) / 1000;
    return {
      type: 'result',
      id,
      status: /** @type {import('./types').Status} */ (exp.status()),
      evals: JSON.parse(exp.historyJson()),
      final,
      seconds,
    };
  } finally {
    exp.delete();
  }
}

serve({
  /**
   * @param {{task: LmSeedTask, corpus?: string}} args
   * @param {(fields: {step: number}) => void} progress
   */
  async train({ task, corpus: text }, progress) {
    const words = (corpus = text ?? corpus);
    if (words === undefined) throw new Error('lm-seed-worker: train before the corpus was sent');
    return train((await core).M, task, words, progress);
  },
});
