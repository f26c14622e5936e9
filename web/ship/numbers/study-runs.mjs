// The table of runs whose numbers the prose quotes (data-run placeholders, fill.mjs), and how each
// is computed: a preset of the many-seeds study (shared/presets.js, as its button sets it), a
// number of seeds, and the page's own study code (seeds/study.js's tasks and paired summary,
// seeds/seed-train.js's run of one seed) through the same WASM module, here in Node. These runs
// take minutes, more than a build may spend, so make-runs.mjs runs them once and commits the
// result with its inputs in web/data/runs/<name>.json; tests/js/web_ship_runs_spot_check.test.mjs
// re-runs one seed of each with the current module and fails, naming the script, when they moved.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSettings, hashStore } from '../../js/shared/state.js';
import { SETUPS, setupTexts } from '../../js/shared/presets.js';
import { ROWS } from '../../js/seeds/settings.js';
import { studyTasks } from '../../js/seeds/study.js';
import { pairedSummary } from '../../js/shared/seed-runs.js';
import { trainSeed } from '../../js/seeds/seed-train.js';
import { reached95 } from '../../js/shared/runs.js';
import { imageStudySpec, runImageSeeds } from './image-runs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const RUNS_DIR = join(root, 'web', 'data', 'runs');

/**
 * @typedef {object} StudyRun
 * @property {string} preset  a many-seeds preset (seeds-presets.js: 'article', or a SETUPS name),
 *   or 'images' for the images study at its defaults (the paper's test, image-runs.mjs)
 * @property {number} seeds
 * @property {number[]} counts  the seed counts whose summaries the prose may quote (the first n
 *   seeds of the run: the study at n seeds starts from the same first seed)
 * @property {Record<string, string>} [texts]  more settings on top of the preset, as typed
 *   (e.g. sepochs: '200')
 * @property {Record<string, number>} [config]  config fields the study's form cannot set, on top
 *   (val_fraction 0: the study insists on a hold-out; the twin lab trains without one)
 * @property {boolean} [speed]  also pair the epochs each run needed to reach 95 % training accuracy
 * @property {string} [label]  the i18n key that names the setup in a number's tooltip
 *   (default seeds.preset_<preset>)
 */
/**
 * name -> the study whose numbers the prose quotes.
 * @type {Record<string, StudyRun>}
 */
export const STUDY_RUNS = {
  'study.checkerboard': { preset: 'checkerboard', seeds: 10, counts: [10] },
  'study.checkerboard_long': {
    preset: 'checkerboard',
    seeds: 10,
    counts: [10],
    texts: { sepochs: '200' },
    label: 'common.run_label_checkerboard_long',
  },
  'study.checkerboard_noval': {
    preset: 'checkerboard',
    seeds: 10,
    counts: [10],
    config: { val_fraction: 0 },
    label: 'common.run_label_checkerboard_noval',
  },
  'study.xor': { preset: 'xor', seeds: 30, counts: [30] },
  'study.circles': { preset: 'circles', seeds: 30, counts: [10, 30] },
  'study.article': { preset: 'article', seeds: 30, counts: [10, 30], speed: true },
  'study.deep_he': { preset: 'deep_he', seeds: 20, counts: [10, 20], speed: true },
  'study.images': { preset: 'images', seeds: 5, counts: [5], label: 'common.run_label_images' },
};

/** @typedef {import('../../js/shared/types').Core} Core */
/**
 * @typedef {{seed: number, a: number, b: number, a95?: number | null, b95?: number | null}} SeedPair
 *   test accuracies of a's and b's run; with speed, the epoch each reached 95 % training accuracy
 *   (null: never)
 */
/**
 * @typedef {object} CommittedRun  web/data/runs/<name>.json
 * @property {string} name
 * @property {StudyRun} study
 * @property {import('../../js/shared/types').Config} config  the base config the settings gave
 * @property {string[]} acts
 * @property {string} choose
 * @property {{version: string, sha256: string}} module  the core that ran it
 * @property {SeedPair[]} per_seed
 * @property {Record<string, import('../../js/shared/types').PairedSummary>} summaries  by count
 * @property {Record<string, import('../../js/shared/types').PairedSummary>} [speed]  by count: epochs
 *   to 95 %, over the seeds where both runs got there
 * @property {Record<string, number[]>} [first_epochs]  images: the first seed's training loss per
 *   epoch, by activation (the spot check re-runs its first epochs, not the whole run)
 */

/**
 * The study's inputs as the page's form gives them after the preset's button and the seeds field:
 * base config, activations, seeds and choice.
 * @param {Core} core
 * @param {string} name
 */
export function studySpec(core, name) {
  const run = STUDY_RUNS[name];
  if (!run) throw new Error(`no study run ${name} (known: ${Object.keys(STUDY_RUNS).join(', ')})`);
  if (run.preset === 'images')
    return { ...imageStudySpec(core, run), speed: false, images: /** @type {const} */ (true) };
  let hash = '';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const settings = createSettings(core, ROWS, store);
  settings.readHash('');
  const texts = {
    ...setupTexts(settings, SETUPS[run.preset] ?? {}),
    ...run.texts,
    seeds: String(run.seeds),
  };
  for (const [key, text] of Object.entries(texts)) {
    const error = settings.set(key, text);
    if (error) throw new Error(`${name}: ${key}=${text}: ${JSON.stringify(error)}`);
  }
  const { a, b, seeds, choose } = settings.named;
  return {
    base: { ...settings.config('a'), ...run.config },
    acts: /** @type {import('../../js/shared/types').ActivationName[]} */ ([a, b]),
    seeds: /** @type {number} */ (seeds),
    choose: /** @type {import('../../js/seeds/protocol').Choose} */ (choose),
    speed: Boolean(run.speed),
    images: /** @type {const} */ (false),
  };
}

/**
 * Trains the study's runs of the given seeds (all by default) and pairs their test accuracies.
 * @param {Core} core
 * @param {ReturnType<typeof studySpec>} spec
 * @param {{only?: number[], onSeed?: (pair: SeedPair) => void}} [options]
 * @returns {SeedPair[]}
 */
export function runSeeds(core, spec, { only, onSeed } = {}) {
  if (spec.images) return runImageSeeds(core, spec, { only, onSeed });
  const { seedList, tasks } = studyTasks(spec);
  const [a, b] = spec.acts;
  return seedList
    .filter((seed) => !only || only.includes(seed))
    .map((seed) => {
      /** @param {string} act */
      const run = (act) => {
        const task = tasks.find((t) => t.seed === seed && t.activation === act);
        if (!task) throw new Error(`no task for seed ${seed}, ${act}`);
        return trainSeed(core.M, task, () => {});
      };
      const [ra, rb] = [run(a), run(b)];
      /** @type {SeedPair} */
      const pair = { seed, a: ra.test.acc, b: rb.test.acc };
      if (spec.speed) Object.assign(pair, { a95: reached95(ra), b95: reached95(rb) });
      onSeed?.(pair);
      return pair;
    });
}

/**
 * The core's paired summaries of epochs to 95 % (a − b) of the first n seeds, over the seeds
 * where both runs got there, as the study's speed table computes them (seeds/study.js).
 * @param {Core} core
 * @param {SeedPair[]} perSeed
 * @param {number[]} counts
 */
export function speedSummariesOf(core, perSeed, counts) {
  /** @type {Record<string, import('../../js/shared/types').PairedSummary>} */
  const out = {};
  for (const n of counts) {
    const both = perSeed
      .slice(0, n)
      .filter((p) => p.a95 != null && p.b95 != null)
      .map((p) => ({ a: Number(p.a95), b: Number(p.b95) }));
    const summary = pairedSummary(core.M, both);
    if (!summary) throw new Error(`no seed among the first ${n} where both reached 95 %`);
    out[n] = summary;
  }
  return out;
}

/**
 * The core's paired summaries (a − b) of the first n seeds, for each count the table names.
 * @param {Core} core
 * @param {SeedPair[]} perSeed
 * @param {number[]} counts
 */
export function summariesOf(core, perSeed, counts) {
  /** @type {Record<string, import('../../js/shared/types').PairedSummary>} */
  const out = {};
  for (const n of counts) {
    const summary = pairedSummary(core.M, perSeed.slice(0, n));
    if (!summary) throw new Error(`no pair among the first ${n} seeds`);
    out[n] = summary;
  }
  return out;
}

/** The module that computes the runs: the package's version and a hash of its bytes. */
export function moduleIdentity(/** @type {string} */ modulePath) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const sha256 = createHash('sha256').update(readFileSync(modulePath)).digest('hex');
  return { version: String(pkg.version), sha256 };
}

/** @param {string} name */
export const runFile = (name) => join(RUNS_DIR, `${name}.json`);

/**
 * The committed result of a run.
 * @param {string} name
 * @returns {CommittedRun}
 */
export function readRun(name) {
  try {
    return JSON.parse(readFileSync(runFile(name), 'utf8'));
  } catch (err) {
    throw new Error(
      `no committed result for ${name} (${runFile(name)}): run node web/ship/numbers/make-runs.mjs ${name} (${/** @type {Error} */ (err).message})`,
    );
  }
}
