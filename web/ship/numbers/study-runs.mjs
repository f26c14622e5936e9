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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const RUNS_DIR = join(root, 'web', 'data', 'runs');

/**
 * name -> the study: its preset, its seeds, and the seed counts whose summaries the prose may
 * quote (the first n seeds of the run: the study at n seeds starts from the same first seed, so
 * its numbers are those of the run's first n).
 * @type {Record<string, {preset: keyof typeof SETUPS, seeds: number, counts: number[]}>}
 */
export const STUDY_RUNS = {
  'study.checkerboard': { preset: 'checkerboard', seeds: 10, counts: [10] },
  'study.xor': { preset: 'xor', seeds: 30, counts: [30] },
  'study.circles': { preset: 'circles', seeds: 30, counts: [10, 30] },
};

/** @typedef {import('../../js/shared/types').Core} Core */
/** @typedef {{seed: number, a: number, b: number}} SeedPair  test accuracies of a's and b's run */
/**
 * @typedef {object} CommittedRun  web/data/runs/<name>.json
 * @property {string} name
 * @property {{preset: string, seeds: number, counts: number[]}} study
 * @property {import('../../js/shared/types').Config} config  the base config the settings gave
 * @property {string[]} acts
 * @property {string} choose
 * @property {{version: string, sha256: string}} module  the core that ran it
 * @property {SeedPair[]} per_seed
 * @property {Record<string, import('../../js/shared/types').PairedSummary>} summaries  by count
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
  let hash = '';
  const store = hashStore(
    () => hash,
    (h) => (hash = h),
  );
  const settings = createSettings(core, ROWS, store);
  settings.readHash('');
  const texts = { ...setupTexts(settings, SETUPS[run.preset]), seeds: String(run.seeds) };
  for (const [key, text] of Object.entries(texts)) {
    const error = settings.set(key, text);
    if (error) throw new Error(`${name}: ${key}=${text}: ${JSON.stringify(error)}`);
  }
  const { sa, sb, seeds, schoose } = settings.values;
  return {
    base: settings.config('a'),
    acts: /** @type {import('../../js/shared/types').ActivationName[]} */ ([sa, sb]),
    seeds: /** @type {number} */ (seeds),
    choose: /** @type {import('../../js/seeds/protocol').Choose} */ (schoose),
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
  const { seedList, tasks } = studyTasks(spec);
  const [a, b] = spec.acts;
  return seedList
    .filter((seed) => !only || only.includes(seed))
    .map((seed) => {
      /** @param {string} act */
      const acc = (act) => {
        const task = tasks.find((t) => t.seed === seed && t.activation === act);
        if (!task) throw new Error(`no task for seed ${seed}, ${act}`);
        return trainSeed(core.M, task, () => {}).test.acc;
      };
      const pair = { seed, a: acc(a), b: acc(b) };
      onSeed?.(pair);
      return pair;
    });
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
