// The Transformer's compute budget, checked where a number of steps is set (issue 28): a run's
// FLOP are its steps times the FLOP of one step, which the core counts (lmFlopsJson) for a model
// and the corpus's vocabulary, and must stay under the core's max_run_flops. The corpus is fetched
// (same origin, in the app shell) the first time a value other than the default is checked, with
// the record of what the shipped models were trained with (fine-tuning goes on from their steps,
// in their configuration); until then the check passes and the core still refuses the run, and
// `onReady` lets the figure read its settings again once the budget is known.
import { LM_FILES, scratchText } from './lm-config.js';
import { fetchData } from './worker-error.js';

/** @type {Promise<[string, string]> | null} */
let files = null;
/** @type {string | null} */
let corpusText = null;
/** @type {Record<string, import('./types').LmTrained> | null} */
let trained = null;
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
    const base = new URL('../../', import.meta.url);
    files ??= Promise.all([fetchData(LM_FILES.corpus, base), fetchData(LM_FILES.trained, base)]);
    files.then(
      ([text, record]) => (
        (trained = JSON.parse(record)),
        (corpusText = scratchText(text)),
        onReady()
      ),
      () => {}, // no corpus, no run either: the run reports it
    );
  };
  /**
   * A run of `config` over the budget: { kind: 'budget', need, max } in GFLOP, else null.
   * @param {Required<import('./types').LmConfig>} config
   * @returns {Omit<import('./types').SettingError, 'raw'> | null}
   */
  const check = (/** @type {Required<import('./types').LmConfig>} */ config) => {
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
  /** What the shipped model `act` was trained with ({config, steps, ...}), once known; else null. */
  const shipped = (/** @type {string} */ act) =>
    corpusText === null ? null : (trained?.[act] ?? null);
  return Object.assign(check, { shipped });
}
