// The images study (the paper's test on Fashion-MNIST) as a committed run of study-runs.mjs: its
// spec as the page's images form gives it at its defaults (seeds/settings.js IMAGE_ROWS, checked
// by the core through imagesCore), and its runs through the core's ImageExperiment, as the study's
// worker trains them (seeds/image-seed-worker.js): to the last epoch, then the final weights
// tested once. The subset is the build's (web/ship/images.mjs: the first images of Debian's
// dataset-fashion-mnist), so without that package these runs cannot be made or checked.
import { createSettings, hashStore } from '../../js/shared/state.js';
import { imagesCore } from '../../js/shared/image-config.js';
import { IMAGE_ROWS } from '../../js/seeds/settings.js';
import { IMAGES_DIR, makeSubset } from '../images.mjs';

/** @typedef {import('../../js/shared/types').Core} Core */
/** @typedef {import('./study-runs.mjs').SeedPair} SeedPair */

/**
 * The images study's inputs at the form's defaults, with the run's number of seeds.
 * @param {Core} core
 * @param {{seeds: number, texts?: Record<string, string>}} run
 */
export function imageStudySpec(core, run) {
  let hash = '';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const params = createSettings(imagesCore(core), IMAGE_ROWS, store);
  params.readHash('');
  for (const [key, text] of Object.entries({ ...run.texts, siseeds: String(run.seeds) })) {
    const error = params.set(key, text);
    if (error) throw new Error(`images: ${key}=${text}: ${JSON.stringify(error)}`);
  }
  const v = /** @type {Record<string, any>} */ (params.named);
  return {
    /** @type {Record<string, any> & {seed: number}} an image config (shared/image-config.js) */
    base: { ...params.config(), seed: Number(v.seed) },
    acts: /** @type {import('../../js/shared/types').ActivationName[]} */ ([v.a, v.b]),
    seeds: /** @type {number} */ (v.seeds),
    choose: /** @type {import('../../js/seeds/protocol').Choose} */ ('last'),
  };
}

/** @type {Map<Core, Uint8Array>} the subset, made once per module */
const subsets = new Map();

/**
 * The subset of the spec's config, made by the core from Debian's files.
 * @param {Core} core
 * @param {{n_train: number, n_test: number}} config
 */
function subsetFor(core, config) {
  let subset = subsets.get(core);
  if (!subset) {
    const made = makeSubset(core.M, config.n_train, config.n_test);
    if (!made)
      throw new Error(
        `no Fashion-MNIST files in ${IMAGES_DIR} (apt-get install dataset-fashion-mnist)`,
      );
    subsets.set(core, (subset = made));
  }
  return subset;
}

/**
 * One network of the images study: the training loss of each epoch and the test accuracy of its
 * final weights (the last epoch's record, as the study's worker reads it). epochs: stop after
 * that many (the spot check's short re-run).
 * @param {Core} core
 * @param {Record<string, any>} config
 * @param {number} [epochs]
 */
export function trainImages(core, config, epochs = Infinity) {
  const run = new core.M.ImageExperiment(JSON.stringify(config), [
    subsetFor(core, /** @type {any} */ (config)),
  ]);
  try {
    if (run.status() === 'invalid') throw new Error(run.error());
    /** @type {number[]} */
    const losses = [];
    let acc = NaN;
    while (losses.length < epochs && run.step()) {
      const record = JSON.parse(run.lastEpochJson());
      losses.push(record.train_loss);
      acc = record.test_acc;
    }
    return { losses, acc };
  } finally {
    run.delete();
  }
}

/**
 * Trains the study's image runs of the given seeds (all by default) and pairs their test
 * accuracies; firstEpochs receives each run's training loss per epoch.
 * @param {Core} core
 * @param {ReturnType<typeof imageStudySpec>} spec
 * @param {{only?: number[], onSeed?: (pair: SeedPair) => void,
 *   onRun?: (seed: number, act: string, losses: number[]) => void}} [options]
 * @returns {SeedPair[]}
 */
export function runImageSeeds(core, spec, { only, onSeed, onRun } = {}) {
  const seeds = Array.from({ length: spec.seeds }, (_, i) => spec.base.seed + i);
  return seeds
    .filter((seed) => !only || only.includes(seed))
    .map((seed) => {
      const [a, b] = spec.acts.map((activation) => {
        const { losses, acc } = trainImages(core, { ...spec.base, seed, activation });
        onRun?.(seed, activation, losses);
        return acc;
      });
      const pair = { seed, a, b };
      onSeed?.(pair);
      return pair;
    });
}
