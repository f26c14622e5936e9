// The many-seeds study as data: the tasks (one per seed and activation, the two runs of a seed
// starting from the same initial weights because the core draws them from the seed alone), the
// collection of their results, progress with a time-left estimate, the paired summary (computed
// by the core, pairedSummaryJson) and the rows of the exported files. No DOM here.
import { runPool } from '../shared/pool.js';
import { reached95 } from '../shared/runs.js';

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
 * @property {() => StudyProgress} progress
 */
/**
 * @typedef {object} StudyProgress
 * @property {number} fraction
 * @property {number} units  work done (epochs, or the Transformer's steps) of `total`
 * @property {number} total
 * @property {number} elapsed seconds
 * @property {number | null} left seconds, once there is enough to estimate it
 * @property {number} runsDone
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
 * @template {{id: string, seed: number, activation: string}} Task
 * @template {{type: 'result'}} Result
 * @typedef {object} PooledStudy  what trackPool reads and updates in a study
 * @property {Map<string, Result & {seed: number, activation: Task['activation']}>} results
 * @property {{seed?: number, activation?: Task['activation'], message: string}[]} errors
 * @property {'running' | 'finished' | 'cancelled' | 'failed'} state
 * @property {number} startedAt
 * @property {number | null} endedAt
 */

/**
 * Runs a study's tasks in a pool of workers from `url` (pool.js) and keeps the study up to date:
 * each result (with its seed and activation) or error, its state when the pool ends, and its
 * progress in units of work (epochs or steps: `each` per run; doneOf reads how many a progress
 * message reports). data: what each worker's first request carries (pool.js: the page's one copy
 * of a data file). Returns what completes the study: workers, cancel(), done and progress().
 * The MLP study here and the Transformer's (lm-study.js) both run through it.
 * @template {{id: string, seed: number, activation: string}} Task
 * @template {{type: 'progress'}} Progress
 * @template {{type: 'result'}} Result
 * @template {PooledStudy<Task, Result>} S
 * @param {S} study
 * @param {URL} url
 * @param {Task[]} tasks
 * @param {{each: number, doneOf: (msg: Progress) => number, onUpdate: (study: S) => void,
 *   data?: () => Promise<import('../shared/pool.js').PoolData>}} how
 * @returns {{workers: number, cancel: () => void, done: Promise<S>, progress: () => StudyProgress}}
 */
export function trackPool(study, url, tasks, { each, doneOf, onUpdate, data }) {
  /** @type {Map<string, number>} task id -> units done so far */
  const live = new Map();
  const pool = runPool(url, tasks, {
    data,
    /** @param {Progress} msg */
    onProgress(task, msg) {
      live.set(task.id, doneOf(msg));
      onUpdate(study);
    },
    /** @param {Result} msg */
    onResult(task, msg) {
      live.delete(task.id);
      study.results.set(task.id, { ...msg, seed: task.seed, activation: task.activation });
      onUpdate(study);
    },
    onError(task, message) {
      if (task) live.delete(task.id);
      study.errors.push({ seed: task?.seed, activation: task?.activation, message });
      onUpdate(study);
    },
  });
  const done = pool.done.then((how) => {
    study.state = how === 'cancelled' ? 'cancelled' : study.errors.length ? 'failed' : 'finished';
    study.endedAt = performance.now();
    onUpdate(study);
    return study;
  });
  const progress = () => {
    const total = tasks.length * each;
    let units = (study.results.size + study.errors.length) * each;
    for (const n of live.values()) units += n;
    const elapsed = ((study.endedAt ?? performance.now()) - study.startedAt) / 1000;
    const fraction = total ? Math.min(1, units / total) : 1;
    // Rate so far, once there is enough of it to mean something (workers start in ~0.1 s).
    const left =
      fraction > 0.02 && elapsed > 0.5 && study.state === 'running'
        ? (elapsed * (1 - fraction)) / fraction
        : null;
    return { fraction, units, total, elapsed, left, runsDone: study.results.size };
  };
  return { workers: pool.size, cancel: () => pool.cancel(), done, progress };
}

/** The id of a study's run (its task's and its result's): one seed, one activation. */
export const runId = (/** @type {number} */ seed, /** @type {string} */ activation) =>
  `${seed}/${activation}`;

/**
 * A study's runs: for each seed, one per activation, in that order; an activation against itself
 * runs once and serves both sides. Each is {id, seed, activation} and what more() adds.
 * @template {string} A
 * @template T
 * @param {number[]} seeds
 * @param {A[]} acts
 * @param {(seed: number, activation: A) => T} more
 * @returns {({id: string, seed: number, activation: A} & T)[]}
 */
export function seedRuns(seeds, acts, more) {
  return seeds.flatMap((seed) =>
    [...new Set(acts)].map((activation) => ({
      id: runId(seed, activation),
      seed,
      activation,
      ...more(seed, activation),
    })),
  );
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
 * The core's paired summary (pairedSummaryJson) of a − b over the pairs, or null without a pair.
 * Every study's summaries go through it: test accuracy, epochs to 95 %, the Transformer's loss.
 * @param {ActivationLab} M
 * @param {{a: number, b: number}[]} p
 */
export function pairedSummary(M, p) {
  if (!p.length) return null;
  return JSON.parse(
    M.pairedSummaryJson(JSON.stringify(p.map((x) => x.a)), JSON.stringify(p.map((x) => x.b))),
  );
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
