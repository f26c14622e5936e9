// `activation-lab lm train|swap|sample|study`: the character Transformer (src/lm/) from the command
// line. Flags -> config JSON (checked by the core) -> runs -> JSON (or text for sample).
import { existsSync, readFileSync } from 'node:fs';
import {
  MODEL_FLAGS,
  activationFlag,
  dataPath,
  experiment,
  finite,
  kindOf,
  loadWeights,
  modelOf,
  readCorpus,
  readScratch,
  readWeights,
  saveWeights,
  shippedWeights,
} from './cli-lm-model.mjs';
import { PARTS_USAGE, partsFlags, partsText, runParts } from './cli-lm-parts.mjs';
import { STUDY_USAGE, runStudy, studyFlags, studyText } from './cli-lm-study.mjs';

/** @typedef {import('./activation-lab').ActivationLab} ActivationLab */
/** @typedef {import('./activation-lab').LmExperiment} LmExperiment */
/** @typedef {{[flag: string]: string | undefined}} Flags */
/** @typedef {import('./cli-lm-model.mjs').Io} Io */

export const LM_USAGE = `  lm train [--act A] [--steps N] [--seed S] [--init FILE] [--save FILE] [--eval-every K]
           [--init-scale bert|gpt2] [--d D] [--layers L] [--heads H] [--ctx T] [--ffn F]
           [--batch B] [--lr R] [--warmup W] [--text FILE]        one run -> JSON
                                            (weight files: safetensors, or JSON if named .json)
  lm swap [--weights FILE] [--from A] --act A --finetune K [--lr R] [--seed S]
          [--sample N [--prompt P] [--temperature T]]             the pretrained swap -> JSON
                                            (--sample: what the model writes before, after the
                                            swap and after fine-tuning, with its word rate)
  lm sample [--weights FILE] [--act A] [--prompt P] [--n 200] [--temperature T] [--seed S]
                                                                  text from a trained model
${PARTS_USAGE}
${STUDY_USAGE}`;

// The word rate is the page's module (web/js/shared/; the package ships it as dist/js/shared/).
const source = new URL('../web/js/shared/', import.meta.url);
const jsDir = existsSync(source) ? source : new URL('../dist/js/shared/', import.meta.url);
/** @type {typeof import('../web/js/shared/word-rate.js')} */
const { parseWordList, wordRate } = await import(new URL('word-rate.js', jsDir).href);

// flag -> config key, for the numeric flags of `lm train`.
/** @type {Record<string, string>} */
const numeric = {
  steps: 'steps',
  seed: 'seed',
  'eval-every': 'eval_every',
  ...MODEL_FLAGS,
  lr: 'lr',
  warmup: 'warmup',
};

/**
 * The flags of each subcommand, as node:util parseArgs options.
 * @type {{[sub in 'train' | 'swap' | 'sample' | 'parts' | 'study']: NonNullable<import('node:util').ParseArgsConfig['options']>}}
 */
export const lmFlags = {
  train: {
    act: { type: 'string' },
    init: { type: 'string' },
    save: { type: 'string' },
    'init-scale': { type: 'string' },
    text: { type: 'string' },
    ...Object.fromEntries(Object.keys(numeric).map((k) => [k, { type: 'string' }])),
  },
  swap: {
    weights: { type: 'string' },
    from: { type: 'string' },
    act: { type: 'string' },
    finetune: { type: 'string' },
    lr: { type: 'string' },
    seed: { type: 'string' },
    sample: { type: 'string' },
    prompt: { type: 'string' },
    temperature: { type: 'string' },
  },
  sample: {
    weights: { type: 'string' },
    act: { type: 'string' },
    prompt: { type: 'string' },
    n: { type: 'string' },
    temperature: { type: 'string' },
    seed: { type: 'string' },
  },
  parts: partsFlags,
  study: studyFlags,
};

/**
 * Runs one `lm` subcommand; io = {readText, writeText, toNumber, fail}. Returns stdout.
 * @param {ActivationLab} M
 * @param {string} sub
 * @param {Flags} o
 * @param {Io} io
 */
export function runLm(M, sub, o, io) {
  if (sub === 'train') return train(M, o, io);
  if (sub === 'swap') return swap(M, o, io);
  if (sub === 'study') {
    const study = runStudy(M, o, io);
    return o.json ? `${JSON.stringify(study)}\n` : studyText(study);
  }
  if (sub === 'parts') {
    const parts = runParts(M, o, io);
    return o.json ? `${JSON.stringify(parts)}\n` : partsText(parts);
  }
  return sample(M, o, io);
}

/**
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 */
function train(M, o, io) {
  /** @type {{[key: string]: string | number}} */
  const config = {};
  if (o.act !== undefined) config.act = activationFlag(M, o.act, '--act', io);
  if (o['init-scale'] !== undefined) config.init = o['init-scale'];
  const limits = JSON.parse(M.lmConfigLimitsJson());
  for (const [flag, key] of Object.entries(numeric)) {
    const value = o[flag];
    if (value !== undefined)
      config[key] = finite(io.toNumber(value, `--${flag}`, kindOf(limits[key])), `--${flag}`, io);
  }
  const error = M.lmValidateConfigJson(JSON.stringify(config));
  if (error) io.fail(`lm train: ${error}`);
  const text = o.text === undefined ? readScratch(M, io) : readCorpus(M, io, o.text, '--text');
  const init = o.init === undefined ? undefined : readWeights(M, io, o.init, '--init');
  const e = experiment(M, config, text, io, 'lm train');
  try {
    if (init !== undefined) loadWeights(e, init, '--init', io);
    let seconds = 0;
    for (;;) {
      const t0 = performance.now();
      const more = e.step(10);
      seconds += (performance.now() - t0) / 1000;
      if (!more) break;
    }
    /** @type {import('./activation-lab').LmEval[]} */
    const evals = JSON.parse(e.historyJson());
    const last = evals.at(-1);
    const report = {
      config: JSON.parse(e.configJson()),
      params: e.paramCount(),
      evals,
      final: { train_loss: last?.train_loss, val_loss: last?.val_loss, status: e.status() },
      seconds: Number(seconds.toFixed(4)),
    };
    if (o.save !== undefined) saveWeights(e, o.save, '--save', io);
    return `${JSON.stringify(report)}\n`;
  } finally {
    e.delete();
  }
}

/**
 * What a model writes from `prompt`, with its word rate beside its validation loss.
 * @param {LmExperiment} e
 * @param {{prompt: string, n: number, temperature: number, seed: number, words: Set<string>}} s
 */
function writes(e, s) {
  const text = e.sample(s.prompt, s.n, s.temperature, s.seed);
  const rate = wordRate(s.prompt, text, s.words);
  return {
    val_loss: JSON.parse(e.evaluateJson()).val_loss,
    word_rate: rate.rate,
    words: rate.words,
    text,
  };
}

/**
 * The --sample, --prompt and --temperature flags of `lm swap`, or null without --sample.
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 * @param {number} seed
 */
function sampling(M, o, io, seed) {
  if (o.sample === undefined) {
    if (o.prompt !== undefined || o.temperature !== undefined)
      io.fail('lm swap: --prompt and --temperature need --sample N');
    return null;
  }
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const range = limits.sample_chars;
  const n = io.toNumber(o.sample, '--sample', kindOf(range));
  if (!(Number.isInteger(n) && n >= range.min && n <= range.max))
    io.fail(`lm swap: --sample must be an integer in [${range.min}, ${range.max}]`);
  const temperature =
    o.temperature === undefined ? 0.8 : io.toNumber(o.temperature, '--temperature');
  const words = parseWordList(readFileSync(dataPath('words.txt'), 'utf8'));
  return { prompt: o.prompt ?? 'The hacker ', n, temperature, seed, words };
}

/**
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 */
function swap(M, o, io) {
  const { act: toFlag, finetune } = o;
  if (toFlag === undefined) return io.fail('lm swap: --act is required');
  if (finetune === undefined) return io.fail('lm swap: --finetune is required (steps, 0 for none)');
  const to = swapTargetFlag(M, toFlag, io);
  const from = activationFlag(M, o.from ?? 'gelu', '--from', io);
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const k = io.toNumber(finetune, '--finetune', 'integer');
  if (!(Number.isInteger(k) && k >= 0 && k <= 100000))
    io.fail('lm swap: --finetune must be an integer in [0, 100000]');
  const lr =
    o.lr === undefined ? limits.swap_defaults.lr : finite(io.toNumber(o.lr, '--lr'), '--lr', io);
  const seed =
    o.seed === undefined
      ? 0
      : finite(io.toNumber(o.seed, '--seed', kindOf(limits.seed)), '--seed', io);
  const samples = sampling(M, o, io, seed);
  const weights = readWeights(
    M,
    io,
    o.weights ?? shippedWeights(M, from, 'lm swap', io),
    '--weights',
  );
  const model = modelOf(M, io, from, weights, 'lm swap');
  const config = { ...model.config, steps: Math.max(1, k), seed, eval_every: Math.max(1, k) };
  const error = M.lmValidateConfigJson(JSON.stringify(config));
  if (error) io.fail(`lm swap: ${error}`);
  // The swapped run and the control: same weights, same batches (same seed), same constant lr.
  // With --sample, the swapped run writes at each of its three stages.
  const arm = (
    /** @type {import('./activation-lab').LmActivationName} */ act,
    /** @type {ReturnType<typeof sampling>} */ s,
  ) => {
    const e = experiment(M, config, model.text, io, 'lm swap');
    try {
      loadWeights(e, weights, '--weights', io);
      const before = JSON.parse(e.evaluateJson()).val_loss;
      /** @type {{[stage: string]: ReturnType<typeof writes>}} */
      const texts = {};
      if (s) texts.pretrained = writes(e, s);
      const swapError = e.setActivation(act);
      if (swapError) io.fail(`lm swap: ${swapError}`);
      const swapped = JSON.parse(e.evaluateJson()).val_loss;
      const zerosSwapped = zeroShares(e);
      if (s) texts.swapped = writes(e, s);
      const lrError = e.setConstantLr(lr);
      if (lrError) io.fail(`lm swap: --lr: ${lrError}`);
      if (k > 0) while (e.step(10));
      if (s) texts.finetuned = writes(e, s);
      return {
        before,
        swapped,
        tuned: JSON.parse(e.evaluateJson()).val_loss,
        zeros: { after_swap: zerosSwapped, after_finetune: zeroShares(e) },
        texts,
      };
    } finally {
      e.delete();
    }
  };
  const swapped = arm(to, samples);
  const control = arm(from, null);
  const sampled = samples && {
    samples: {
      prompt: samples.prompt,
      n: samples.n,
      temperature: samples.temperature,
      seed,
      ...swapped.texts,
    },
  };
  return `${JSON.stringify({
    from,
    to,
    finetune: k,
    lr,
    seed,
    before: swapped.before,
    after_swap: swapped.swapped,
    after_finetune: swapped.tuned,
    control: control.tuned,
    zero_outputs: swapped.zeros,
    ...sampled,
  })}\n`;
}

/**
 * `lm swap --act`: a model's activation or a swap-only one (GELU's parts, the core's
 * swap_only_act).
 * @param {ActivationLab} M
 * @param {string} value
 * @param {Io} io
 * @returns {import('./activation-lab').LmActivationName}
 */
function swapTargetFlag(M, value, io) {
  /** @type {import('./activation-lab').LmActivationName[]} */
  const swapOnly = JSON.parse(M.lmConfigLimitsJson()).swap_only_act;
  return swapOnly.find((n) => n === value) ?? activationFlag(M, value, '--act', io, swapOnly);
}

/**
 * The share of the FFN function's outputs that are exactly 0 on the validation windows, overall
 * and per block (for ReLU: the units it silences), as the core counts them.
 * @param {LmExperiment} e
 */
function zeroShares(e) {
  /** @type {import('./activation-lab').LmFfnStats} */
  const stats = JSON.parse(e.ffnStatsJson());
  return { overall: stats.share_zero_output, blocks: stats.blocks.map((b) => b.share_zero_output) };
}

/**
 * @param {ActivationLab} M
 * @param {Flags} o
 * @param {Io} io
 */
function sample(M, o, io) {
  const act = activationFlag(M, o.act ?? 'gelu', '--act', io);
  const weights = readWeights(
    M,
    io,
    o.weights ?? shippedWeights(M, act, 'lm sample', io),
    '--weights',
  );
  const limits = JSON.parse(M.lmConfigLimitsJson());
  const n = o.n === undefined ? 200 : io.toNumber(o.n, '--n', kindOf(limits.sample_chars));
  const temperature =
    o.temperature === undefined ? 0.8 : io.toNumber(o.temperature, '--temperature');
  const seed = o.seed === undefined ? 0 : io.toNumber(o.seed, '--seed', kindOf(limits.seed));
  const model = modelOf(M, io, act, weights, 'lm sample');
  const e = experiment(M, model.config, model.text, io, 'lm sample');
  try {
    loadWeights(e, weights, '--weights', io);
    return `${e.sample(o.prompt ?? '', n, temperature, seed)}\n`;
  } finally {
    e.delete();
  }
}
