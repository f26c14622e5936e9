// The Transformer's compute budget, checked where a number of steps is set (issue 28): a run's
// FLOP are its steps times the FLOP of one step, which the core counts (lmFlopsJson) for a model
// and the corpus's vocabulary, and must stay under the core's max_run_flops. The corpus is fetched
// (same origin, in the app shell) the first time a value other than the default is checked; until
// then the check passes and the core still refuses the run, and `onReady` lets the figure read its
// settings again once the budget is known.
import { LM_FILES } from './lm-config.js';
import { fetchData } from './worker-error.js';

/** @type {Promise<string> | null} */
let corpus = null;
/** @type {string | null} */
let corpusText = null;
/** @type {Map<string, number>} the config but its steps -> FLOP of one step, from the core */
const stepFlops = new Map();

/**
 * @param {import('./types').ActivationLab} M  the core (M.lmFlopsJson)
 * @param {import('./types').LmLimits} limits  its Transformer limits (max_run_flops)
 * @param {() => void} onReady  called once, when the corpus has arrived
 */
export function createLmBudget(M, limits, onReady) {
  const max = limits.max_run_flops;
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    // (where the workers fetch it: beside the page's js/, dist/data/)
    corpus ??= fetchData(LM_FILES.corpus, new URL('../../', import.meta.url));
    corpus.then(
      (text) => ((corpusText = text), onReady()),
      () => {}, // no corpus, no run either: the run reports it
    );
  };
  /**
   * A run of `config` over the budget: { kind: 'budget', need, max } in GFLOP, else null.
   * @param {Required<import('./types').LmConfig>} config
   * @returns {Omit<import('./types').SettingError, 'raw'> | null}
   */
  return (config) => {
    if (corpusText === null) return (load(), null);
    const shape = JSON.stringify({ ...config, steps: 1, eval_every: 1 });
    let step = stepFlops.get(shape);
    if (step === undefined) {
      const f = /** @type {{step: number} | null} */ (JSON.parse(M.lmFlopsJson(shape, corpusText)));
      if (!f) return null; // an invalid config: the row's own check says why
      stepFlops.set(shape, (step = f.step));
    }
    const run = step * config.steps;
    return run > max ? { kind: 'budget', need: Math.ceil(run / 1e9), max: max / 1e9 } : null;
  };
}
