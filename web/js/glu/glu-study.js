// The FFN variants of Shazeer 2020 trained from scratch over the reader's seeds, as data: the
// tasks (each the core's reference Transformer with one seed and one FFN activation: the
// many-seeds study's pool and worker, shared/lm-seed-worker.js), and from their results the rows
// `lm study` prints (wasm/cli-lm-study.mjs): per variant its validation losses per seed and the
// core's paired summary of Δ = variant − ReLU, after 1/8 of the run and at its end. Beside them,
// Shazeer's own numbers. No DOM here.
import { corpusData } from '../shared/lm-study.js';
import { pairedSummary, runId, seedRuns } from '../shared/seed-runs.js';
import { trackPool } from '../shared/study-pool.js';
import { REFERENCE } from './settings.js';

/** @typedef {import('../../../wasm/activation-lab').LmActivationName} LmActivationName */
/** @typedef {import('../../../wasm/activation-lab').LmConfig} LmConfig */
/** @typedef {import('../shared/types').PairedSummary} PairedSummary */
/** @typedef {import('../shared/lm-study.js').LmSeedResult} LmSeedResult */
/**
 * One variant's row, as `lm study --json` prints it (params only there).
 * @typedef {object} GluRow
 * @property {string} act
 * @property {number} [params]
 * @property {{seed?: number, early: number, late: number}[]} runs one per paired seed: validation
 *   losses (the CLI's, in the order of its seeds, carry no seed)
 * @property {PairedSummary | null} early Δ vs ReLU after 1/8 of the run (null for ReLU)
 * @property {PairedSummary | null} late Δ vs ReLU at the end
 */
/** @typedef {{seeds: number[], steps: number, early_step: number, rows: GluRow[]}} GluResult */
/**
 * @typedef {object} GluSpec
 * @property {LmConfig & {steps: number, seed: number}} base every run's configuration
 * @property {string[]} variants the activations compared with ReLU (ReLU itself not among them)
 * @property {number} seeds how many
 */

export { REFERENCE };
const WORKER_URL = new URL('../shared/lm-seed-worker.js', import.meta.url);

/**
 * Shazeer (2020), "GLU Variants Improve Transformer", Table 1: T5-base's held-out
 * log-perplexity after 65,536 and 524,288 steps, by the core's name of each FFN activation
 * (his Swish is SiLU). Gated variants use d_ff × 2/3, as the core's do.
 * @type {Readonly<Record<string, {early: number, late: number}>>}
 */
export const SHAZEER = Object.freeze({
  relu: { early: 1.997, late: 1.677 },
  gelu: { early: 1.983, late: 1.679 },
  silu: { early: 1.994, late: 1.683 },
  glu: { early: 1.982, late: 1.663 },
  bilinear: { early: 1.96, late: 1.648 },
  geglu: { early: 1.942, late: 1.633 },
  swiglu: { early: 1.944, late: 1.636 },
  reglu: { early: 1.953, late: 1.645 },
});

/**
 * Shazeer's Δ vs ReLU for `act` (null: not in his table), rounded to his three decimals.
 * @param {string} act
 */
export function shazeerDelta(act) {
  const s = SHAZEER[act];
  if (!s) return null;
  const d = (/** @type {number} */ x) => Math.round(x * 1000) / 1000;
  return { early: d(s.early - SHAZEER.relu.early), late: d(s.late - SHAZEER.relu.late) };
}

/** The step of the early reading: 1/8 of the run, as Shazeer's 65,536 of 524,288 (and lm study). */
export const earlyStep = (/** @type {number} */ steps) => Math.max(1, Math.round(steps / 8));

/**
 * The runs: per seed, ReLU then each variant; the core evaluates every 1/8 of the run.
 * @param {GluSpec} spec
 */
export function gluTasks({ base, variants, seeds }) {
  const acts = /** @type {LmActivationName[]} */ ([REFERENCE, ...variants]);
  const seedList = Array.from({ length: seeds }, (_, i) => base.seed + i);
  const eval_every = earlyStep(base.steps);
  return seedRuns(seedList, acts, (seed, act) => ({
    config: { ...base, eval_every, seed, act },
  }));
}

/**
 * The validation losses of one finished run: after 1/8 of it and at its end (NaN: diverged).
 * @param {LmSeedResult} r
 * @param {number} early the early step
 */
function readings(r, early) {
  const e = r.evals.find((x) => x.step >= early) ?? r.evals[r.evals.length - 1];
  return { early: Number(e?.val_loss ?? NaN), late: Number(r.final.val_loss ?? NaN) };
}

/**
 * The rows so far: per activation (ReLU first) the seeds whose run and ReLU's both finished, and
 * the core's paired summaries of the variant minus ReLU.
 * @param {import('../shared/types').ActivationLab} M
 * @param {{acts: string[], seeds: number[], steps: number, results: Map<string, LmSeedResult>}} study
 * @returns {GluResult}
 */
export function gluResult(M, { acts, seeds, steps, results }) {
  const early = earlyStep(steps);
  const rows = acts.map((act) => {
    /** @type {{a: number, b: number}[][]} early and late pairs */
    const [ep, lp] = [[], []];
    const runs = [];
    for (const seed of seeds) {
      const r = results.get(runId(seed, act)),
        ref = results.get(runId(seed, REFERENCE));
      if (!r || !ref) continue;
      const x = readings(r, early),
        y = readings(ref, early);
      runs.push({ seed, ...x });
      ep.push({ a: x.early, b: y.early });
      lp.push({ a: x.late, b: y.late });
    }
    const reference = act === REFERENCE;
    return {
      act,
      runs,
      early: reference ? null : pairedSummary(M, ep),
      late: reference ? null : pairedSummary(M, lp),
    };
  });
  return { seeds, steps, early_step: early, rows };
}

/**
 * Starts the runs in the many-seeds study's pool; onUpdate(study) after each change.
 * @param {GluSpec} spec
 * @param {(study: any) => void} onUpdate
 */
export function startGluStudy(spec, onUpdate) {
  const tasks = gluTasks(spec);
  const study = {
    acts: [REFERENCE, ...spec.variants],
    seeds: [...new Set(tasks.map((t) => t.seed))],
    steps: spec.base.steps,
    tasks: tasks.length,
    /** @type {Map<string, LmSeedResult & {seed: number, activation: string}>} */
    results: new Map(),
    /** @type {{seed?: number, activation?: string, message: string}[]} */
    errors: [],
    state: /** @type {'running' | 'finished' | 'cancelled' | 'failed'} */ ('running'),
    startedAt: performance.now(),
    endedAt: /** @type {number | null} */ (null),
  };
  const pooled = trackPool(study, WORKER_URL, tasks, {
    each: spec.base.steps,
    /** @param {{type: 'progress', id: string, step: number}} msg */
    doneOf: (msg) => msg.step,
    onUpdate,
    data: corpusData,
  });
  return Object.assign(study, pooled);
}
