// The many-seeds study of the tiny Transformer, as data: the tasks (one per seed and FFN
// activation, each the core's reference configuration with that seed; the corpus and its split
// never change), their results from the pool (lm-seed-worker.js), progress in steps, the
// paired summary of the final validation loss (the core's pairedSummaryJson), what it supports
// (lower loss is better) and the rows of the exported files. No DOM here. The many-seeds figure
// (seeds/) runs it; the FFN variants' figure (glu/) runs its tasks in the same pool and worker.
import { lmCorpus } from './page-data.js';
import { pairedSummary, runId, seedRuns } from './seed-runs.js';
import { trackPool } from './study-pool.js';
import { readSummary } from './study-verdict.js';

/** @typedef {import('../../../wasm/activation-lab').LmActivationName} LmActivationName */
/** @typedef {import('../../../wasm/activation-lab').LmConfig} LmConfig */
/** @typedef {import('../../../wasm/activation-lab').LmEval} LmEval */
/** @typedef {import('./types').ActivationLab} ActivationLab */
/** @typedef {import('./types').Status} Status */
/**
 * @typedef {object} LmSeedTask
 * @property {string} id
 * @property {number} seed
 * @property {LmActivationName} activation
 * @property {LmConfig} config
 */
/**
 * @typedef {object} LmSeedResult
 * @property {'result'} type
 * @property {string} id
 * @property {Status} status
 * @property {LmEval[]} evals the core's evaluations during training
 * @property {LmEval} final the core's losses of the final weights
 * @property {number} seconds
 */
/** @typedef {LmSeedResult & {seed: number, activation: LmActivationName}} LmRun */
/**
 * @typedef {object} LmStudySpec
 * @property {LmConfig & {steps: number, seed: number}} base every run's configuration (its seed
 *   is the first seed)
 * @property {LmActivationName[]} acts [a, b]
 * @property {number} seeds how many
 */
/**
 * @typedef {object} LmStudy
 * @property {'transformer'} model
 * @property {LmStudySpec['base']} base
 * @property {LmActivationName[]} acts
 * @property {number[]} seeds
 * @property {number} tasks
 * @property {Map<string, LmRun>} results task id -> the worker's result
 * @property {{seed?: number, activation?: LmActivationName, message: string}[]} errors
 * @property {'running' | 'finished' | 'cancelled' | 'failed'} state
 * @property {number} startedAt
 * @property {number | null} endedAt
 * @property {number} workers
 * @property {() => void} cancel
 * @property {Promise<LmStudy>} done
 * @property {() => import('./study-pool.js').StudyProgress} progress  (its units are steps)
 */
/** @typedef {Pick<LmStudy, 'acts' | 'seeds' | 'results'>} LmStudyData */
/** @typedef {import('./types').PairedSummary} PairedSummary the core's pairedSummaryJson */

const WORKER_URL = new URL('./lm-seed-worker.js', import.meta.url);
// About this many evaluations per run, for the curves (each costs about two training steps).
const CURVE_POINTS = 20;
/** A difference in validation loss below this (nats per character) hardly matters here. */
export const LOSS_NEGLIGIBLE = 0.01;

/** A worker's first request: the corpus, fetched once by the page (page-data.js). */
export const corpusData = async () => ({ args: { corpus: await lmCorpus() } });

/**
 * The runs of a study (seed-runs.js's seedRuns: an activation against itself runs once).
 * @param {LmStudySpec} spec
 * @returns {LmSeedTask[]}
 */
export function lmStudyTasks({ base, acts, seeds }) {
  const eval_every = Math.max(1, Math.round(base.steps / CURVE_POINTS));
  const seedList = Array.from({ length: seeds }, (_, i) => base.seed + i);
  return seedRuns(seedList, acts, (seed, activation) => ({
    config: { ...base, eval_every, seed, act: activation },
  }));
}

/**
 * Starts a study in a pool of workers; onUpdate(study) after each change.
 * @param {LmStudySpec} spec
 * @param {(study: LmStudy) => void} onUpdate
 * @returns {LmStudy}
 */
export function startLmStudy(spec, onUpdate) {
  const tasks = lmStudyTasks(spec);
  /** @type {Omit<LmStudy, 'workers' | 'cancel' | 'done' | 'progress'> & Partial<LmStudy>} */
  const partial = {
    model: 'transformer',
    base: spec.base,
    acts: spec.acts,
    seeds: [...new Set(tasks.map((t) => t.seed))],
    tasks: tasks.length,
    results: new Map(),
    errors: [],
    state: 'running',
    startedAt: performance.now(),
    endedAt: null,
  };
  const study = /** @type {LmStudy} */ (partial); // completed below, before anyone sees it
  Object.assign(
    study,
    trackPool(study, WORKER_URL, tasks, {
      each: spec.base.steps,
      /** @param {{type: 'progress', id: string, step: number}} msg */
      doneOf: (msg) => msg.step,
      onUpdate,
      data: corpusData,
    }),
  );
  return study;
}

/**
 * Seeds whose two runs both ended with a finite validation loss: [{seed, a, b, diff, ra, rb}].
 * @param {LmStudyData} study
 */
export function lmPairs(study) {
  const [a, b] = study.acts;
  const out = [];
  for (const seed of study.seeds) {
    const ra = study.results.get(runId(seed, a)),
      rb = study.results.get(runId(seed, b));
    const la = ra?.final.val_loss,
      lb = rb?.final.val_loss;
    if (ra && rb && Number.isFinite(la) && Number.isFinite(lb))
      out.push({ seed, a: Number(la), b: Number(lb), diff: Number(la) - Number(lb), ra, rb });
  }
  return out;
}

/**
 * The core's paired summary of the final validation loss (a − b), or null without a pair.
 * @param {ActivationLab} M
 * @param {LmStudyData} study
 * @returns {PairedSummary | null}
 */
export function summarizeLm(M, study) {
  return pairedSummary(M, lmPairs(study));
}

/**
 * What a summary of losses supports: study-verdict.js's reading, with the direction told as "lower loss"
 * (a − b > 0 means b reached the lower loss) and the loss's own negligible size.
 * @param {PairedSummary | null | undefined} summary
 * @returns {{kind: 'too_few' | 'no_spread' | 'no_difference' | 'a_lower' | 'b_lower',
 *   bounded: boolean, negligible: boolean, seedSpread: number, spreadExceedsDiff: boolean}}
 */
export function readLossSummary(summary) {
  const r = readSummary(summary, LOSS_NEGLIGIBLE);
  const kind = r.kind === 'a_higher' ? 'b_lower' : r.kind === 'b_higher' ? 'a_lower' : r.kind;
  return { ...r, kind };
}

/**
 * One row per seed, for the CSV.
 * @param {LmStudyData} study
 */
export function lmSeedRows(study) {
  const [a, b] = study.acts;
  return lmPairs(study).map((p) => ({
    seed: p.seed,
    [`${a}_val_loss`]: p.a,
    [`${b}_val_loss`]: p.b,
    diff_val_loss: p.diff,
    [`${a}_train_loss`]: p.ra.final.train_loss,
    [`${b}_train_loss`]: p.rb.final.train_loss,
    [`${a}_seconds`]: p.ra.seconds,
    [`${b}_seconds`]: p.rb.seconds,
  }));
}

/** The columns of lmEvalRows. */
export const EVAL_COLUMNS = ['seed', 'activation', 'step', 'train_loss', 'val_loss'];

/**
 * One row per seed, activation and evaluation (the curves), for the CSV.
 * @param {Pick<LmStudy, 'results'>} study
 */
export function lmEvalRows(study) {
  const rows = [];
  for (const r of study.results.values())
    for (const e of r.evals) rows.push({ seed: r.seed, activation: r.activation, ...e });
  return rows.sort(
    (x, y) => x.seed - y.seed || x.activation.localeCompare(y.activation) || x.step - y.step,
  );
}

/**
 * Everything, as one JSON document.
 * @param {LmStudy} study
 * @param {PairedSummary | null} summary
 */
export function lmStudyJson(study, summary) {
  return {
    kind: 'activation-lab/transformer-seeds-study',
    config: study.base,
    activations: study.acts,
    seeds: study.seeds,
    metric: 'final validation loss, nats per character (lower is better); difference a - b',
    summary,
    runs: [...study.results.values()].map(({ type, id, ...r }) => r),
    errors: study.errors,
  };
}
