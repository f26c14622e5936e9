// A pool worker of the many-seeds study's images model (pool.js, image-study.js): trains one
// network of the paper's test (the core's ImageExperiment) of one seed and one activation on the
// image subset to its last epoch, and reports it in the shape of the network study's results
// (protocol.d.ts SeedResult), so that the study's summary, verdict and view read it unchanged.
// The image runs have no validation set: the final weights are the ones tested (choose 'last'),
// and the per-epoch history carries no validation numbers.
// It trains in slices (shared/epoch-slices.js): the signal {cmd:'stop'} ends a run mid-epoch,
// which then fails with "stopped".
// It answers the pool's request {cmd:'train', task, subset?} (shared/worker-serve.js):
//   task:     {id, config}   (an image config: the study's, with this seed and activation)
//   subset:   the image subset's bytes, which the page fetches once and sends with a worker's
//             first request (shared/page-data.js, pool.js); the worker keeps them
//   progress: {epoch}        (after each epoch)
//   result:   {type:'result', id, status, history, chosen_epoch, train, val, test, seconds}
import { loadCore } from '../shared/core.js';
import { trainInSlices } from '../shared/epoch-slices.js';
import { serve } from '../shared/worker-serve.js';

const core = loadCore();
/** @type {Uint8Array | undefined} the subset's bytes, from the first request */
let subset;
let stopping = false;

/** The requests this worker answers (shared/worker-serve.js). */
const commands = {
  /**
   * @param {{task: {id: string, config: Record<string, unknown>}, subset?: Uint8Array}} args
   * @param {(fields: {epoch: number}) => void} progress
   * @returns {Promise<import('./protocol').SeedResult>}
   */
  async train({ task: { id, config }, subset: bytes }, progress) {
    stopping = false; // (before any await: a stop sent after this request applies)
    const pixels = (subset = bytes ?? subset);
    if (!pixels) throw new Error('image-seed-worker: train before the subset was sent');
    const { M } = await core;
    const run = new M.ImageExperiment(JSON.stringify(config), [pixels]);
    try {
      if (run.status() === 'invalid') throw new Error(run.error());
      const t0 = performance.now();
      /** @type {(import('./protocol').SeedResult['history'][number] & {test_loss: number, test_acc: number})[]} */
      const history = [];
      const onEpoch = () => {
        const e = JSON.parse(run.lastEpochJson());
        history.push({ ...e, val_loss: null, val_acc: null, reached_95: null });
        progress({ epoch: e.epoch });
      };
      if (!(await trainInSlices(run, onEpoch, () => stopping))) throw new Error('stopped');
      const last = history.at(-1);
      return {
        type: 'result',
        id,
        status: run.status(),
        history,
        chosen_epoch: run.epoch(),
        train: { loss: last?.train_loss ?? NaN, acc: last?.train_acc ?? NaN },
        val: { loss: NaN, acc: NaN },
        test: { loss: last?.test_loss ?? NaN, acc: last?.test_acc ?? NaN },
        seconds: (performance.now() - t0) / 1000,
      };
    } finally {
      run.delete();
    }
  },
};

serve(commands, { stop: () => (stopping = true) });
