// `activation-lab lm study`: FFN variants trained from scratch over seeds, each against ReLU on
// the same seeds (the same batches, and the same initial weights wherever the tensors' names and
// shapes agree: src/lm/model.hpp's tensor_seed), as the GLU figure pairs them: per variant its
// final validation losses, their mean, and Δ = variant − ReLU per seed through the core's paired
// summary (src/stats: mean and Student-t 95 % interval). The ordering printed is the measured one.
// `--reference` prints the reference study (web/data/lm-glu-reference.json, made by
// wasm/lm-glu-reference.mjs) in the same JSON instead of running one.
import { readFileSync } from 'node:fs';
import { MODEL_FLAGS, dataPath, experiment, finite, kindOf, readScratch } from './cli-lm-model.mjs';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./cli-lm-model.mjs').Io} Io */
/** @typedef {{[flag: string]: string | boolean | undefined}} Flags */
/** @typedef {import('../web/js/shared/types').PairedSummary} PairedSummary */
/**
 * What a study runs: every activation (ReLU first) on every seed, `steps` steps each, with the
 * model settings `model` on top of the core's defaults.
 * @typedef {{acts: string[], seeds: number[], steps: number, model: {[key: string]: string | number}}} StudySpec
 */
/**
 * One variant's row: its parameter count, its final validation loss per seed (in the order of
 * the study's seeds), their mean, and Δ vs ReLU (null for ReLU itself).
 * @typedef {object} StudyRow
 * @property {string} act
 * @property {number} params
 * @property {number[]} losses
 * @property {number} loss the mean of losses
 * @property {PairedSummary | null} delta
 */
/** @typedef {StudySpec & {rows: StudyRow[]}} Study */

export const REFERENCE = 'relu';
export const REFERENCE_FILE = 'lm-glu-reference.json';

/** @type {NonNullable<import('node:util').ParseArgsConfig['options']>} */
export const studyFlags = {
  acts: { type: 'string' },
  seeds: { type: 'string' },
  steps: { type: 'string' },
  seed: { type: 'string' },
  'init-scale': { type: 'string' },
  reference: { type: 'boolean' },
  json: { type: 'boolean' },
  ...Object.fromEntries(
    Object.keys(MODEL_FLAGS).map((k) => [k, { type: /** @type {const} */ ('string') }]),
  ),
};

export const STUDY_USAGE = `  lm study [--acts relu,gelu,swiglu,...] [--seeds N] [--steps S] [--seed S0]
           [--init-scale bert|gpt2] [--d D] [--layers L] [--heads H] [--ctx T] [--ffn F]
           [--batch B] [--json]     Δ final validation loss vs ReLU over seeds
  lm study --reference [--json]     the reference study the GLU figure shows (no run)`;

/**
 * An integer flag within a [min, max] row of the core's limits (or the default).
 * @param {Io} io
 * @param {string | undefined} text
 * @param {string} flag
 * @param {{min: number, max: number}} range
 * @param {number} fallback
 */
function intFlag(io, text, flag, range, fallback) {
  if (text === undefined) return fallback;
  const n = io.toNumber(text, flag, 'integer');
  if (!(Number.isInteger(n) && n >= range.min && n <= range.max))
    io.fail(`lm study: ${flag} must be an integer in [${range.min}, ${range.max}]`);
  return n;
}

/**
 * The activations of --acts (default: the core's GLU study variants): known to the core, no
 * repeats; ReLU first (added when absent).
 * @param {string | undefined} text
 * @param {{act: string[], glu_defaults: {variants: string[]}}} limits
 * @param {Io} io
 */
export function studyActs(text, limits, io) {
  const acts =
    text === undefined ? limits.glu_defaults.variants : text.split(',').map((a) => a.trim());
  for (const a of acts)
    if (!limits.act.includes(a))
      io.fail(`lm study: --acts: unknown activation '${a}' (choices: ${limits.act.join(', ')})`);
  if (new Set(acts).size !== acts.length) io.fail('lm study: --acts: an activation is repeated');
  return [REFERENCE, ...acts.filter((a) => a !== REFERENCE)];
}

/**
 * The study the flags ask for, checked against the core's limits.
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 * @returns {StudySpec}
 */
export function studySpec(M, o, io) {
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const str = (/** @type {string} */ k) => /** @type {string | undefined} */ (o[k]);
  const acts = studyActs(str('acts'), limits, io);
  const { seeds: n, steps: s } = limits.glu_defaults;
  const seeds = intFlag(io, str('seeds'), '--seeds', limits.study_seeds, n);
  const steps = intFlag(io, str('steps'), '--steps', limits.study_steps, s);
  const first =
    o.seed === undefined
      ? 0
      : finite(io.toNumber(String(o.seed), '--seed', 'integer'), '--seed', io);
  /** @type {{[key: string]: string | number}} */
  const model = {};
  if (o['init-scale'] !== undefined) model.init = /** @type {string} */ (o['init-scale']);
  for (const [flag, key] of Object.entries(MODEL_FLAGS))
    if (o[flag] !== undefined)
      model[key] = finite(
        io.toNumber(String(o[flag]), `--${flag}`, kindOf(limits[key])),
        `--${flag}`,
        io,
      );
  const seedList = Array.from({ length: seeds }, (_, i) => first + i);
  for (const act of acts) {
    const error = M.lmValidateConfigJson(JSON.stringify({ ...model, act, steps, seed: first }));
    if (error) io.fail(`lm study: ${error}`);
  }
  return { acts, seeds: seedList, steps, model };
}

/**
 * One run of a study: the final validation loss of `act` on `seed`, and the model's size.
 * @param {ActivationLab} M
 * @param {string} text the corpus (readScratch)
 * @param {StudySpec} spec
 * @param {string} act
 * @param {number} seed
 * @param {Io} io
 */
export function studyRun(M, text, spec, act, seed, io) {
  // One evaluation, at the end: the study reads nothing earlier.
  const config = { ...spec.model, act, steps: spec.steps, seed, eval_every: spec.steps };
  const e = experiment(M, config, text, io, 'lm study');
  try {
    while (e.step(10));
    /** @type {import('./activation-lab').LmEval[]} */
    const evals = JSON.parse(e.historyJson());
    return { loss: evals[evals.length - 1].val_loss, params: e.paramCount() };
  } finally {
    e.delete();
  }
}

/**
 * The study's rows from its runs: runs[act][i] is the run of spec.seeds[i].
 * @param {ActivationLab} M
 * @param {StudySpec} spec
 * @param {Record<string, {loss: number, params: number}[]>} runs
 * @returns {Study}
 */
export function summarizeStudy(M, spec, runs) {
  const ref = runs[REFERENCE].map((r) => r.loss);
  /** @param {number[]} a @param {number[]} b */
  const paired = (a, b) => JSON.parse(M.pairedSummaryJson(JSON.stringify(a), JSON.stringify(b)));
  const rows = spec.acts.map((act) => {
    const losses = runs[act].map((r) => r.loss);
    return {
      act,
      params: runs[act][0].params,
      losses,
      loss: losses.reduce((s, x) => s + x, 0) / losses.length,
      delta: act === REFERENCE ? null : paired(losses, ref),
    };
  });
  return { ...spec, rows };
}

/**
 * Runs the study the flags ask for, or reads the reference study (--reference).
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 * @returns {Study}
 */
export function runStudy(M, o, io) {
  if (o.reference) {
    const others = Object.keys(o).filter((k) => !['reference', 'json'].includes(k));
    if (others.length) io.fail(`lm study: --reference takes no --${others[0]} (it runs nothing)`);
    return readReference();
  }
  const spec = studySpec(M, o, io);
  const text = readScratch(M, io);
  /** @type {Record<string, {loss: number, params: number}[]>} */
  const runs = {};
  for (const act of spec.acts)
    runs[act] = spec.seeds.map((s) => studyRun(M, text, spec, act, s, io));
  return summarizeStudy(M, spec, runs);
}

/** The committed reference study: its spec and rows (the file also holds how it was made). */
export function readReference() {
  const { acts, seeds, steps, model, rows } = JSON.parse(
    readFileSync(dataPath(REFERENCE_FILE), 'utf8'),
  );
  return /** @type {Study} */ ({ acts, seeds, steps, model, rows });
}

/**
 * What a Δ's interval says: lower or higher than ReLU only when the whole interval is; "≈" when
 * it holds 0; "" without an interval (one seed) or for the reference.
 * @param {PairedSummary | null} s
 * @returns {'lower' | 'higher' | '≈' | ''}
 */
export function verdict(s) {
  if (!s || s.n < 2 || s.ci_low === null || s.ci_high === null) return '';
  if (s.ci_high < 0) return 'lower';
  if (s.ci_low > 0) return 'higher';
  return '≈';
}

/** @param {number | null} x null: the core's NaN (a run diverged) */
const signed = (x) => (x === null ? 'NaN' : (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(4));

/**
 * @param {PairedSummary | null} s
 */
function cell(s) {
  if (!s) return '0 (reference)';
  const ci = s.n >= 2 && s.ci_low !== null ? ` [${signed(s.ci_low)}, ${signed(s.ci_high)}]` : '';
  return `${signed(s.mean_diff)}${ci} ${verdict(s)}`.trimEnd();
}

/**
 * Δ as a share of ReLU's mean loss, in % (Shazeer's table compares in log-perplexity, whose
 * scale is not nats per character: a share compares).
 * @param {StudyRow} row
 * @param {StudyRow} ref
 */
export const deltaPercent = (row, ref) =>
  row.delta?.mean_diff == null ? null : (100 * row.delta.mean_diff) / ref.loss;

/**
 * The activations from lowest to highest mean Δ (the reference at 0).
 * @param {StudyRow[]} rows
 */
export function ordering(rows) {
  return rows
    .map((r) => ({ act: r.act, delta: r.delta ? r.delta.mean_diff : 0 }))
    .sort((a, b) => (a.delta ?? Infinity) - (b.delta ?? Infinity)); // NaN (diverged) last
}

/**
 * The study as text: one line per variant, then the measured ordering.
 * @param {Study} study
 */
export function studyText(study) {
  const { rows, seeds, steps } = study;
  const pad = (/** @type {string} */ s, /** @type {number} */ n) => s.padEnd(n);
  const pct = (/** @type {number | null} */ p) =>
    p === null ? '' : `${p >= 0 ? '+' : '−'}${Math.abs(p).toFixed(2)} %`;
  const lines = [
    `lm study: ${seeds.length} seed(s) (${seeds[0]}..${seeds[seeds.length - 1]}), ${steps} steps; ` +
      `final validation loss and Δ vs ${REFERENCE} in nats per character, mean [95 % interval]`,
    `(lower / higher: the whole interval is below / above ${REFERENCE}'s; ≈: it holds 0)`,
    `${pad('act', 10)}${pad('params', 8)}${pad('loss', 9)}${pad('Δ vs relu', 34)}Δ %`,
  ];
  for (const r of rows)
    lines.push(
      `${pad(r.act, 10)}${pad(String(r.params), 8)}${pad(r.loss.toFixed(4), 9)}` +
        `${pad(cell(r.delta), 34)}${pct(deltaPercent(r, rows[0]))}`.trimEnd(),
    );
  lines.push(
    'lowest loss first: ' +
      ordering(rows)
        .map((x) => `${x.act} (${x.act === REFERENCE ? '0' : signed(x.delta)})`)
        .join(', '),
  );
  return `${lines.join('\n')}\n`;
}
