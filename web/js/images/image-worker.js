// One network of the paper's test (images.js starts one of these per activation and asks it for
// one seed after another): keeps the image subset the page hands it with its first run
// (shared/page-data.js: the page fetches it once for all its workers), builds
// the core's ImageExperiment and runs it epoch by epoch, in slices (shared/epoch-slices.js),
// posting each epoch's numbers; at the end, the core's guess for every test image (and, when
// asked, the pixels of the gallery's images). Cancel ends the worker (worker-client.js); the
// signal {cmd:'stop'} ends the run under way mid-epoch, which then fails with "stopped".
import { loadCore } from '../shared/core.js';
import { trainInSlices } from '../shared/epoch-slices.js';
import { serve } from '../shared/worker-serve.js';
import { galleryIndices } from './image-stats.js';

/** @type {Uint8Array | undefined} the subset's bytes, from the first run's request */
let subset;
let stopping = false;

/** The requests this worker answers (shared/worker-serve.js). */
const commands = {
  /**
   * config: an ImageExperiment config (JSON object); gallery: how many test images to send the
   * pixels of (0: none); subset: the image subset's bytes (the first request only). Progress:
   * {epoch: {epoch, train_loss, test_loss, train_acc, test_acc}} per epoch. Result (protocol.d.ts ImageRunResult): the last epoch, the predictions of the
   * whole test set, and the gallery.
   * @param {{config: Record<string, unknown>, gallery?: number, subset?: Uint8Array}} args
   * @param {(fields: Record<string, unknown>) => void} progress
   */
  async train({ config, gallery = 0, subset: bytes }, progress) {
    stopping = false; // (before any await: a stop sent after this request applies)
    const { M } = await loadCore();
    subset = bytes ?? subset;
    if (!subset) throw new Error('image-worker: train before the subset was sent');
    const run = new M.ImageExperiment(JSON.stringify(config), [subset]);
    try {
      if (run.status() === 'invalid') throw new Error(run.error());
      const onEpoch = () => progress({ epoch: JSON.parse(run.lastEpochJson()) });
      if (!(await trainInSlices(run, onEpoch, () => stopping))) throw new Error('stopped');
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
};

serve(commands, { stop: () => (stopping = true) });
