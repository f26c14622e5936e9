// `activation-lab lm study`: FFN variants trained from scratch over seeds, each against ReLU on
// the same seeds (same initial draw stream and batches), as the page's many-seeds study pairs
// them: Δ validation loss = variant − ReLU per seed, and the core's paired summary (src/stats:
// mean and Student-t 95 % interval). Read early (after 1/8 of the run, Shazeer 2020's 65,536 of
// 524,288 steps) and late (the end). The ordering printed is the measured one, whichever it is.
import { MODEL_FLAGS, experiment, finite, kindOf, readScratch } from './cli-lm-model.mjs';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./cli-lm-model.mjs').Io} Io */
/** @typedef {{[flag: string]: string | undefined}} Flags */
/** @typedef {import('../web/js/shared/types').PairedSummary} PairedSummary */
/**
 * One variant's row: its parameter count, per-seed losses and Δ vs ReLU early and late.
 * @typedef {object} StudyRow
 * @property {string} act
 * @property {number} params
 * @property {{early: number, late: number}[]} runs one per seed, validation losses
 * @property {PairedSummary | null} early Δ vs the reference (null for the reference itself)
 * @property {PairedSummary | null} late
 */

export const REFERENCE = 'relu';

/** @type {NonNullable<import('node:util').ParseArgsConfig['options']>} */
export const studyFlags = {
  acts: { type: 'string' },
  seeds: { type: 'string' },
  steps: { type: 'string' },
  seed: { type: 'string' },
  'init-scale': { type: 'string' },
  json: { type: 'boolean' },
  ...Object.fromEntries(
    Object.keys(MODEL_FLAGS).map((k) => [k, { type: /** @type {const} */ ('string') }]),
  ),
};

export const STUDY_USAGE = `  lm study [--acts relu,gelu,swiglu,...] [--seeds N] [--steps S] [--seed S0]
           [--init-scale bert|gpt2] [--d D] [--layers L] [--heads H] [--ctx T] [--ffn F]
           [--batch B] [--json]     Δ validation loss vs ReLU over seeds, early and late`;

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
 * The activations of --acts: known to the core, no repeats; ReLU first (added when absent).
 * @param {string | undefined} text
 * @param {string[]} known
 * @param {Io} io
 */
export function studyActs(text, known, io) {
  const acts = (text ?? 'relu,gelu,swiglu').split(',').map((a) => a.trim());
  for (const a of acts)
    if (!known.includes(a))
      io.fail(`lm study: --acts: unknown activation '${a}' (choices: ${known.join(', ')})`);
  if (new Set(acts).size !== acts.length) io.fail('lm study: --acts: an activation is repeated');
  return [REFERENCE, ...acts.filter((a) => a !== REFERENCE)];
}

/**
 * Runs the study; returns its rows (the reference first).
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 */
export function runStudy(M, o, io) {
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const acts = studyActs(o.acts, limits.act, io);
  const seeds = intFlag(io, o.seeds, '--seeds', limits.study_seeds, limits.study_defaults.seeds);
  const steps = intFlag(io, o.steps, '--steps', limits.study_steps, limits.study_defaults.steps);
  const first =
    o.seed === undefined ? 0 : finite(io.toNumber(o.seed, '--seed', 'integer'), '--seed', io);
  /** @type {{[key: string]: string | number}} */
  const model = {};
  if (o['init-scale'] !== undefined) model.init = o['init-scale'];
  for (const [flag, key] of Object.entries(MODEL_FLAGS))
    if (o[flag] !== undefined)
      model[key] = finite(
        io.toNumber(/** @type {string} */ (o[flag]), `--${flag}`, kindOf(limits[key])),
        `--${flag}`,
        io,
      );
  // The early reading is an evaluation point: every 1/8 of the run.
  const every = Math.max(1, Math.round(steps / 8));
  const text = readScratch(M, io);
  const rows = acts.map((act) => {
    let params = 0;
    const runs = [];
    for (let s = first; s < first + seeds; ++s) {
      const config = { ...model, act, steps, seed: s, eval_every: every };
      const error = M.lmValidateConfigJson(JSON.stringify(config));
      if (error) io.fail(`lm study: ${error}`);
      const e = experiment(M, config, text, io, 'lm study');
      try {
        params = e.paramCount();
        while (e.step(10));
        /** @type {import('./activation-lab').LmEval[]} */
        const evals = JSON.parse(e.historyJson());
        const early = evals.find((x) => x.step >= every) ?? evals[evals.length - 1];
        runs.push({ early: early.val_loss, late: evals[evals.length - 1].val_loss });
      } finally {
        e.delete();
      }
    }
    return { act, params, runs };
  });
  const ref = rows[0].runs;
  /** @param {number[]} a @param {number[]} b */
  const paired = (a, b) => JSON.parse(M.pairedSummaryJson(JSON.stringify(a), JSON.stringify(b)));
  return {
    seeds: Array.from({ length: seeds }, (_, i) => first + i),
    steps,
    early_step: every,
    rows: rows.map(
      (r, i) =>
        /** @type {StudyRow} */ ({
          ...r,
          early: i
            ? paired(
                r.runs.map((x) => x.early),
                ref.map((x) => x.early),
              )
            : null,
          late: i
            ? paired(
                r.runs.map((x) => x.late),
                ref.map((x) => x.late),
              )
            : null,
        }),
    ),
  };
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
 * The activations from lowest to highest mean Δ at one reading (the reference at 0).
 * @param {StudyRow[]} rows
 * @param {'early' | 'late'} when
 */
export function ordering(rows, when) {
  return rows
    .map((r) => ({
      act: r.act,
      delta: r[when] ? /** @type {PairedSummary} */ (r[when]).mean_diff : 0,
    }))
    .sort((a, b) => (a.delta ?? Infinity) - (b.delta ?? Infinity)); // NaN (diverged) last
}

/**
 * The study as text: one line per variant, then the measured orderings.
 * @param {ReturnType<typeof runStudy>} study
 */
export function studyText(study) {
  const { rows, seeds, steps, early_step: early } = study;
  const pad = (/** @type {string} */ s, /** @type {number} */ n) => s.padEnd(n);
  const lines = [
    `lm study: ${seeds.length} seed(s) (${seeds[0]}..${seeds[seeds.length - 1]}), ${steps} steps; ` +
      `Δ validation loss vs ${REFERENCE} in nats per character, mean [95 % interval]`,
    `(lower / higher: the whole interval is below / above ${REFERENCE}'s; ≈: it holds 0)`,
    `${pad('act', 10)}${pad('params', 8)}${pad(`early (step ${early})`, 32)}late (step ${steps})`,
  ];
  for (const r of rows)
    lines.push(
      `${pad(r.act, 10)}${pad(String(r.params), 8)}${pad(cell(r.early), 32)}${cell(r.late)}`,
    );
  for (const when of /** @type {const} */ (['early', 'late']))
    lines.push(
      `${when}, lowest loss first: ` +
        ordering(rows, when)
          .map((x) => `${x.act} (${x.act === REFERENCE ? '0' : signed(x.delta)})`)
          .join(', '),
    );
  return `${lines.join('\n')}\n`;
}
