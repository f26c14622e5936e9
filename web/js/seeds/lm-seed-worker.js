// A pool worker of the Transformer's many-seeds study (pool.js, lm-study.js): trains one
// character-level Transformer (the core's LmExperiment) of one seed and one FFN activation to the
// end of its schedule and reports the core's final losses. Training runs in slices of SLICE_MS with
// a yield between them (one step is bounded by the core's call budget), so the worker never holds
// its thread for long; the pool cancels by terminating it.
//   in:  {id, config}   (an LmConfig: the reference with the study's act, seed, steps and init)
//   out: {type:'progress', id, step}   (at most every SLICE_MS)
//        {type:'result', id, status, evals, final: {step, train_loss, val_loss}, seconds}
//        {type:'error', id, message}
import { loadCore } from '../shared/core.js';
import { LM_FILES } from '../shared/lm-config.js';
import { fetchData } from '../shared/worker-error.js';

/** @typedef {import('./lm-study.js').LmSeedTask} LmSeedTask */
/** @typedef {import('./lm-study.js').LmSeedMessage} LmSeedMessage */
/** @typedef {import('../../../wasm/activation-lab').LmEval} LmEval */

const SLICE_MS = 100;
const core = loadCore();
/** @type {Promise<string> | null} the corpus, fetched once per worker */
let corpus = null;

/** @param {LmSeedMessage} msg */
const post = (msg) => postMessage(msg);
const pause = () => new Promise((ok) => setTimeout(ok, 0));

function text() {
  corpus ??= fetchData(LM_FILES.corpus, new URL('../../', import.meta.url));
  return corpus;
}

/**
 * @param {import('../shared/types').ActivationLab} M
 * @param {LmSeedTask} task
 * @param {string} words
 */
async function train(M, { id, config }, words) {
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
      post({ type: 'progress', id, step: exp.stepCount() });
      if (more) await pause();
    }
    const t0 = performance.now();
    /** @type {LmEval} */
    const final = JSON.parse(exp.evaluateJson()); // the core's losses of the final weights
    seconds += (performance.now() - t0) / 1000;
    post({
      type: 'result',
      id,
      status: /** @type {import('../shared/types').Status} */ (exp.status()),
      evals: JSON.parse(exp.historyJson()),
      final,
      seconds,
    });
  } finally {
    exp.delete();
  }
}

onmessage = async (/** @type {MessageEvent<LmSeedTask>} */ { data }) => {
  try {
    const [{ M }, words] = await Promise.all([core, text()]);
    await train(M, data, words);
  } catch (err) {
    post({
      type: 'error',
      id: data?.id,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
