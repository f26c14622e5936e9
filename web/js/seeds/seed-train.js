// One run of the many-seeds study: one network of one seed trained to the end, and the test set
// evaluated exactly once, after training, on the weights that the validation set chose: the final
// ones, or (choose: 'best') those of the epoch with the lowest validation loss. Nothing during
// training looks at the test set. The study's worker (seed-worker.js) runs it for the page; the
// build's committed runs (web/ship/numbers/) run it in Node, so both compute the same numbers.

/** @typedef {import('./protocol').SeedResult} SeedResult */

const PROGRESS_MS = 100;

/**
 * @param {import('../shared/types').ActivationLab} M
 * @param {import('./protocol').SeedTask} task
 * @param {(fields: {epoch: number}) => void} progress
 * @returns {SeedResult}
 */
export function trainSeed(M, { id, config, choose }, progress) {
  const json = JSON.stringify(config);
  const problem = M.validateConfigJson(json);
  if (problem) throw new Error(problem);
  const exp = new M.Experiment(json);
  try {
    if (exp.status() === 'invalid') throw new Error(exp.error() || 'invalid config');
    const t0 = performance.now();
    let lastPost = t0,
      best = { loss: Infinity, epoch: 0, state: '' };
    const history = [];
    // step() is true exactly when it trained an epoch and recorded it (false once done or
    // diverged), so this loop sees every record.
    while (exp.step()) {
      const rec = JSON.parse(exp.lastEpochJson());
      history.push(rec);
      // Early stopping decided on validation only: keep the weights of the lowest val loss.
      if (choose === 'best' && rec.val_loss !== null && rec.val_loss < best.loss) {
        best = { loss: rec.val_loss, epoch: rec.epoch, state: exp.stateJson() };
      }
      const now = performance.now();
      if (now - lastPost > PROGRESS_MS) ((lastPost = now), progress({ epoch: exp.epoch() }));
    }
    const seconds = (performance.now() - t0) / 1000;
    let chosen = exp.epoch();
    if (choose === 'best' && best.state && best.epoch !== exp.epoch()) {
      const err = exp.loadStateJson(best.state);
      if (err) throw new Error(err);
      chosen = best.epoch;
    }
    /** @type {(which: import('../shared/types').Which) => import('../shared/types').Metrics} */
    const evaluate = (which) => JSON.parse(exp.evaluateJson(which));
    return {
      type: 'result',
      id,
      status: exp.status(),
      history,
      chosen_epoch: chosen,
      train: evaluate('train'),
      val: evaluate('val'),
      test: evaluate('test'), // the one and only look at the test set
      seconds,
    };
  } finally {
    exp.delete();
  }
}
