// The many-seeds study of the MLP as data: its tasks (one per seed and activation, through
// shared/seed-runs.js), run and tracked in the pool of seed-worker.js (shared/study-pool.js), the
// seeds paired by test accuracy and by epochs to 95 %, their paired summaries (computed by the
// core, pairedSummaryJson) and the rows of the exported files. No DOM here.
import { reached95 } from '../shared/runs.js';
import { pairedSummary, runId, seedRuns } from '../shared/seed-runs.js';
import { trackPool } from '../shared/study-pool.js';

/** @typedef {import('../shared/types').ActivationName} ActivationName */
/** @typedef {import('./protocol').Choose} Choose */
/** @typedef {import('../shared/types').Config} Config */
/** @typedef {import('./protocol').SeedTask} SeedTask */
/** @typedef {import('./protocol').SeedResult} SeedResult */
/** @typedef {import('../shared/types').ActivationLab} ActivationLab */
/** @typedef {SeedResult & {seed: number, activation: ActivationName}} Run */
/**
 * @typedef {object} Study
 * @property {Required<Config>} base  the full config shared by every run (the settings give it)
 * @property {ActivationName[]} acts
 * @property {Choose} choose
 * @property {number[]} seeds
 * @property {number} tasks
 * @property {Map<string, Run>} results  task id -> the worker's result (plus seed and activation)
 * @property {{seed?: number, activation?: ActivationName, message: string}[]} errors
 * @property {'running' | 'finished' | 'cancelled' | 'failed'} state
 * @property {number} startedAt
 * @property {number | null} endedAt
 * @property {number} workers
 * @property {() => void} cancel
 * @property {Promise<Study>} done
 * @property {() => import('../shared/study-pool.js').StudyProgress} progress
 */

const WORKER_URL = new URL('./seed-worker.js', import.meta.url);

/**
 * Starts a study. base: the Experiment config shared by every run (its seed is the first seed);
 * acts: [a, b]; seeds: how many; choose: 'last' | 'best'. onUpdate(study) after each change.
 * Returns the study object: { seeds, acts, results, progress(), cancel(), done }.
 * @param {{base: Study['base'], acts: ActivationName[], seeds: number, choose: Choose}} spec
 * @param {(study: Study) => void} onUpdate
 * @returns {Study}
 */
export function startStudy({ base, acts, seeds, choose }, onUpdate) {
  const { seedList, tasks } = studyTasks({ base, acts, seeds, choose });
  /** @type {Omit<Study, 'workers' | 'cancel' | 'done' | 'progress'> & Partial<Study>} */
  const partial = {
    base,
    acts,
    choose,
    seeds: seedList,
    tasks: tasks.length,
    results: new Map(), // task id -> the worker's result (plus seed and activation)
    errors: [],
    state: 'running', // running | finished | cancelled | failed
    startedAt: performance.now(),
    endedAt: null,
  };
  const study = /** @type {Study} */ (partial); // completed below, before anyone sees it

  Object.assign(
    study,
    trackPool(study, WORKER_URL, tasks, {
      each: base.epochs,
      /** @param {{type: 'progress', id: string, epoch: number}} msg */
      doneOf: (msg) => msg.epoch,
      onUpdate,
    }),
  );
  return study;
}

/**
 * A study's seeds (base.seed, base.seed + 1, …) and its runs' tasks, one per seed and activation:
 * what startStudy hands the pool, and what the build's committed runs train in Node.
 * @param {{base: Study['base'], acts: ActivationName[], seeds: number, choose: Choose}} spec
 * @returns {{seedList: number[], tasks: SeedTask[]}}
 */
export function studyTasks({ base, acts, seeds, choose }) {
  const seedList = Array.from({ length: seeds }, (_, i) => base.seed + i);
  const tasks = seedRuns(seedList, acts, (seed, activation) => ({
    choose,
    config: { ...base, seed, activation },
  }));
  return { seedList, tasks };
}

/**
 * Seeds whose two runs both finished, with their test accuracies: [{seed, a, b, diff}].
 * @param {Pick<Study, 'acts' | 'seeds' | 'results'>} study
 */
export function pairs(study) {
  const [a, b] = study.acts;
  const out = [];
  for (const seed of study.seeds) {
    const ra = study.results.get(runId(seed, a)),
      rb = study.results.get(runId(seed, b));
    if (ra && rb)
      out.push({ seed, a: ra.test.acc, b: rb.test.acc, diff: ra.test.acc - rb.test.acc, ra, rb });
  }
  return out;
}

/**
 * The core's paired summary of test accuracy (a − b), or null with fewer than one pair.
 * @param {ActivationLab} M
 * @param {Pick<Study, 'acts' | 'seeds' | 'results'>} study
 * @returns {import('../shared/types').PairedSummary | null}
 */
export function summarize(M, study) {
  return pairedSummary(M, pairs(study));
}

/**
 * Epochs to reach 95 % training accuracy, paired by seed: { pairs: [{seed, a, b, diff}] for the
 * seeds where both runs got there, never: {a, b} how many finished runs of each did not }.
 * @param {Pick<Study, 'acts' | 'seeds' | 'results'>} study
 */
export function speedPairs(study) {
  /** @type {{pairs: {seed: number, a: number, b: number, diff: number}[], never: {a: number, b: number}}} */
  const out = { pairs: [], never: { a: 0, b: 0 } };
  for (const p of pairs(study)) {
    const a = reached95(p.ra),
      b = reached95(p.rb);
    if (a === null) out.never.a++;
    if (b === null) out.never.b++;
    if (a !== null && b !== null) out.pairs.push({ seed: p.seed, a, b, diff: a - b });
  }
  return out;
}

/**
 * The core's paired summary of epochs to 95 % (a − b), or null without a pair.
 * @param {import('../shared/types').ActivationLab} M
 * @param {Pick<Study, 'acts' | 'seeds' | 'results'>} study
 * @returns {import('../shared/types').PairedSummary | null}
 */
export function summarizeSpeed(M, study) {
  return pairedSummary(M, speedPairs(study).pairs);
}

/**
 * One row per seed, for the CSV.
 * @param {Pick<Study, 'acts' | 'seeds' | 'results'>} study
 */
export function seedRows(study) {
  const [a, b] = study.acts;
  return pairs(study).map((p) => ({
    seed: p.seed,
    [`${a}_test_acc`]: p.a,
    [`${b}_test_acc`]: p.b,
    diff_test_acc: p.diff,
    [`${a}_epochs_to_95`]: reached95(p.ra),
    [`${b}_epochs_to_95`]: reached95(p.rb),
    [`${a}_chosen_epoch`]: p.ra.chosen_epoch,
    [`${b}_chosen_epoch`]: p.rb.chosen_epoch,
    [`${a}_val_acc`]: p.ra.val.acc,
    [`${b}_val_acc`]: p.rb.val.acc,
    [`${a}_seconds`]: p.ra.seconds,
    [`${b}_seconds`]: p.rb.seconds,
  }));
}

/**
 * One row per seed, activation and epoch (validation curves), for the CSV.
 * @param {Pick<Study, 'results'>} study
 */
export function epochRows(study) {
  const rows = [];
  for (const r of study.results.values()) {
    for (const h of r.history) rows.push({ seed: r.seed, activation: r.activation, ...h });
  }
  return rows.sort(
    (x, y) => x.seed - y.seed || x.activation.localeCompare(y.activation) || x.epoch - y.epoch,
  );
}

/**
 * Everything, as one JSON document.
 * @param {Study} study
 * @param {object | null} summary the core's paired summary
 * @param {object | null} [speed] the paired summary of epochs to 95 %
 */
export function studyJson(study, summary, speed = null) {
  return {
    kind: 'activation-lab/seeds-study',
    config: study.base,
    activations: study.acts,
    seeds: study.seeds,
    choose: study.choose,
    note: 'test accuracy evaluated once per run, after training; curves and epoch choice on validation only',
    summary,
    epochs_to_95: speed ?? null,
    runs: [...study.results.values()].map(({ type, id, ...r }) => r),
    errors: study.errors,
  };
}
