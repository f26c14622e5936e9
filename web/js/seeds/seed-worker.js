// A pool worker of the many-seeds study (pool.js): trains one network of one seed to the end and
// reports it. The test set is evaluated exactly once, after training, on the weights that the
// validation set chose: the final ones, or (choose: 'best') those of the epoch with the lowest
// validation loss. Nothing during training looks at the test set.
//   in:  {id, config, choose: 'last' | 'best'}
//   out: {type:'progress', id, epoch}   (at most every PROGRESS_MS)
//        {type:'result', id, status, history, chosen_epoch, train, val, test, seconds}
//        {type:'error', id, message}
import { loadCore } from '../shared/core.js';

/** @typedef {import('../shared/types').SeedMessage} SeedMessage */

const PROGRESS_MS = 100;
const core = loadCore();

/** @param {SeedMessage} msg */
const post = (msg) => postMessage(msg);

/**
 * @param {import('../shared/types').ActivationLab} M
 * @param {import('../shared/types').SeedTask} task
 */
function train(M, { id, config, choose }) {
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
      if (now - lastPost > PROGRESS_MS)
        ((lastPost = now), post({ type: 'progress', id, epoch: exp.epoch() }));
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
    post({
      type: 'result',
      id,
      status: exp.status(),
      history,
      chosen_epoch: chosen,
      train: evaluate('train'),
      val: evaluate('val'),
      test: evaluate('test'), // the one and only look at the test set
      seconds,
    });
  } finally {
    exp.delete();
  }
}

onmessage = async (/** @type {MessageEvent<import('../shared/types').SeedTask>} */ { data }) => {
  try {
    const { M } = await core;
    train(M, data);
  } catch (err) {
    post({
      type: 'error',
      id: data?.id,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
