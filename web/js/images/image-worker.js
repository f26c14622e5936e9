// One network of the paper's test (images.js starts one of these per activation and asks it for
// one seed after another): fetches the image subset the first time it is asked to train, builds
// the core's ImageExperiment and runs it epoch by epoch, posting each epoch's numbers; at the end,
// the core's guess for every test image (and, when asked, the pixels of the gallery's images).
// Cancel ends the worker (worker-client.js).
import { loadCore } from '../shared/core.js';
import { fetchBytes } from '../shared/worker-error.js';
import { serve } from '../shared/worker-serve.js';
import { galleryIndices } from './image-stats.js';

/** The subset the build writes (web/ship/images.mjs), relative to the site's root. */
const SUBSET = 'data/fashion-mnist.bin';

/** @type {Promise<Uint8Array> | undefined} */
let subset;

serve({
  /**
   * config: an ImageExperiment config (JSON object); gallery: how many test images to send the
   * pixels of (0: none). Progress: {epoch: {epoch, train_loss, test_loss, train_acc, test_acc}}
   * per epoch. Result (protocol.d.ts ImageRunResult): the last epoch, the predictions of the
   * whole test set, and the gallery.
   * @param {{config: Record<string, unknown>, gallery?: number}} args
   * @param {(fields: Record<string, unknown>) => void} progress
   */
  async train({ config, gallery = 0 }, progress) {
    const { M } = await loadCore();
    subset ??= fetchBytes(SUBSET, new URL('../../', import.meta.url));
    const run = new M.ImageExperiment(JSON.stringify(config), [await subset]);
    try {
      if (run.status() === 'invalid') throw new Error(run.error());
      while (run.step()) progress({ epoch: JSON.parse(run.lastEpochJson()) });
      if (run.status() !== 'done') throw new Error(`the run ended ${run.status()}`);
      const nTest = JSON.parse(run.configJson()).n_test;
      /** @type {import("./protocol").ImageRunResult["predictions"]} */
      const predictions = JSON.parse(run.predictionsJson(0, nTest));
      const indices = gallery ? galleryIndices(predictions.labels, gallery) : [];
      return {
        last: JSON.parse(run.lastEpochJson()),
        predictions,
        gallery: { indices, pixels: indices.map((i) => run.testPixels(i)) },
      };
    } finally {
      run.delete();
    }
  },
});
