// An image run of the core (ImageExperiment) trained to its end in slices, as the twin's worker
// trains (slice-budget.js): the core does a budget of rows per call (advance), and the worker gets
// back to its messages every SLICE_MS, so that a stop signal takes effect mid-epoch instead of
// after a whole epoch.
import { createBudget } from './slice-budget.js';

const SLICE_MS = 50;

/** @typedef {import('../../../wasm/activation-lab').ImageExperiment} ImageExperiment */

/**
 * Trains `run` until it is done or diverged, or until `stopped()` is true: then the epoch under
 * way is dropped (the weights are the last recorded epoch's) and this returns false. onEpoch()
 * follows each recorded epoch.
 * @param {ImageExperiment} run
 * @param {() => void} onEpoch
 * @param {() => boolean} stopped
 * @returns {Promise<boolean>} true when the run ended by itself
 */
export async function trainInSlices(run, onEpoch, stopped) {
  const budget = createBudget();
  for (;;) {
    const t0 = performance.now();
    while (performance.now() - t0 < SLICE_MS) {
      if (stopped()) return (run.cancelEpoch(), false);
      const status = run.status();
      if (status === 'done' || status === 'diverged') return true;
      if (budget.run((rows) => run.advance(rows))) onEpoch();
    }
    // setTimeout, not a loop: the worker's messages (stop) are handled between two slices.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
