// The many-seeds study of the paper's test on images, as data: one task per seed and activation
// (the core's ImageExperiment, the two runs of a seed from the same initial weights), run in the
// study's pool (shared/study-pool.js trackPool) by image-seed-worker.js, whose results have the
// network study's shape: pairs, the core's paired summary, the verdict and the view are the
// network's.
// The page fetches the subset once (shared/page-data.js) and hands each worker a copy.
import { subsetCopy } from '../shared/page-data.js';
import { seedRuns } from '../shared/seed-runs.js';
import { trackPool } from '../shared/study-pool.js';

/** @typedef {import('./study.js').Study} Study */
/**
 * @typedef {object} ImageStudySpec
 * @property {Record<string, any> & {seed: number, epochs: number}} base  the image config of every
 *   run (its seed is the first seed)
 * @property {import('../shared/types').ActivationName[]} acts  [a, b]
 * @property {number} seeds  how many
 */

const WORKER_URL = new URL('./image-seed-worker.js', import.meta.url);

/** A worker's first request: its copy of the subset, transferred (the page keeps its own). */
async function subsetData() {
  const subset = await subsetCopy();
  return { args: { subset }, transfer: [subset.buffer] };
}

/**
 * Starts a study in the pool; onUpdate(study) after each change. The study is a network study
 * (Study) with model 'images' and choose 'last' (the image runs have no validation set).
 * @param {ImageStudySpec} spec
 * @param {(study: Study) => void} onUpdate
 * @returns {Study & {model: 'images'}}
 */
export function startImageStudy({ base, acts, seeds }, onUpdate) {
  const seedList = Array.from({ length: seeds }, (_, i) => base.seed + i);
  const tasks = seedRuns(seedList, acts, (seed, activation) => ({
    config: { ...base, seed, activation },
  }));
  const study = /** @type {Study & {model: 'images'}} */ (
    /** @type {unknown} */ ({
      model: 'images',
      base,
      acts,
      choose: 'last',
      seeds: seedList,
      tasks: tasks.length,
      results: new Map(),
      errors: [],
      state: 'running',
      startedAt: performance.now(),
      endedAt: null,
    })
  );
  Object.assign(
    study,
    trackPool(study, WORKER_URL, tasks, {
      each: base.epochs,
      /** @param {{type: 'progress', epoch: number}} msg */
      doneOf: (msg) => msg.epoch,
      onUpdate,
      data: subsetData,
    }),
  );
  return study;
}
