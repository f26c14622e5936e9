// The FFN variants of Shazeer 2020 trained from scratch over seeds, as data: the reader's runs
// (each the core's reference Transformer with one seed and one FFN activation, in the study pool:
// shared/lm-seed-worker.js), the reference study the figure shows first (data/lm-glu-reference.json,
// made by `npm run reference`), both in `lm study --json`'s shape (wasm/cli-lm-study.mjs): per
// variant its final validation loss per seed, their mean, and the core's paired summary of
// Δ = variant − ReLU. Beside them, Shazeer's own numbers. No DOM here.
import { corpusData } from '../shared/lm-study.js';
import { pairedSummary, runId, seedRuns } from '../shared/seed-runs.js';
import { trackPool } from '../shared/study-pool.js';
import { fetchData } from '../shared/worker-error.js';
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
 * @property {(number | null)[]} losses final validation loss per seed of the study (null: not
 *   finished, or diverged)
 * @property {number | null} loss their mean
 * @property {PairedSummary | null} delta Δ vs ReLU over the seeds both finished (null for ReLU)
 */
/**
 * @typedef {{acts: string[], seeds: number[], steps: number, model?: object, rows: GluRow[]}} GluResult
 */
/**
 * @typedef {object} GluSpec
 * @property {LmConfig & {steps: number, seed: number}} base every run's configuration
 * @property {string[]} variants the activations compared with ReLU (ReLU itself not among them)
 * @property {number} seeds how many
 */

export { REFERENCE };
const WORKER_URL = new URL('../shared/lm-seed-worker.js', import.meta.url);
/** The reference study, beside the page's other data (dist/data/). */
export const REFERENCE_FILE = 'data/lm-glu-reference.json';

/**
 * Shazeer (2020), "GLU Variants Improve Transformer", Table 1: T5-base's held-out
 * log-perplexity after 524,288 steps, by the core's name of each FFN activation (his Swish is
 * SiLU). Gated variants use d_ff × 2/3, as the core's do.
 * @type {Readonly<Record<string, number>>}
 */
export const SHAZEER = Object.freeze({
  relu: 1.677,
  gelu: 1.679,
  silu: 1.683,
  glu: 1.663,
  bilinear: 1.648,
  geglu: 1.633,
  swiglu: 1.636,
  reglu: 1.645,
});

/**
 * Shazeer's loss for `act`, its Δ vs ReLU (rounded to his three decimals) and that Δ as a share
 * of ReLU's loss in % (null: not in his table).
 * @param {string} act
 */
export function shazeerDelta(act) {
  const loss = SHAZEER[act];
  if (loss === undefined) return null;
  const delta = Math.round((loss - SHAZEER.relu) * 1000) / 1000;
  return { loss, delta, pct: (100 * delta) / SHAZEER.relu };
}

/**
 * The runs: per seed, ReLU then each variant, each evaluated once, at its end.
 * @param {GluSpec} spec
 */
export function gluTasks({ base, variants, seeds }) {
  const acts = /** @type {LmActivationName[]} */ ([REFERENCE, ...variants]);
  const seedList = Array.from({ length: seeds }, (_, i) => base.seed + i);
  return seedRuns(seedList, acts, (seed, act) => ({
    config: { ...base, eval_every: base.steps, seed, act },
  }));
}

/** @param {(number | null)[]} xs */
const meanOf = (xs) => {
  const ok = /** @type {number[]} */ (xs.filter((x) => x !== null));
  return ok.length ? ok.reduce((s, x) => s + x, 0) / ok.length : null;
};

/**
 * The result so far: per activation (ReLU first) its loss on each seed whose run finished, and
 * the core's paired summary of the variant minus ReLU over the seeds where both did.
 * @param {import('../shared/types').ActivationLab} M
 * @param {{acts: string[], seeds: number[], steps: number, results: Map<string, LmSeedResult>}} study
 * @returns {GluResult}
 */
export function gluResult(M, { acts, seeds, steps, results }) {
  /** @param {string} act */
  const lossesOf = (act) =>
    seeds.map((seed) => {
      const loss = Number(results.get(runId(seed, act))?.final.val_loss ?? NaN);
      return Number.isFinite(loss) ? loss : null;
    });
  const ref = lossesOf(REFERENCE);
  const rows = acts.map((act) => {
    const losses = act === REFERENCE ? ref : lossesOf(act);
    /** @type {{a: number, b: number}[]} */
    const pairs = [];
    losses.forEach((a, i) => {
      const b = ref[i];
      if (a !== null && b !== null) pairs.push({ a, b });
    });
    return {
      act,
      losses,
      loss: meanOf(losses),
      delta: act === REFERENCE ? null : pairedSummary(M, pairs),
    };
  });
  return { acts, seeds, steps, rows };
}

/**
 * The widest half-width of a result's 95 % intervals: the smallest difference its seeds can tell
 * from zero (null before two seeds have paired).
 * @param {GluResult} result
 */
export function resolution(result) {
  const halves = result.rows.flatMap((r) =>
    r.delta && r.delta.ci_low !== null && r.delta.ci_high !== null
      ? [(r.delta.ci_high - r.delta.ci_low) / 2]
      : [],
  );
  return halves.length ? Math.max(...halves) : null;
}

/**
 * How many of the reader's finished runs the reference study holds too (the same steps, seed and
 * activation, and the core's default model), and how many of those gave the very same loss: the
 * reference re-run, bit for bit.
 * @param {GluResult} run
 * @param {GluResult} reference
 */
export function reproduced(run, reference) {
  let compared = 0,
    same = 0;
  const modelOf = (/** @type {GluResult} */ r) => JSON.stringify(r.model ?? {});
  if (run.steps !== reference.steps || modelOf(run) !== modelOf(reference))
    return { compared, same };
  for (const row of run.rows) {
    const theirs = reference.rows.find((r) => r.act === row.act);
    if (!theirs) continue;
    row.losses.forEach((loss, i) => {
      const j = reference.seeds.indexOf(run.seeds[i]);
      if (loss === null || j < 0) return;
      compared += 1;
      if (theirs.losses[j] === loss) same += 1;
    });
  }
  return { compared, same };
}

/**
 * The reference study, as `lm study --reference --json` prints it.
 * @param {URL} base where the page's data/ folder is
 * @returns {Promise<GluResult>}
 */
export async function fetchReference(base) {
  const { acts, seeds, steps, model, rows } = JSON.parse(await fetchData(REFERENCE_FILE, base));
  return { acts, seeds, steps, model, rows };
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
