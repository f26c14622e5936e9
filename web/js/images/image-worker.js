// One network of the paper's test (images.js starts one of these per activation): fetches the
// image subset the first time it is asked to train, builds the core's ImageExperiment and runs it
// epoch by epoch, posting each epoch's numbers. Cancel ends the worker (worker-client.js).
import { loadCore } from '../shared/core.js';
import { fetchBytes } from '../shared/worker-error.js';
import { serve } from '../shared/worker-serve.js';

/** The subset the build writes (web/ship/images.mjs), relative to the site's root. */
const SUBSET = 'data/fashion-mnist.bin';

/** @type {Promise<Uint8Array> | undefined} */
let subset;

serve({
  /**
   * config: an ImageExperiment config (JSON object). Progress: {epoch: {epoch, train_loss,
   * test_loss, train_acc, test_acc}} per epoch. Result: the last epoch's numbers.
   * @param {{config: Record<string, unknown>}} args
   * @param {(fields: Record<string, unknown>) => void} progress
   */
  async train({ config }, progress) {
    const { M } = await loadCore();
    subset ??= fetchBytes(SUBSET, new URL('../../', import.meta.url));
    const run = new M.ImageExperiment(JSON.stringify(config), [await subset]);
    try {
      if (run.status() === 'invalid') throw new Error(run.error());
      while (run.step()) progress({ epoch: JSON.parse(run.lastEpochJson()) });
      if (run.status() !== 'done') throw new Error(`the run ended ${run.status()}`);
      return JSON.parse(run.lastEpochJson());
    } finally {
      run.delete();
    }
  },
});
